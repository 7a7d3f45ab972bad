"""The host's reads of every club (issue 31 item 4, `CLUBS=many`): the clubs with their sessions, a month's calendar,
and the links into each club's own pages. Each read runs in `all_clubs()` and is evaluated there (the managers narrow
when a query runs), in a fixed number of queries whatever the number of clubs. Only published sessions are read: a
session in progress is its club's directors' alone, here as on the club's pages."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.db.models import Count, IntegerField, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse

from club.models import Club
from club.tenancy import all_clubs
from events.models import Session

CLUBS_PER_PAGE = 50
ENTRIES_PER_PAGE = 100
FIRST_YEAR, LAST_YEAR = 1900, 2199  # the calendar's months: a year outside is no month of it


def club_url(short_name: str, name: str, *args: int) -> str:
    """The address of a club's page (`name`: its URL name, as in the club's own URL conf) below its prefix."""
    return f"/c/{short_name}{reverse(name, args=args, urlconf=settings.ROOT_URLCONF)}"


@dataclass(frozen=True)
class SessionLink:
    session_id: int
    name: str
    date: datetime.date
    club_short_name: str
    club_name: str = ""

    @property
    def url(self) -> str:
        return club_url(self.club_short_name, "events:session", self.session_id)


@dataclass(frozen=True)
class ClubRow:
    name: str
    short_name: str
    sessions: int
    last: SessionLink | None
    next: SessionLink | None

    @property
    def url(self) -> str:
        return f"/c/{self.short_name}/"


def clubs_page(page_number: str | None, today: datetime.date) -> tuple[Page, list[ClubRow]]:
    """A page of the clubs, by name, each with its published sessions' number, its last session (dated today or
    before) and its next (after today). Three queries: the count, the page's clubs with their figures, the names of
    their sessions."""
    with all_clubs():
        published = Session.objects.published().filter(club=OuterRef("pk")).order_by()
        clubs = Club.objects.order_by("name", "pk").annotate(
            sessions=Coalesce(
                Subquery(published.values("club").annotate(n=Count("pk")).values("n"), output_field=IntegerField()), 0
            ),
            last_id=Subquery(published.filter(date__lte=today).order_by("-date", "-pk").values("pk")[:1]),
            next_id=Subquery(published.filter(date__gt=today).order_by("date", "pk").values("pk")[:1]),
        )
        page = Paginator(clubs.values("name", "short_name", "sessions", "last_id", "next_id"), CLUBS_PER_PAGE)
        page = page.get_page(page_number)
        found = list(page.object_list)
        ids = [club[key] for club in found for key in ("last_id", "next_id") if club[key]]
        named = (
            {row[0]: row for row in Session.objects.filter(pk__in=ids).values_list("pk", "name", "date")} if ids else {}
        )

    def link(club: dict, session_id: int | None) -> SessionLink | None:
        row = named.get(session_id)
        return SessionLink(row[0], row[1], row[2], club["short_name"]) if row else None

    rows = [
        ClubRow(
            club["name"], club["short_name"], club["sessions"], link(club, club["last_id"]), link(club, club["next_id"])
        )
        for club in found
    ]
    return page, rows


def month_start(year: int, month: int) -> datetime.date | None:
    """The first day of the month, or None for no month of the calendar."""
    if not (FIRST_YEAR <= year <= LAST_YEAR and 1 <= month <= 12):
        return None
    return datetime.date(year, month, 1)


def next_month(first: datetime.date) -> datetime.date:
    return datetime.date(first.year + first.month // 12, first.month % 12 + 1, 1)


def previous_month(first: datetime.date) -> datetime.date:
    return (first - datetime.timedelta(days=1)).replace(day=1)


def club_choices() -> list[tuple[str, str]]:
    """(short name, name) of every club, by name: the calendar's filter. One query."""
    return list(Club.objects.order_by("name", "pk").values_list("short_name", "name"))


@dataclass(frozen=True)
class CalendarDay:
    day: datetime.date
    sessions: list[SessionLink]


def month_sessions(
    first: datetime.date, short_name: str | None, page_number: str | None
) -> tuple[Page, list[CalendarDay]]:
    """A page of the month's published sessions (of one club, by its short name, if given), by day, club and name,
    grouped by day. Two queries: the count and the page."""
    with all_clubs():
        sessions = Session.objects.published().filter(date__gte=first, date__lt=next_month(first))
        if short_name:
            sessions = sessions.filter(club__short_name=short_name)
        rows = sessions.order_by("date", "club__name", "name", "pk").values_list(
            "pk", "name", "date", "club__short_name", "club__name"
        )
        page = Paginator(rows, ENTRIES_PER_PAGE).get_page(page_number)
        found = [SessionLink(*row) for row in page.object_list]
    days: list[CalendarDay] = []
    for link in found:
        if not days or days[-1].day != link.date:
            days.append(CalendarDay(link.date, []))
        days[-1].sessions.append(link)
    return page, days
