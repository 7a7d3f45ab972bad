"""A pair's total over its boards, as Compscore prints it (`Conventions.factor_totals`).

Compscore prints each line of a board played fewer times on that board's own top, but counts it in the pair's
total with Neuberg's formula (factored to the most results any board had); and a pair that played fewer boards
than the section's has its total (and its highest possible total) factored up to the full number of boards.
Worked from Compscore3's Howell file kept by abftech/cobalt (results/tests/test_files/mp_pairs_howell.xml):
pair 1 scored 124 matchpoints over 26 of the 27 boards and is printed 128.77 = 124 x 27 / 26 (47.69 % of 270);
board 12 was played 5 times of 6, and pair 6's 8 of 8 on it counts (8 + 1) x 6 / 5 - 1 = 9.8 of 10.
"""

from __future__ import annotations

from .matchpoints import neuberg


def total_line(points: float, played: int, most: int, scale: str = "ebu") -> float:
    """A line's matchpoints on its board's own top of `played` results, as counted in the total: factored to the
    `most` results of a board with Neuberg's formula (unchanged on a board played `most` times)."""
    if played >= most:
        return points
    return neuberg(points, played, most, scale)


def factored(score: float, maximum: float, boards: int, full: int) -> tuple[float, float]:
    """A pair's total and highest possible total over `boards` boards, factored up to `full` boards (unchanged
    when it played them all, or none)."""
    if not boards or boards >= full:
        return score, maximum
    return score * full / boards, maximum * full / boards
