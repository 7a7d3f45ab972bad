"""The demo club's teams events: a finished Swiss teams night (6 teams, 3 rounds) and a finished
round robin (4 teams), entered through the services with made-up but plausible board results.

`load_teams_demo()` is idempotent: an event that already exists (by name) is left alone.
"""

from __future__ import annotations

import datetime
import random
from decimal import Decimal

from django.db import transaction

from club.demo import demo_members
from club.models import Member
from teams.models import Adjustment, Match, TeamEvent
from teams.room_results import read_room
from teams.services import rounds
from teams.services.matches import add_adjustment, save_results, set_event_status
from teams.services.rosters import PlayerEntry, save_team

SWISS_NAME = "Spring Swiss Teams"
ROUND_ROBIN_NAME = "Winter Teams League"
SWISS_TEAMS = ["Aces", "Kings", "Queens", "Jacks", "Tens", "Nines"]
ROUND_ROBIN_TEAMS = ["North Stars", "Grand Slammers", "Finessers", "Squeezers"]
GUESTS = [
    "Alex Guest",
    "Sam Visitor",
    "Robin Friend",
    "Chris Newcomer",
    "Jo Traveller",
    "Max Weekend",
    "Lee Holiday",
    "Kim Sunday",
]
CONTRACTS = ["4S", "3NT", "4H", "2S", "3C", "1NT", "5D", "6S", "2H", "3NT", "4SX", "2D"]


def _players(members: list[Member], guests: list[str]) -> list[PlayerEntry]:
    players = [PlayerEntry(member=member) for member in members] + [PlayerEntry(guest_name=g) for g in guests]
    return [PlayerEntry(p.member, p.guest_name, captain=index == 0) for index, p in enumerate(players)]


def _room(rng: random.Random, board: int, like=None):
    if like is not None and rng.random() < 0.75:
        contract, declarer = like
    else:
        contract, declarer = rng.choice(CONTRACTS), rng.choice("NESW")
    level = int(contract[0])
    tricks = min(13, level + 6 + rng.choice([-2, -1, 0, 0, 0, 1, 1]))
    return (contract, declarer), read_room(board, contract, declarer, str(tricks))


def _play_round(event: TeamEvent, round_: int, rng: random.Random) -> None:
    for match in event.matches.filter(round=round_, away__isnull=False).order_by("table"):
        match.event = event
        changes = {}
        for board in match.board_numbers(event.boards_per_match):
            first, changes[board, 1] = _room(rng, board)
            _second, changes[board, 2] = _room(rng, board, like=first)
        save_results(match=match, changes=changes)


def _event(name: str, date: datetime.date, **settings) -> TeamEvent:
    return TeamEvent.objects.create(name=name, date=date, **settings)


def _swiss(members: list[Member]) -> TeamEvent:
    event = _event(SWISS_NAME, datetime.date(2026, 4, 16), format=TeamEvent.Format.SWISS, boards_per_match=6, rounds=3)
    for index, name in enumerate(SWISS_TEAMS):
        team_members = members[4 * index : 4 * index + 4] if index < 4 else []  # the last teams are guests
        guests = GUESTS[4 * (index - 4) : 4 * (index - 4) + 4] if index >= 4 else []
        save_team(event=event, name=name, players=_players(team_members, guests))
    rng = random.Random(7)
    rounds.start_event(event=event)
    for round_ in range(1, 4):
        if round_ > 1:
            rounds.next_swiss_round(event=event)
        _play_round(event, round_, rng)
    match = Match.objects.filter(event=event, round=2).order_by("table").first()
    add_adjustment(
        match=match, team=match.away, kind=Adjustment.Kind.VP, amount=Decimal("-1"), reason="Slow play after a warning"
    )
    return event


def _round_robin(members: list[Member]) -> TeamEvent:
    event = _event(
        ROUND_ROBIN_NAME, datetime.date(2026, 2, 12), format=TeamEvent.Format.ROUND_ROBIN, boards_per_match=8
    )
    for index, name in enumerate(ROUND_ROBIN_TEAMS):
        save_team(event=event, name=name, players=_players(members[4 * index : 4 * index + 4], []))
    rng = random.Random(11)
    for round_ in range(1, rounds.start_event(event=event) + 1):
        _play_round(event, round_, rng)
    return event


@transaction.atomic
def load_teams_demo() -> dict:
    """Creates the two finished teams events unless they exist; returns their names and ids."""
    members = demo_members()
    made = {}
    for name, build in ((SWISS_NAME, _swiss), (ROUND_ROBIN_NAME, _round_robin)):
        event = TeamEvent.objects.filter(name=name).first()
        if event is None:
            event = build(members)
            set_event_status(event=event, status=TeamEvent.Status.FINAL)
        made[name] = event.pk
    return made


def load_demo_events(director) -> dict:
    """The teams app's part of the demo club (registered in `teams.apps`, after the events app's)."""
    load_teams_demo()
    return {}
