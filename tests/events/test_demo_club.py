import datetime
import io

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import RequestFactory

from club.demo import DIRECTOR_PASSWORD, MEMBERS
from club.models import Member
from events.models import Pair, Session, TravellerLine
from events.plans import section_plan
from tests.builders.accounts import directors_group
from tests.builders.module_data import built_once_per_module
from tests.builders.sessions import assert_current

pytestmark = pytest.mark.slow  # the whole demo club is loaded


@pytest.fixture(autouse=True)
def _directors_group(db):
    # The group comes from a data migration; a transactional test run before on this worker may have flushed it.
    directors_group()


def _demo_loaded_twice() -> None:
    directors_group()
    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo", stdout=io.StringIO())  # the second changes nothing (the first test)


# The demo as `make run` leaves it, loaded once for the tests that read it (the first and the last load it their
# own way: loading is idempotent, so they pass with it loaded or not).
demo_loaded = built_once_per_module(_demo_loaded_twice)


def test_load_demo_twice_creates_everything_once(db):
    first, second = io.StringIO(), io.StringIO()
    call_command("load_demo", stdout=first)
    call_command("load_demo", stdout=second)
    assert Member.objects.count() == len(MEMBERS)
    assert DIRECTOR_PASSWORD in first.getvalue()
    # The login throttling (django-axes) needs the request, as every login page gives it.
    director = authenticate(RequestFactory().post("/accounts/login/"), username="director", password=DIRECTOR_PASSWORD)
    assert director is not None and director.has_perm("events.direct_sessions")


def test_demo_sessions_are_finished_and_fully_scored(demo_loaded, db):
    sessions = Session.objects.all()
    assert {(s.name, s.status) for s in sessions} == {("Monday Mitchell", "final"), ("Thursday Howell", "final")}
    for session in sessions:
        section = session.sections.get()
        assert TravellerLine.objects.filter(board__section=section).count() == len(section_plan(section).schedule)
    assert not TravellerLine.objects.filter(ns_points__isnull=True).exists()


def test_demo_has_finished_teams_events(demo_loaded, db):
    from teams.models import TeamEvent

    events = TeamEvent.objects.all()
    assert sorted(event.format for event in events) == ["round-robin", "swiss"]
    assert all(event.status == "final" for event in events)


def test_demo_sessions_have_their_standings_stored(demo_loaded, db):
    for session in Session.objects.all():
        assert_current(session)  # stored on the pairs once, after every line was entered


def test_every_demo_pair_is_two_members(demo_loaded, db):
    for session in Session.objects.all():
        pairs = list(session.sections.get().pairs.all())
        assert pairs and all(pair.player1_id and pair.player2_id for pair in pairs), session.name
    assert not Pair.objects.exclude(player1_guest="", player2_guest="").exists()


def test_a_second_load_counts_only_the_demo_sessions(db):
    call_command("load_demo", stdout=io.StringIO())
    director_user = User.objects.get(username="director")  # the demo's
    Session.objects.create(name="Tonight", date=datetime.date(2026, 12, 1), director=director_user)
    Session.objects.create(name="Tomorrow", date=datetime.date(2026, 12, 2), director=director_user)
    second = io.StringIO()
    call_command("load_demo", stdout=second)
    assert "2 sessions" in second.getvalue()
    assert Session.objects.count() == 4
