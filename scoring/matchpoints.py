"""Matchpoints: comparing the results of one board, with Neuberg's formula for missing results.

Scales: ``"ebu"`` gives 2 matchpoints per result beaten and 1 per tie (top 2(n-1)); ``"acbl"``
gives 1 and 1/2 (top n-1).  The seeds describe both ("Nota 1", "Nota 2").

Neuberg's formula (EBU, Max Bavin, "The Neuberg formula"): when ``n`` results were compared on a
board where ``E`` were expected, a result's matchpoints M on the 2-per-beat scale become
((M + 1) x E / n) - 1, out of a top of 2(E - 1); on the 1-per-beat scale (M + 1/2) x E / n - 1/2.
Artificial adjusted scores take no part in the comparison: they receive their percentage of the
full top, and the played results, compared among themselves, are factored up to the full top.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from numbers import Real

from ._checks import is_whole
from .adjusted import Adjusted, Entry, split_entries

SCALES: dict[str, int] = {"ebu": 2, "acbl": 1}  # matchpoints per result beaten


def matchpoint_unit(scale: str = "ebu") -> int:
    """Matchpoints per result beaten: 2 on the ``"ebu"`` scale, 1 on the ``"acbl"`` scale (half that for a tie)."""
    if not isinstance(scale, str) or scale not in SCALES:
        raise ValueError(
            f"{scale!r}: the matchpoint scale must be 'ebu' (2 per result beaten) or 'acbl' (1 per result)"
        )
    return SCALES[scale]


def _check_expected(expected: int | None, entries: int) -> int:
    if expected is None:
        return entries
    if not is_whole(expected) or expected < 1:
        raise ValueError(f"{expected!r}: the expected number of results must be a whole number, 1 or more")
    if expected < entries:
        raise ValueError(f"the board has {entries} results but only {expected} were expected")
    return expected


def matchpoint_top(expected: int, scale: str = "ebu") -> int:
    """The top on a board expected to be played ``expected`` times: 2(E-1) (ebu) or E-1 (acbl)."""
    return matchpoint_unit(scale) * (_check_expected(expected, 1) - 1)


def neuberg(matchpoints: float, played: int, expected: int, scale: str = "ebu") -> float:
    """Neuberg's formula: matchpoints earned against ``played - 1`` others, factored to ``expected`` results.

    ``matchpoints`` is on the top of the ``played`` results; the result is on the top of ``expected``.
    """
    unit = matchpoint_unit(scale)
    if isinstance(matchpoints, bool) or not isinstance(matchpoints, Real) or not math.isfinite(matchpoints):
        raise ValueError(f"{matchpoints!r}: matchpoints must be a number")
    if not is_whole(played) or played < 1:
        raise ValueError(f"{played!r}: the number of results played must be a whole number, 1 or more")
    expected = _check_expected(expected, played)
    return ((2 * matchpoints + unit) * expected - unit * played) / (2 * played)


def _raw(played: list[int]) -> dict[int, tuple[int, int]]:
    """For each distinct score: (results it beats, results it ties with), on the played results."""
    counts = Counter(played)
    table = {}
    below = 0
    for score in sorted(counts):
        table[score] = (below, counts[score] - 1)
        below += counts[score]
    return table


def matchpoints(scores: Sequence[Entry], expected: int | None = None, scale: str = "ebu") -> list[tuple[float, float]]:
    """Matchpoints of every entry on one board, as ``(ns, ew)`` pairs in the order given (unrounded).

    ``scores``: NS scores (ints) and artificial adjusted scores (``"A6040"``, ``"A+"`` ...).
    ``expected``: number of results the board should have had (default: the number of entries);
    when fewer results were played, Neuberg's formula factors them to the full top.  For a fouled
    board call this once per group, each time with the board's full ``expected``.
    """
    unit = matchpoint_unit(scale)
    entries, played = split_entries(scores)
    if not entries:
        return []
    full = _check_expected(expected, len(entries))
    top = unit * (full - 1)
    n = len(played)
    raw = _raw(played)
    result: list[tuple[float, float]] = []
    for entry in entries:
        if isinstance(entry, Adjusted):
            result.append((entry.ns_percent * top / 100, entry.ew_percent * top / 100))
            continue
        beaten, tied = raw[entry]
        ns_raw = 2 * beaten + tied  # on the 2-per-beat scale
        ew_raw = 2 * (n - 1 - beaten - tied) + tied
        # ((M + 1) x E / n - 1) on the 2-per-beat scale, times unit/2, as one exact division each.
        ns = unit * ((ns_raw + 1) * full - n) / (2 * n)
        ew = unit * ((ew_raw + 1) * full - n) / (2 * n)
        result.append((ns, ew))
    return result


def percentages(scores: Sequence[Entry], expected: int | None = None) -> list[tuple[float, float]]:
    """NS and EW percentages of every entry on one board (same arguments as `matchpoints`).

    A played result scores its matchpoints over the full top; an adjusted score its percentages.
    A board expected to be played once has no top: its result scores 50 % each way.
    """
    entries, played = split_entries(scores)
    if not entries:
        return []
    full = _check_expected(expected, len(entries))
    n = len(played)
    raw = _raw(played)
    result: list[tuple[float, float]] = []
    for entry in entries:
        if isinstance(entry, Adjusted):
            result.append((float(entry.ns_percent), float(entry.ew_percent)))
            continue
        if full == 1:
            result.append((50.0, 50.0))
            continue
        beaten, tied = raw[entry]
        ns_raw = 2 * beaten + tied
        ew_raw = 2 * (n - 1 - beaten - tied) + tied
        denominator = 2 * n * (full - 1)
        result.append((100 * ((ns_raw + 1) * full - n) / denominator, 100 * ((ew_raw + 1) * full - n) / denominator))
    return result
