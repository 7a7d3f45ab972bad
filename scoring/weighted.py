"""Weighted adjusted scores (Law 12C1c): a list of results, each with its weight, in place of one result.

Written ``W60:420;40:-50`` (60 % of NS +420, 40 % of NS -50): two to four parts, weights above 0 with at most
two decimals summing to 100, each an NS score.  A director types the results themselves
(``60% 4S N =, 40% 4S N -1``: `scoring.read_result` scores each on the board's vulnerability).

How it is scored (`score_weighted`): the board is scored once for every way the weighted results could have
gone (each weighted line replaced by one of its results, the way's weight the product of the weights), and
every line's points are the weighted sum over those ways.  So a weighted line receives the weighted sum of its
results' points, each compared with the field, and every other line's comparison with it is weighted too: on
matchpoints, IMPs against a datum (the datum then includes each result in turn) and cross-IMPs alike.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ._checks import is_whole
from .errors import ScoringError

MAX_PARTS = 4
MAX_WEIGHTED = 3  # weighted lines on one board: at most 4 ** 3 = 64 ways to score it
_CODE = re.compile(r"W(\d{1,3}(?:\.\d{1,2})?):(-?\d{1,5})((?:;\d{1,3}(?:\.\d{1,2})?:-?\d{1,5}){1,3})")
_PART = re.compile(r";(\d{1,3}(?:\.\d{1,2})?):(-?\d{1,5})")


def _weight(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted score: ``parts`` are ``(weight in %, NS score)``, 2 to 4 of them, the weights summing to 100."""

    parts: tuple[tuple[int | float, int], ...]

    def __post_init__(self) -> None:
        if not 2 <= len(self.parts) <= MAX_PARTS:
            raise ScoringError("weighted.parts", most=MAX_PARTS)
        for weight, score in self.parts:
            if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight < 100:
                raise ScoringError("weighted.weight", weight=weight)
            if round(weight, 2) != weight or not is_whole(score):
                raise ScoringError("weighted.weight", weight=weight)
        if sum(Fraction(str(weight)) for weight, _ in self.parts) != 100:
            raise ScoringError("weighted.total", total=sum(weight for weight, _ in self.parts))

    @property
    def code(self) -> str:
        """``W60:420;40:-50``."""
        return "W" + ";".join(f"{weight:g}:{score}" for weight, score in self.parts)

    @property
    def shares(self) -> tuple[tuple[Fraction, int], ...]:
        """The parts with each weight as an exact fraction of 1."""
        return tuple((Fraction(str(weight)) / 100, score) for weight, score in self.parts)


def parse_weighted(text: str) -> Weighted | None:
    """A weighted score's code (``W60:420;40:-50``) read, or None when ``text`` is not one."""
    match = _CODE.fullmatch(text)
    if not match:
        return None
    parts = [(_weight(match.group(1)), int(match.group(2)))]
    parts += [(_weight(weight), int(score)) for weight, score in _PART.findall(match.group(3))]
    return Weighted(tuple(parts))


Points = list[tuple[float, float]]


def score_weighted(entries: Sequence[object], score: Callable[[list], Points]) -> Points:
    """Scores a board holding `Weighted` entries: ``score`` (a board's scoring of plain entries) once for every
    way the weighted results could have gone, each line's points weighted by how likely that way is."""
    weighted = [index for index, entry in enumerate(entries) if isinstance(entry, Weighted)]
    if not weighted:
        return score(list(entries))
    if len(weighted) > MAX_WEIGHTED:
        raise ScoringError("weighted.too_many", most=MAX_WEIGHTED)
    totals = [[Fraction(0), Fraction(0)] for _ in entries]
    for choice in itertools.product(*(entries[index].shares for index in weighted)):  # type: ignore[attr-defined]
        plain = list(entries)
        chance = Fraction(1)
        for index, (share, ns_score) in zip(weighted, choice, strict=True):
            plain[index] = ns_score
            chance *= share
        for total, (ns, ew) in zip(totals, score(plain), strict=True):
            total[0] += chance * Fraction(ns)
            total[1] += chance * Fraction(ew)
    return [(float(ns), float(ew)) for ns, ew in totals]
