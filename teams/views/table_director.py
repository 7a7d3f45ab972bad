"""Director pages of a teams event's table entry: the switch, each match's two rooms' sides with their links and
QR codes (made by club.table_entry.qr_response: no outside service), a printable sheet, and the settling of a
room's disagreement."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from club.access import director_required
from club.live_states import DEFAULT_LATE_MINUTES
from club.table_entry import qr_response
from teams.selectors.lookup import event_or_404, event_table_entry, played_match_or_404, typed_room_result
from teams.selectors.table_entry import ROOMS, SIDES, room_links, room_path
from teams.services.table_entry import set_team_table_entry, settle_room_disagreement


class SettleRoomForm(forms.Form):
    """The director settles a room's disagreement: the result of one side (the version the grid showed)."""

    side = forms.ChoiceField(choices=[("NS", gettext_lazy("North-South")), ("EW", gettext_lazy("East-West"))])
    version = forms.IntegerField(min_value=1)


class RoomsSwitchForm(forms.Form):
    is_open = forms.BooleanField(label=gettext_lazy("Table entry open"), required=False)
    late_minutes = forms.IntegerField(
        label=gettext_lazy("A room is late after (minutes without a board confirmed)"),
        min_value=1,
        max_value=240,
        required=False,
        help_text=gettext_lazy("The live view marks such a room late. Empty: unchanged."),
    )


@director_required
def event_tables(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_or_404(event_id)
    entry = event_table_entry(event.pk)
    initial = {
        "is_open": bool(entry and entry.is_open),
        "late_minutes": entry.late_minutes if entry else DEFAULT_LATE_MINUTES,
    }
    form = RoomsSwitchForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            set_team_table_entry(
                event=event, is_open=form.cleaned_data["is_open"], late_minutes=form.cleaned_data["late_minutes"]
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Table entry saved."))
            return redirect("teams:event_tables", event_id=event.pk)
    links = [(link, request.build_absolute_uri(link.path)) for link in room_links(event)]
    template = "teams/director/room_sheet.html" if request.GET.get("sheet") else "teams/director/event_tables.html"
    return render(
        request,
        template,
        {"event": event, "form": form, "entry": entry, "links": links},
        status=400 if form.is_bound else 200,
    )


@director_required
def room_qr(request: HttpRequest, match_id: int, room: int, side: str) -> HttpResponse:
    """The link of a room's side as a QR code (SVG)."""
    match = played_match_or_404(match_id)
    entry = event_table_entry(match.event_id)
    if entry is None or not entry.key or room not in ROOMS or side.upper() not in SIDES:
        raise Http404("No such room link.")
    url = request.build_absolute_uri(room_path(entry, match.pk, room, side.upper()))
    return qr_response(url)


@director_required
@require_POST
def settle_room(request: HttpRequest, typed_id: int) -> HttpResponse:
    """The director settles a room's disagreement: one side's result becomes the room's result."""
    typed = typed_room_result(typed_id)
    form = SettleRoomForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the result of North-South or of East-West."))
    else:
        try:
            settle_room_disagreement(
                typed=typed, side=form.cleaned_data["side"], version=form.cleaned_data["version"], user=request.user
            )
            messages.success(request, _("Disagreement settled."))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
    url = reverse("teams:live_view", args=[typed.match.event_id])
    return redirect(f"{url}?round={typed.match.round}")
