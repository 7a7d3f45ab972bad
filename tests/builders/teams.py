"""Teams events entered through the services, as a director would."""

import datetime

import pytest

from teams.models import Match, TeamEvent
from teams.room_results import read_room
from teams.services import rounds
from teams.services.matches import save_results
from teams.services.rosters import PlayerEntry, save_team


def make_event(teams=4, start=True, **settings):
    """An event of round-robin matches of 2 boards unless `settings` (TeamEvent fields) say otherwise, started
    unless told not to.

    `teams` is how many teams, named T1, T2 ... with players "Player 1a" to "Player 1d" (captain "a"), or the
    teams' names, with players "<name> 1" to "<name> 4" (captain 1).
    """
    settings = {
        "name": "Test teams",
        "date": datetime.date(2026, 5, 7),
        "format": TeamEvent.Format.ROUND_ROBIN,
        "boards_per_match": 2,
        **settings,
    }
    event = TeamEvent.objects.create(**settings)
    if isinstance(teams, int):
        for number in range(1, teams + 1):
            players = [PlayerEntry(guest_name=f"Player {number}{seat}", captain=seat == "a") for seat in "abcd"]
            save_team(event=event, name=f"T{number}", players=players)
    else:
        for name in teams:
            save_team(
                event=event,
                name=name,
                players=[PlayerEntry(guest_name=f"{name} {i}", captain=i == 1) for i in range(1, 5)],
            )
    if start:
        rounds.start_event(event=event)
    return event


def find_match(event, round_, home, away=None) -> Match:
    """The match of round `round_` between teams named `home` and `away` (either way round)."""
    for match in event.matches.filter(round=round_).select_related("home", "away", "event"):
        names = {match.home.name, match.away.name if match.away else None}
        if names == {home, away}:
            return match
    raise AssertionError(f"no match {home} v {away} in round {round_}")


def enter_match(match, boards):
    """boards: {board: (room 1 (contract, declarer, tricks), room 2 (...))} saved in one go."""
    changes = {}
    for board, rooms in boards.items():
        for room, typed in enumerate(rooms, start=1):
            changes[board, room] = read_room(board, *typed)
    return save_results(match=match, changes=changes)


@pytest.fixture(name="make_event")
def make_event_fixture(db):
    """make_event(teams=4, start=True, **TeamEvent fields)."""
    return make_event


@pytest.fixture(name="enter_match")
def enter_match_fixture():
    """enter_match(match, {board: ((contract, declarer, tricks), (contract, declarer, tricks))})."""
    return enter_match


@pytest.fixture(name="find_match")
def find_match_fixture():
    """find_match(event, round, home_name, away_name or None) → the match, either way round."""
    return find_match
