"""The Content-Security-Policy the site sends, and the main pages to check it on (plain and browser tests)."""

import datetime

from django.urls import reverse

from club.models import Member
from teams.models import TeamEvent
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.teams import make_event

# The policy as directives, whatever their order in the header.
POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
    "base-uri": "'self'",
    "object-src": "'none'",
}
MOVEMENT = "?kind=mitchell&tables=5"


def directives(header: str) -> dict[str, str]:
    """A Content-Security-Policy header as {directive: its sources}."""
    parts = [part.strip().split(None, 1) for part in header.split(";") if part.strip()]
    return {part[0]: part[1] if len(part) > 1 else "" for part in parts}


def main_pages() -> dict[str, str]:
    """The public and director pages that need data: a pairs session, a member, a teams match."""
    session, section = build_hand_mitchell()
    pair = section.pairs.order_by("pk").first()
    member = Member.objects.order_by("pk").first()
    event = make_event(
        ("Hearts", "Spades"),
        name="Friday match",
        date=datetime.date(2026, 6, 5),
        format=TeamEvent.Format.MATCH,
        boards_per_match=2,
    )
    match = event.matches.get()
    return {
        "home": reverse("events:home"),
        "ranking": reverse("events:session", args=[session.pk]),
        "traveller": reverse("events:board_traveller", args=[session.pk, section.pk, 2]),
        "scorecard": reverse("events:pair_scorecard", args=[session.pk, pair.pk]),
        "member": reverse("events:member_detail", args=[member.pk]),
        "members": reverse("club:members"),
        "director": reverse("events:director"),
        "session set-up": reverse("events:session_setup", args=[session.pk]),
        "pairs": reverse("events:session_pairs", args=[session.pk]),
        "traveller entry": reverse("events:traveller_entry", args=[session.pk, section.pk, 1]),
        "checks": reverse("events:session_checks", args=[session.pk]),
        "teams standings": reverse("teams:standings", args=[event.pk]),
        "teams scorecard": reverse("teams:scorecard", args=[match.pk]),
        "teams set-up": reverse("teams:event_setup", args=[event.pk]),
        "match entry": reverse("teams:match_entry", args=[match.pk]),
        "movements": reverse("movements:index"),
        "movement preview": reverse("movements:preview") + MOVEMENT,
        "table cards": reverse("movements:table_cards") + MOVEMENT,
        "guide cards": reverse("movements:guide_cards") + MOVEMENT,
    }
