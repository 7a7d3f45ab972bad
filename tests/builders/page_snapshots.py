"""The hot public pages of a fixed club, for the byte-for-byte comparison of `tests/events/test_page_bytes.py`.

The club: the demo club (members, accounts, two sessions, two teams events), the hand-worked Mitchell with its
deals analysed (a pass, an adjusted score, a board not played, a guest, masterpoints, lines against par), a
two-section Butler session, a cross-IMPs Howell and a free-entry section where a pair sits a board out. Every
page is made afresh (no page cache), anonymously and as the demo's player, in English and in Spanish.
"""

from __future__ import annotations

import datetime
import io
import re
from collections import Counter
from decimal import Decimal

from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from club.models import Member
from events.entry.services.sit_outs import add_sit_out
from events.models import Pair, Section, Session
from events.setup.services.setup import prepare_section
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.hands import dealt
from tests.builders.sessions import fill_session, free_entry_session, made_final


def imps_session(name: str, scoring: str, letters: tuple[str, ...], kind: str, date: datetime.date) -> Session:
    session = Session.objects.create(name=name, date=date, scoring=scoring)
    for letter in letters:
        section = Section.objects.create(session=session, letter=letter, kind=kind, tables=4, boards_per_round=2)
        prepare_section(section=section)
    fill_session(session)
    return made_final(session)


def build_club() -> dict[str, Session]:
    call_command("load_demo", stdout=io.StringIO())
    mitchell, section = build_hand_mitchell()
    dealt(mitchell)
    Pair.objects.filter(section=section, number=3, direction="NS").update(
        masterpoints=Decimal("1.50"), masterpoint_type="GREEN"
    )
    free = free_entry_session(final=False)
    free_section = free.sections.get()
    add_sit_out(board=free_section.boards.get(number=3), pair=free_section.pairs.get(number=2, direction="NS"))
    return {
        "demo": Session.objects.get(name="Monday Mitchell"),
        "howell": Session.objects.get(name="Thursday Howell"),
        "mitchell": mitchell,
        "butler": imps_session("Butler teams of pairs", "butler", ("A", "B"), "mitchell", datetime.date(2026, 11, 10)),
        "cross": imps_session("Cross-IMP Howell", "cross-imps", ("A",), "howell", datetime.date(2026, 11, 11)),
        "free": made_final(free),
    }


def session_pages(name: str, session: Session, every: bool) -> dict[str, str]:
    """The session's ranking, and its travellers and scorecards: every one, or the first three and two a section."""
    boards, pairs = (None, None) if every else (3, 2)
    pages = {f"{name} ranking": reverse("events:session", args=[session.pk])}
    for section in session.sections.order_by("letter"):
        for board in section.boards.order_by("number")[:boards]:
            key = f"{name} {section.letter} board {board.number}"
            pages[key] = reverse("events:board_traveller", args=[session.pk, section.pk, board.number])
        for pair in section.pairs.order_by("direction", "number")[:pairs]:
            key = f"{name} {section.letter} pair {pair.label}"
            pages[key] = reverse("events:pair_scorecard", args=[session.pk, pair.pk])
    return pages


def page_urls(sessions: dict[str, Session]) -> dict[str, str]:
    """Every page compared, by a name that is also its snapshot's file name."""
    pages = {"home": reverse("events:home"), "home 2026 november": reverse("events:home") + "?year=2026&month=11"}
    for name, session in sessions.items():
        pages.update(session_pages(name, session, every=name in ("mitchell", "free")))
    pages["demo ranking by names"] = reverse("events:session", args=[sessions["demo"].pk]) + "?a-ns-sort=-names"
    played = Counter(
        member for pair in Pair.objects.values_list("player1_id", "player2_id") for member in pair if member
    )
    busiest = min(played, key=lambda member: (-played[member], member))
    ana = Member.objects.get(first_name="Ana", last_name="García").pk
    for member in sorted({busiest, ana}):
        pages[f"member {member}"] = reverse("events:member_detail", args=[member])
    return pages


CSRF_TOKEN = re.compile(rb'(name="csrfmiddlewaretoken" value=)"[^"]*"')


def render_pages(sessions: dict[str, Session], user=None, languages=("en", "es")) -> dict[str, bytes]:
    """Each page's bytes, by '<language> <name>'."""
    client = Client()
    if user is not None:
        client.force_login(user)
    found = {}
    for language in languages:
        client.cookies["django_language"] = language
        for name, url in page_urls(sessions).items():
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200, (url, response.status_code)
            # A logged-in page's logout form carries a CSRF token, masked afresh on every page.
            found[f"{language} {name}"] = CSRF_TOKEN.sub(b'\\1"(token)"', response.content)
    return found
