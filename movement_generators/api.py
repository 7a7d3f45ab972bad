"""Movements for pairs events, in pure Python (standard library only, no Django).

    from movement_generators.api import mitchell, howell, check

    movement = mitchell(8, 3, even="relay")      # or howell(5, 3), or parse_movement_csv(text, name="...")
    check(movement)                               # [] when sound, else a list of Violation
    movement.pair_round("5EW", 3)                 # where pair 5 EW plays in round 3
    movement.table_card(1), movement.pair_guide("5EW"), movement.board_plays(7)
    movement.shift_boards(20).schedule            # every play of every board, boards numbered from 21
    balance(movement).text()                      # how often each pair is compared with each other pair
    manning(movement).text()                      # the grid directors know: NS-set-EW per round and table

The package's modules: `movement` (Movement and the queries), `encounters` (Encounter, BoardPlay, the other values
and the helpers that build them), `mitchell`, `howell` with the layouts in `howell_tables`, `checks` (check,
balance), `custom` (CSV in and out) and `manning`; `texts`, the messages they give (translated by
`club.bridge_messages`). This module is the package's face: what the apps import.
"""

from __future__ import annotations

from .checks import BalanceReport, Violation, balance, boards_played, check, meeting_counts
from .custom import COLUMNS, MovementError, MovementProblem, movement_to_csv, parse_movement_csv
from .howell import SUPPORTED_TABLES as HOWELL_TABLES
from .howell import howell
from .manning import Manning, manning
from .mitchell import mitchell
from .movement import BoardPlay, BoardsNext, Encounter, Movement, PairRound, TableCardRow, TableRound, no_movement

__all__ = [
    "COLUMNS",
    "HOWELL_TABLES",
    "BalanceReport",
    "BoardPlay",
    "BoardsNext",
    "Encounter",
    "Manning",
    "Movement",
    "MovementError",
    "PairRound",
    "MovementProblem",
    "TableCardRow",
    "TableRound",
    "Violation",
    "balance",
    "boards_played",
    "check",
    "howell",
    "manning",
    "meeting_counts",
    "mitchell",
    "no_movement",
    "movement_to_csv",
    "parse_movement_csv",
]
