"""What the public pages look up before they read a page's data: the session, a section, the boards' numbers,
the home page's list of published sessions (a 404 when there is none)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Max, Min, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from events.models import Board, Section, Session


def public_session(session_id: int) -> Session:
    """The session with its table entry (whether its live results are on)."""
    return get_object_or_404(Session.objects.select_related("table_entry"), pk=session_id)


def session_section(session: Session, section_id: int) -> tuple[Section, list[Section]]:
    """The session's section `section_id` (a 404 when the session has none of that id) and all the session's
    sections in the order of their letters, the section among them, each with `session` set: one query (a session
    has at most 26 sections)."""
    sections = list(Section.objects.select_related("custom_movement").filter(session=session).order_by("letter"))
    for section in sections:
        section.session = session
    for section in sections:
        if section.pk == section_id:
            return section, sections
    raise Http404("No such section in this session.")


def board_numbers(session: Session) -> dict[int, list[int]]:
    """{section id: its boards' numbers, in order} of every section of the session."""
    numbers: dict[int, list[int]] = {}
    rows = Board.objects.filter(section__session=session).order_by("number").values_list("section_id", "number")
    for section_id, number in rows:
        numbers.setdefault(section_id, []).append(number)
    return numbers


@dataclass(frozen=True)
class HomeSessions:
    """The home page's published sessions, of the year and month asked when the site has sessions then."""

    sessions: QuerySet
    years: list[int]
    year: int | None
    month: int | None


def home_sessions(year: int | None, month: int | None) -> HomeSessions:
    published = Session.objects.published()
    span = published.aggregate(first=Min("date"), last=Max("date"))
    years = list(range(span["last"].year, span["first"].year - 1, -1)) if span["first"] else []
    year = year if year in years else None
    month = month if year else None
    sessions = published
    if year and month:
        start = datetime.date(year, month, 1)
        end = datetime.date(year + month // 12, month % 12 + 1, 1)
        sessions = sessions.filter(date__gte=start, date__lt=end)
    elif year:
        sessions = sessions.filter(date__gte=datetime.date(year, 1, 1), date__lt=datetime.date(year + 1, 1, 1))
    return HomeSessions(sessions.only("id", "name", "date", "status", "scoring"), years, year, month)
