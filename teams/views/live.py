"""The director's live view of a teams event's round (teams.selectors.live): the page, its changing part fetched
every few seconds by static/js/live.js (the pairs sessions' live view uses the same script), and a room's
correction request marked done."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from club.access import director_required
from club.numbers import whole_number
from teams.models import TeamEvent
from teams.selectors.live import LiveRound, round_live
from teams.selectors.lookup import event_or_404, room_correction
from teams.services.table_entry import resolve_room_correction


def _live(request: HttpRequest, event: TeamEvent) -> LiveRound | None:
    """The round asked for (`?round=N`), or the current one; a round that is not a number or has no match: 404."""
    asked = request.GET.get("round")
    round_ = whole_number(asked, 1, 999)
    if asked is not None and round_ is None:
        raise Http404("No such round.")
    live = round_live(event, round_)
    if live is None and round_ is not None:
        raise Http404("No match is played in this round.")
    return live


@never_cache
@director_required
@require_GET
def live_view(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_or_404(event_id)
    live = _live(request, event)
    grid_url = reverse("teams:live_grid", args=[event.pk]) + (f"?round={live.round}" if live else "")
    return render(request, "teams/director/live_view.html", {"event": event, "live": live, "grid_url": grid_url})


@never_cache
@director_required
@require_GET
def live_grid(request: HttpRequest, event_id: int) -> HttpResponse:
    """The live view's changing part alone: the page fetches it every few seconds."""
    event = event_or_404(event_id)
    live = _live(request, event)
    if live is None:
        raise Http404("No match is played yet.")
    return render(request, "teams/director/includes/live_grid.html", {"event": event, "live": live})


@director_required
@require_POST
def correction_done(request: HttpRequest, request_id: int) -> HttpResponse:
    correction = room_correction(request_id)
    resolve_room_correction(correction=correction)
    messages.success(request, _("Correction request closed."))
    url = reverse("teams:live_view", args=[correction.match.event_id])
    return redirect(f"{url}?round={correction.match.round}")
