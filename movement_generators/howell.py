"""Complete Howell movements: every pair meets every other pair once and plays every board set once.

Pairs are numbered 1 .. 2 x tables (labels ``"1"``, ``"2"``...); the highest number is the stationary pair.
The layouts and their sources are in `movement_generators.howell_tables`.  One winner: all pairs are ranked together.

``phantom``: a missing pair, for an odd number of pairs.  ``True`` makes the stationary pair the missing one,
so the sit-out is always at the same table (the usual advice); a pair label picks another pair.
"""

from __future__ import annotations

from .encounters import board_sets_for, build_round, check_positive
from .howell_tables import LAYOUTS, HowellLayout
from .movement import Movement
from .texts import Text, TextError

SUPPORTED_TABLES = tuple(sorted(LAYOUTS))


def _relay_notes(layout: HowellLayout) -> list[str]:
    """Where the sets not in play wait, for a layout whose boards move down one table through relays."""
    if len(layout.sets) != 1:
        return []
    n = layout.rounds
    position = {table: layout.sets[0][table - 1] - 1 for table in range(1, layout.tables + 1)}
    if len(set(position.values())) < layout.tables:
        return []
    order = sorted(position, key=position.__getitem__)  # tables in order of the set they hold in round 1
    notes: list[str] = []
    for index, table in enumerate(order):
        following = order[(index + 1) % len(order)]
        gap = (position[following] - position[table]) % n - 1
        if gap > 0:
            first = position[table] + 2
            if gap == 1:
                notes.append(Text("howell.note.relay.one", first=first, following=following, table=table))
            else:
                notes.append(
                    Text("howell.note.relay.many", first=first, last=first + gap - 1, following=following, table=table)
                )
    return notes


def howell(
    tables: int,
    boards_per_round: int = 2,
    *,
    rounds: int | None = None,
    phantom: bool | str = False,
    first_board: int = 1,
) -> Movement:
    """A complete Howell for 2 to 10 tables (2T - 1 rounds, 2T - 1 board sets); ``rounds`` shortens it."""
    check_positive("tables", tables)
    if tables not in LAYOUTS:
        raise TextError("howell.tables", tables=tables, low=SUPPORTED_TABLES[0], high=SUPPORTED_TABLES[-1])
    check_positive("boards_per_round", boards_per_round)
    check_positive("first_board", first_board)
    layout = LAYOUTS[tables]
    natural = layout.rounds
    if rounds is None:
        rounds = natural
    check_positive("rounds", rounds)
    if rounds > natural:
        raise TextError("howell.rounds", tables=tables, natural=natural, rounds=rounds)
    labels = [str(pair) for pair in range(1, 2 * tables + 1)]
    missing = None
    if phantom is True:
        missing = str(layout.stationary)
    elif phantom:
        if str(phantom) not in labels:
            raise TextError("howell.phantom", pairs=2 * tables, value=phantom)
        missing = str(phantom)

    board_sets = board_sets_for(natural, boards_per_round, first_board)
    encounters = []
    for round in range(1, rounds + 1):
        placements = {table: layout.set_at(table, round) for table in range(1, tables + 1)}
        seats = {
            table: (str(layout.seat_holder(ns_start, round)), str(layout.seat_holder(ew_start, round)))
            for table, (ns_start, ew_start) in enumerate(layout.start, 1)
        }
        encounters += build_round(round, seats, placements, board_sets, missing)

    stationary = layout.stationary
    notes: list[str] = [
        Text("howell.note.stationary", pair=stationary, table=layout.stationary_table, previous=stationary - 1),
        Text("howell.note.boards"),
    ]
    notes += _relay_notes(layout)
    shared_rounds = sorted({e.round for e in encounters if e.shared_with})
    if shared_rounds == list(range(1, rounds + 1)):
        notes.append(Text("howell.note.shared.always"))
    elif shared_rounds:
        notes.append(Text("howell.note.shared", rounds=", ".join(map(str, shared_rounds)), count=len(shared_rounds)))
    if missing:
        notes.append(Text("note.missing", pair=missing))
    if rounds < natural:
        notes.append(Text("howell.note.shortened", rounds=rounds, natural=natural))
    if rounds == natural:
        name = Text("howell.name", tables=tables)
    else:
        name = Text("howell.name.shortened", tables=tables, rounds=rounds, natural=natural)
    return Movement(
        kind="howell",
        name=name,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        board_sets=board_sets,
        winners=1,
        pairs=tuple(label for label in labels if label != missing),
        encounters=tuple(encounters),
        missing_pair=missing,
        notes=tuple(notes),
    )
