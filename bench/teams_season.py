"""The bench club's season of teams (issue 32): a monthly Swiss teams event for a year, 8 teams of 4 of the club's
members (the keenest players in every event, so the busiest member's page lists them), 4 rounds of 6-board matches,
played through the teams services with the demo's made-up but plausible results; each event final."""

from __future__ import annotations

import datetime
import random

EVENTS = 12
TEAMS = 8
ROUNDS = 4
BOARDS_PER_MATCH = 6


def build_teams_season(members: list, busiest_id: int | None, rng: random.Random) -> int:
    """Creates the season's events unless the club has teams events already; returns the events made."""
    from django.db import transaction

    from teams.demo import _play_round, _players
    from teams.models import TeamEvent
    from teams.services import rounds
    from teams.services.matches import set_event_status
    from teams.services.rosters import save_team

    if TeamEvent.objects.exists():
        return 0
    keen = sorted(members, key=lambda member: member.pk != busiest_id)  # the busiest member first
    for month in range(1, EVENTS + 1):
        with transaction.atomic():
            event = TeamEvent.objects.create(
                name=f"Monthly Swiss Teams {month}",
                date=datetime.date(2026, month, 14),
                format=TeamEvent.Format.SWISS,
                boards_per_match=BOARDS_PER_MATCH,
                rounds=ROUNDS,
            )
            field = keen[:1] + rng.sample(keen[1:], 4 * TEAMS - 1)
            for index in range(TEAMS):
                save_team(event=event, name=f"Team {index + 1}", players=_players(field[4 * index : 4 * index + 4], []))
            rounds.start_event(event=event)
            for round_ in range(1, ROUNDS + 1):
                if round_ > 1:
                    rounds.next_swiss_round(event=event)
                _play_round(event, round_, rng)
            set_event_status(event=event, status=TeamEvent.Status.FINAL)
        print(f"\r  teams event {month} of {EVENTS}", end="", flush=True)
    print()
    return EVENTS


def add_teams_season(info: dict, seed: int) -> None:
    """The season of teams events, added to a club built before it (bench_pages runs it before measuring)."""
    from club.models import Member

    print("  the season of teams (made once) ...", flush=True)
    made = build_teams_season(list(Member.objects.order_by("pk")), info.get("busiest_member"), random.Random(seed))
    if made:
        print(f"  {made} teams events made", flush=True)
