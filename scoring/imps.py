"""IMPs: the IMP tables of 1938, 1948, 1961 and 1962, Butler (datum) and cross-IMP scoring.

Each table is kept as the seeds print it, band by band (points from, points to, IMPs); a
difference (always a multiple of 10 in practice) reaches a band when it is at least the band's
lower end.  Corrections of the seeds' misprints (each pinned in tests/scoring/test_imp_scoring.py):

* 1962, seed 000's "revised from 1 September 1962" table prints 750-990 = 13, overlapping
  900-1090 = 14; seed 000's first IMP table and seeds 001 and 003 give 750-890, used here.
* 1948, seed 000 prints 20-40 = 1 then 70-130 = 2, leaving 50-60 in no band; 20-60 = 1 is used
  (the band widths of that table grow steadily: 20-60, 70-130, 140-210, 220-340 ...).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real

from ._checks import is_whole
from .adjusted import Adjusted, Entry, split_entries

# "from-to IMPs" as printed; "4000+" is the open-ended last band.
_TABLE_TEXT = {
    "1938": "10-30 1, 40-60 2, 70-100 3, 110-180 4, 190-290 5, 300-390 6, 400-490 7, 500-590 8, "
    "600-740 9, 750-1490 10, 1500-1990 11, 2000+ 12",
    "1948": "0-10 0, 20-60 1, 70-130 2, 140-210 3, 220-340 4, 350-490 5, 500-740 6, 750-990 7, "
    "1000-1240 8, 1250-1490 9, 1500-1990 10, 2000-2490 11, 2500-2990 12, 3000-3490 13, 3500-3990 14, 4000+ 15",
    "1961": "0-10 0, 20-40 1, 50-80 2, 90-120 3, 130-160 4, 170-210 5, 220-260 6, 270-310 7, 320-360 8, "
    "370-420 9, 430-490 10, 500-590 11, 600-690 12, 700-790 13, 800-890 14, 900-1040 15, 1050-1190 16, "
    "1200-1340 17, 1350-1490 18, 1500-1740 19, 1750-1990 20, 2000-2240 21, 2250-2490 22, 2500-2990 23, "
    "3000-3490 24, 3500+ 25",
    "1962": "0-10 0, 20-40 1, 50-80 2, 90-120 3, 130-160 4, 170-210 5, 220-260 6, 270-310 7, 320-360 8, "
    "370-420 9, 430-490 10, 500-590 11, 600-740 12, 750-890 13, 900-1090 14, 1100-1290 15, 1300-1490 16, "
    "1500-1740 17, 1750-1990 18, 2000-2240 19, 2250-2490 20, 2500-2990 21, 3000-3490 22, 3500-3990 23, 4000+ 24",
}


def _parse_table(text: str) -> tuple[tuple[int, int | None, int], ...]:
    bands = []
    for item in text.split(","):
        points, imp = item.split()
        low, _, high = points.partition("-")
        bands.append((int(low.rstrip("+")), int(high) if high else None, int(imp)))
    return tuple(bands)


IMP_TABLES: dict[str, tuple[tuple[int, int | None, int], ...]] = {
    name: _parse_table(text) for name, text in _TABLE_TEXT.items()
}
"""Each table as bands ``(points from, points to or None for the last, IMPs)``."""

_THRESHOLDS = {
    name: ([low for low, _, imp in bands if imp > 0], [imp for _, _, imp in bands if imp > 0])
    for name, bands in IMP_TABLES.items()
}

ADJUSTED_IMPS: dict[int, int] = {60: 3, 50: 0, 40: -3}
"""Default IMP award of an artificial adjusted score, by the percentage a side receives."""


def imps(difference: float, table: str = "1962") -> int:
    """IMPs for a difference in points (signed: ``imps(-d) == -imps(d)``) on the named table."""
    if not isinstance(table, str) or table not in _THRESHOLDS:
        raise ValueError(f"{table!r}: the IMP table must be one of 1938, 1948, 1961, 1962")
    if isinstance(difference, bool) or not isinstance(difference, Real) or not math.isfinite(difference):
        raise ValueError(f"{difference!r}: a points difference must be a number")
    lows, values = _THRESHOLDS[table]
    index = bisect_right(lows, abs(difference))
    won = values[index - 1] if index else 0
    return won if difference >= 0 else -won


def _award(entry: Adjusted, adjusted_imps: dict[int, float] | None) -> tuple[float, float]:
    awards = ADJUSTED_IMPS if adjusted_imps is None else adjusted_imps
    found = []
    for percent in (entry.ns_percent, entry.ew_percent):
        if not is_whole(percent) or percent not in awards:  # A61.8/38.2 has no award in a table of whole percentages
            raise ValueError(
                f"{entry.code}: no IMP award is set for an adjusted score of {percent} %; "
                "pass adjusted_imps={percent: IMPs, ...}"
            )
        found.append(awards[percent])
    return found[0], found[1]


ADJUSTED_IMP_MODES: tuple[str, ...] = ("comparison", "board", "share")
"""How an artificial adjusted score is awarded in IMP scoring (`ImpAward`)."""


@dataclass(frozen=True, slots=True)
class ImpAward:
    """The IMPs an artificial adjusted score receives, a convention scorers differ on.

    ``"comparison"`` (the default, as `ADJUSTED_IMPS`): ``size`` IMPs for a side given more than 50 %,
    ``-size`` for less, 0 for 50 %, per comparison (in Butler scoring the datum is the one comparison;
    in cross-IMPs, per other result on the board). ``"board"``: ``size`` IMPs for the whole board, so in
    cross-IMPs spread over the comparisons (a board of 5 results: 3 / 4 = 0.75 per comparison).
    ``"share"``: in proportion to the percentage, ``size`` per 10 % above or below 50 (per comparison):
    60 % gives 3, 55 % gives 1.5, 61.8 % gives 3.54.
    """

    mode: str = "comparison"
    size: float = 3

    def __post_init__(self) -> None:
        if self.mode not in ADJUSTED_IMP_MODES:
            raise ValueError(f"{self.mode!r}: the adjusted-score award must be one of {', '.join(ADJUSTED_IMP_MODES)}")
        size = self.size
        if isinstance(size, bool) or not isinstance(size, Real) or not math.isfinite(size) or not 0 <= size <= 24:
            raise ValueError(f"{size!r}: the adjusted-score award is a number of IMPs from 0 to 24")

    def per_comparison(self, percent: float, comparisons: int) -> float:
        """The award, per comparison, of a side given ``percent`` on a board with ``comparisons`` per result."""
        if self.mode == "share":
            return float(Fraction(self.size) * (Fraction(percent) - 50) / 10)
        sign = (percent > 50) - (percent < 50)
        if self.mode == "board" and comparisons > 1:
            return sign * self.size / comparisons
        return float(sign * self.size)


def _awarded(
    entry: Adjusted, adjusted_imps: dict[int, float] | None, award: ImpAward | None, comparisons: int
) -> tuple[float, float]:
    """Per comparison: the `award` convention when given, else the table ``adjusted_imps`` (`ADJUSTED_IMPS`)."""
    if award is None:
        return _award(entry, adjusted_imps)
    return award.per_comparison(entry.ns_percent, comparisons), award.per_comparison(entry.ew_percent, comparisons)


def _round_to_ten(value: Fraction) -> int:
    """Nearest multiple of 10, halves away from zero."""
    tens = abs(value) / 10
    rounded = int(tens + Fraction(1, 2)) * 10
    return rounded if value >= 0 else -rounded


DATUM_ROUNDINGS: tuple[str, ...] = ("ten", "none")
"""How a Butler datum is rounded: ``"ten"`` to the nearest 10 (halves away from zero), ``"none"`` not at all."""


def _discarded(n: int, discard: int | None, discard_from: int | None) -> int:
    """How many top and bottom results a datum of ``n`` played results sets aside at each end."""
    if discard is None and discard_from is None:
        return 1 if n >= 4 else 0
    if discard is None:
        discard = 1
    if not is_whole(discard) or discard < 0:
        raise ValueError(f"{discard!r}: the number of top and bottom scores to discard must be 0 or more")
    if discard_from is not None:
        if not is_whole(discard_from) or discard_from < 2 * discard + 1:
            raise ValueError(
                f"{discard_from!r}: discarding {discard} at each end needs at least {2 * discard + 1} results"
            )
        return discard if n >= discard_from else 0
    return discard


def butler_datum(
    scores: Sequence[Entry], discard: int | None = None, discard_from: int | None = None, rounding: str = "ten"
) -> float:
    """The datum of a board: mean NS score after discarding the highest and lowest, to the nearest 10.

    By default one top and one bottom score are discarded when there are 4 or more played results,
    none below that; ``discard=k`` discards k of each, and with ``discard_from=n`` only when there
    are n or more results (Magic Contest and Ruter: ``discard=1, discard_from=3``, so the datum of
    three results is the middle one).  Adjusted entries take no part.  ``rounding="ten"`` rounds
    halves away from zero (a mean of 415 gives 420, -415 gives -420) and returns an int;
    ``rounding="none"`` returns the exact mean as a float.
    """
    if rounding not in DATUM_ROUNDINGS:
        raise ValueError(f"{rounding!r}: the datum's rounding must be one of {', '.join(DATUM_ROUNDINGS)}")
    _, played = split_entries(scores)
    n = len(played)
    if n == 0:
        raise ValueError("no played results on this board: a datum needs at least one")
    discard = _discarded(n, discard, discard_from)
    if 2 * discard >= n:
        raise ValueError(f"cannot discard {discard} top and {discard} bottom scores from {n} results")
    kept = sorted(played)[discard : n - discard]
    mean = Fraction(sum(kept), len(kept))
    return _round_to_ten(mean) if rounding == "ten" else float(mean)


def butler_imps(
    scores: Sequence[Entry],
    discard: int | None = None,
    table: str = "1962",
    adjusted_imps: dict[int, float] | None = None,
    *,
    discard_from: int | None = None,
    rounding: str = "ten",
    award: ImpAward | None = None,
) -> list[tuple[float, float]]:
    """IMPs of each entry against the datum, as ``(ns, ew)`` pairs in the order given.

    A played result scores ``imps(score - datum)`` for NS and the opposite for EW (``discard``,
    ``discard_from`` and ``rounding`` make the datum: `butler_datum`).  An adjusted entry takes no
    part in the datum and receives a fixed award by percentage (default `ADJUSTED_IMPS`: A6040 gives
    +3/-3, A5050 0/0, A4040 -3/-3), or the ``award`` convention's (`ImpAward`).
    """
    entries, played = split_entries(scores)
    datum = butler_datum(played, discard, discard_from, rounding) if played else 0
    result: list[tuple[float, float]] = []
    for entry in entries:
        if isinstance(entry, Adjusted):
            result.append(_awarded(entry, adjusted_imps, award, 1))
        else:
            won = imps(entry - datum, table)
            result.append((won, -won))
    return result


def cross_imps(
    scores: Sequence[Entry],
    average: bool = True,
    table: str = "1962",
    adjusted_imps: dict[int, float] | None = None,
    *,
    award: ImpAward | None = None,
) -> list[tuple[float, float]]:
    """Cross-IMPs: each played result IMPed against every other, as ``(ns, ew)`` pairs.

    With ``average`` (default) the sum is divided by the number of comparisons (seed 000: 37 IMPs
    over 4 comparisons = 9.25).  Adjusted entries are not compared; they receive the fixed award
    of `butler_imps`, which is a per-comparison figure: without ``average`` it is multiplied by
    the number of comparisons a result has on a complete board (number of entries - 1).
    ``award`` (`ImpAward`) sets the award's convention instead of the table ``adjusted_imps``.
    """
    entries, played = split_entries(scores)
    comparisons = len(played) - 1
    result: list[tuple[float, float]] = []
    for entry in entries:
        if isinstance(entry, Adjusted):
            ns, ew = _awarded(entry, adjusted_imps, award, len(entries) - 1)
            if not average:
                ns, ew = ns * (len(entries) - 1), ew * (len(entries) - 1)
            result.append((ns, ew))
            continue
        total = sum(imps(entry - other, table) for other in played)  # against itself: 0
        if average:
            won = total / comparisons if comparisons else 0.0
            result.append((won, -won if won else 0.0))
        else:
            result.append((total, -total))
    return result
