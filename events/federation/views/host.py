"""The host's federation pages (`clubsite.host_urls`, `CLUBS=many` only): the clubs, the calendar, the search of
results across clubs, the season ladder. Each asks its selector; bad input gets a page saying what was wrong."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from club.limits import MAX_ID
from club.numbers import whole_number
from events.federation.forms.search import ResultSearchForm
from events.federation.selectors.clubs import (
    club_choices,
    clubs_page,
    month_sessions,
    month_start,
    next_month,
    previous_month,
)
from events.federation.selectors.ladder import ladder_page, ladder_seasons
from events.federation.selectors.ladder_rule import ladder_rule
from events.federation.selectors.search import search_results

RESULTS_PER_PAGE = 25


def refused(request: HttpRequest, message: str, status: int = 404) -> HttpResponse:
    return render(request, "club/host_refused.html", {"message": message}, status=status)


def clubs(request: HttpRequest) -> HttpResponse:
    """Every club with its sessions' number, its last and next session."""
    page, rows = clubs_page(request.GET.get("page"), timezone.localdate())
    return render(request, "club/host_clubs.html", {"page": page, "rows": rows})


def calendar(request: HttpRequest, year: int | None = None, month: int | None = None) -> HttpResponse:
    """A month of every club's published sessions (this month without one), of one club if asked (`?club=`)."""
    today = timezone.localdate()
    first = month_start(today.year, today.month) if year is None else month_start(year, month)
    if first is None:
        return refused(request, _("There is no such month in the calendar."))
    choices = club_choices()
    club = request.GET.get("club", "")
    if club and club not in dict(choices):
        return refused(request, _("There is no club with this short name."))
    page, days = month_sessions(first, club or None, request.GET.get("page"))
    before, after = previous_month(first), next_month(first)
    return render(
        request,
        "club/host_calendar.html",
        {
            "month": first,
            "previous": before if month_start(before.year, before.month) else None,
            "next": after if month_start(after.year, after.month) else None,
            "choices": choices,
            "club": club,
            "page": page,
            "days": days,
        },
    )


def search(request: HttpRequest) -> HttpResponse:
    """Results across clubs by a player's name and/or a session's name; the form alone when nothing was asked."""
    if not request.GET.keys() & {"player", "event"}:
        return render(request, "club/host_search.html", {"form": ResultSearchForm()})
    form = ResultSearchForm(request.GET)
    if not form.is_valid():
        return render(request, "club/host_search.html", {"form": form}, status=400)
    found, more = search_results(player=form.cleaned_data["player"], event=form.cleaned_data["event"])
    page = Paginator(found, RESULTS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "club/host_search.html", {"form": form, "page": page, "more": more, "searched": True})


def ladder(request: HttpRequest) -> HttpResponse:
    """The season's ladder (this season without `?season=`), its rule stated."""
    rule = ladder_rule()
    seasons = ladder_seasons(rule, timezone.localdate())
    season = whole_number(request.GET.get("season"), 0, MAX_ID) if "season" in request.GET else seasons[0]
    if season not in seasons:
        return refused(request, _("There is no ladder for this season."))
    return render(
        request, "club/host_ladder.html", {"ladder": ladder_page(rule, season, seasons, request.GET.get("page"))}
    )
