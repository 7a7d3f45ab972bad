"""A small published club: a final pairs session of members, a played teams event, a rubber evening and season;
`public_urls` lists every public page a visitor can read of it (a pytest plugin, for site-wide page tests)."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from club.models import Member
from events.checks.services.fixes import set_status as set_session_status
from events.models import Session
from events.setup.services.setup import PlayersTyped, set_players
from events.standings.services.member_summaries import refresh_stale_member_summaries
from rubber.models import Season
from teams.models import TeamEvent
from teams.services.matches import set_event_status
from tests.builders.module_data import built_once_per_module
from tests.builders.rubber import EVENING, play, start
from tests.builders.sessions import club_night, enter_all
from tests.builders.teams import enter_match, make_event


def published_session() -> Session:
    """A provisional 3-table Mitchell of 6 boards (published, still open to corrections: a final one is
    read-only), every line 3NT= except board 1 at table 1 (4S=), its pairs members."""
    session, section = club_night()
    members = [Member.objects.create(first_name=f"First{n}", last_name=f"Last{n}") for n in range(12)]
    pairs = list(section.pairs.order_by("direction", "number"))
    set_players(
        typed=[PlayersTyped(pair, str(members[2 * i]), str(members[2 * i + 1])) for i, pair in enumerate(pairs)]
    )
    enter_all(section)
    until = timezone.now() + datetime.timedelta(days=2)
    set_session_status(session=session, status=Session.Status.PROVISIONAL, corrections_until=until)
    refresh_stale_member_summaries()  # the task the publication enqueued, run as the worker does
    return session


def played_event() -> TeamEvent:
    event = make_event(teams=3)
    for match in event.matches.filter(away__isnull=False):
        enter_match(match, {b: (("4S", "N", "10"), ("4S", "N", "9")) for b in match.board_numbers(2)})
    set_event_status(event=event, status=TeamEvent.Status.FINAL)
    return event


def public_urls(session: Session, event: TeamEvent, rubber) -> dict[str, str]:
    """Every public page of the session, the event and the club, by a short name."""
    section = session.sections.get()
    pair = section.pairs.filter(player1__isnull=False).first()
    match = event.matches.filter(away__isnull=False).first()
    season = Season.objects.first()
    return {
        "home": reverse("events:home"),
        "home by year": reverse("events:home") + f"?year={session.date.year}",
        "members": reverse("club:members"),
        "ranking": reverse("events:session", args=[session.pk]),
        "traveller": reverse("events:board_traveller", args=[session.pk, section.pk, 1]),
        "scorecard": reverse("events:pair_scorecard", args=[session.pk, pair.pk]),
        "member": reverse("events:member_detail", args=[pair.player1_id]),
        "ranking csv": reverse("events:ranking_csv", args=[session.pk]),
        "traveller csv": reverse("events:traveller_csv", args=[session.pk, section.pk, 1]),
        "teams events": reverse("teams:events"),
        "teams standings": reverse("teams:standings", args=[event.pk]),
        "teams cross-table": reverse("teams:cross_table", args=[event.pk]),
        "teams round": reverse("teams:round", args=[event.pk, 1]),
        "teams scorecard": reverse("teams:scorecard", args=[match.pk]),
        "team": reverse("teams:team", args=[event.teams.first().pk]),
        "rubber": reverse("rubber:index"),
        "rubber evening": reverse("rubber:evening", args=[EVENING.isoformat()]),
        "rubber season": reverse("rubber:season", args=[season.pk]),
        "rubber sheet": reverse("rubber:pad", args=[rubber.pk]),
    }


def build_published_club(scorer) -> tuple[Session, TeamEvent, dict[str, str]]:
    session, event = published_session(), played_event()
    rubber_members = [Member.objects.create(first_name=name, last_name="Pad") for name in ("Ana", "Eva", "Sara", "Ola")]
    rubber = play(start(scorer, rubber_members), [("We", "4S", 10, None), ("We", "4H", 10, None)])
    Season.objects.create(name="Autumn 2026", starts=datetime.date(2026, 9, 1), ends=datetime.date(2026, 12, 31))
    return session, event, public_urls(session, event, rubber)


@pytest.fixture
def published_club(db, player_user):
    """(session, event, urls): the published club and its public pages by name."""
    return build_published_club(player_user)


def _published_ids() -> tuple[int, int, dict[str, str]]:
    scorer = User.objects.create_user("scorer", first_name="Sam", last_name="Scorer")
    session, event, urls = build_published_club(scorer)
    return session.pk, event.pk, urls


# The published club built once for all the tests of a module (tests/builders/module_data.py), for those that run
# many writes against the same club (every service, every admin change form): (session id, event id, urls).
published_club_of_module = built_once_per_module(_published_ids)


@pytest.fixture
def published_club_kept(published_club_of_module, db):
    """`published_club`'s (session, event, urls), from the module's one build (`published_club_of_module`): a
    module whose tests only read the club, or write and roll back, takes it by naming it `published_club`."""
    session_id, event_id, urls = published_club_of_module
    return Session.objects.get(pk=session_id), TeamEvent.objects.get(pk=event_id), urls
