"""Team matches: IMPs and board-a-match points between the two rooms of a board."""

from __future__ import annotations

from ._checks import is_whole
from .imps import imps


def _check_score(score: int) -> None:
    if not is_whole(score):
        raise ValueError(f"{score!r}: a room's result is its NS score, a whole number such as 620 or -100")


def team_imps(ns_score_room1: int, ns_score_room2: int, table: str = "1962") -> int:
    """IMPs for the team sitting NS in room 1 (and EW in room 2): ``imps(room1 - room2)``."""
    _check_score(ns_score_room1)
    _check_score(ns_score_room2)
    return imps(ns_score_room1 - ns_score_room2, table)


def board_a_match(ns_score_room1: int, ns_score_room2: int) -> int:
    """Board-a-match points for the team sitting NS in room 1: 2 won, 1 tied, 0 lost (seed 000)."""
    _check_score(ns_score_room1)
    _check_score(ns_score_room2)
    if ns_score_room1 > ns_score_room2:
        return 2
    return 1 if ns_score_room1 == ns_score_room2 else 0
