"""Builders for teams events entered through the services, as a director would."""

import datetime

import pytest

from teams.models import Match, TeamEvent
from teams.room_results import read_room
from teams.services import rounds
from teams.services.matches import save_results
from teams.services.rosters import PlayerEntry, save_team


def _make_event(teams=4, start=True, **settings):
    """An event with `teams` teams of four guests each (named T1, T2 ...), started unless told not to."""
    settings = {"name": "Test teams", "date": datetime.date(2026, 5, 7), "format": TeamEvent.Format.ROUND_ROBIN,
                "boards_per_match": 2, **settings}
    event = TeamEvent.objects.create(**settings)
    for number in range(1, teams + 1):
        players = [PlayerEntry(guest_name=f"Player {number}{seat}", captain=seat == "a") for seat in "abcd"]
        save_team(event, f"T{number}", players)
    if start:
        rounds.start_event(event)
    return event


def _match_of(event, round_, home, away=None) -> Match:
    """The match of round `round_` between teams named `home` and `away` (either way round)."""
    for match in event.matches.filter(round=round_).select_related("home", "away", "event"):
        names = {match.home.name, match.away.name if match.away else None}
        if names == {home, away}:
            return match
    raise AssertionError(f"no match {home} v {away} in round {round_}")


def _enter(match, boards):
    """boards: {board: (room 1 (contract, declarer, tricks), room 2 (...))} saved in one go."""
    changes = {}
    for board, rooms in boards.items():
        for room, typed in enumerate(rooms, start=1):
            changes[board, room] = read_room(board, *typed)
    return save_results(match, changes)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The users of tests/conftest.py are made with the slow production hasher; these tests log in with
    # force_login, so a fast hasher changes nothing they check.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def make_event(db):
    """make_event(teams=4, start=True, **TeamEvent fields)."""
    return _make_event


@pytest.fixture
def enter():
    """enter(match, {board: ((contract, declarer, tricks), (contract, declarer, tricks))})."""
    return _enter


@pytest.fixture
def find_match():
    """find_match(event, round, home_name, away_name or None) → the match, either way round."""
    return _match_of
