"""Entries on a board: a played result (an NS score) or an artificial adjusted score.

Artificial adjusted scores are written as in USEBIO: ``"A6040"`` means NS 60 %, EW 40 %; or split with a
slash, each side's percentage with up to two decimals: ``"A60/40"``, ``"A60/60"``, ``"A40/50"`` (a split
score: each side gets its own), ``"A61.8/38.2"`` (a weighted score published as percentages).
``"A+"``, ``"A"`` and ``"A-"`` are shorthands for A6040, A5050 and A4060 (from NS's side).
An adjusted score whose percentages are both whole keeps its USEBIO code (``A6040``, ``A10000``); one with
decimals is written with the slash (``A61.8/38.2``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ._checks import is_whole
from .errors import ScoringError
from .weighted import Weighted, parse_weighted

_SHORTHANDS = {"A+": (60, 40), "A": (50, 50), "A-": (40, 60)}
_USEBIO = re.compile(r"A(\d\d|100)(\d\d|100)")
_SPLIT = re.compile(r"A(\d{1,3}(?:[.,]\d+)?)/(\d{1,3}(?:[.,]\d+)?)")


def _percent(value: object) -> int | float:
    """A percentage from 0 to 100 with at most two decimals, as an int when whole."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ScoringError("entry.percent", percent=value)
    if not 0 <= value <= 100 or round(value, 2) != value:
        raise ScoringError("entry.percent", percent=value)
    return int(value) if float(value).is_integer() else float(value)


def _number(text: str) -> int | float:
    return float(text.replace(",", ".")) if "." in text or "," in text else int(text)


def _shown(percent: int | float) -> str:
    return str(percent) if is_whole(percent) else f"{percent:g}"


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score: the percentage each side receives on the board (up to two decimals)."""

    ns_percent: int | float
    ew_percent: int | float

    def __post_init__(self) -> None:
        object.__setattr__(self, "ns_percent", _percent(self.ns_percent))
        object.__setattr__(self, "ew_percent", _percent(self.ew_percent))

    @property
    def code(self) -> str:
        """USEBIO form, e.g. ``A6040`` (``A10000`` for 100 % and 0 %); ``A61.8/38.2`` with decimals."""
        ns, ew = self.ns_percent, self.ew_percent
        if is_whole(ns) and is_whole(ew):
            return f"A{ns:02d}{ew:02d}"
        return f"A{_shown(ns)}/{_shown(ew)}"


Entry = int | str | Adjusted | Weighted
"""One entry on a board: an NS score, an adjusted score's code (``"A6040"``, ``"A+"`` ...) or an `Adjusted`;
or a weighted score (``"W60:420;40:-50"``, `Weighted`), which only `scoring.score_board` scores."""


def parse_entry(entry: Entry) -> int | Adjusted | Weighted:
    """An NS score (returned unchanged), an adjusted score code (returned as `Adjusted`) or a weighted score's
    code (returned as `Weighted`).

    Raises ``ValueError`` for anything else, e.g. ``"620"`` as text or ``"A65"``.
    """
    if isinstance(entry, (Adjusted, Weighted)):
        return entry
    if is_whole(entry):
        return entry
    if isinstance(entry, str):
        text = "".join(entry.split()).upper().replace("−", "-").replace("–", "-")
        weighted = parse_weighted(text)
        if weighted is not None:
            return weighted
        if text in _SHORTHANDS:
            return Adjusted(*_SHORTHANDS[text])
        match = _USEBIO.fullmatch(text)
        if match:
            return Adjusted(int(match.group(1)), int(match.group(2)))
        match = _SPLIT.fullmatch(text)
        if match:
            return Adjusted(*(_number(part) for part in match.groups()))
    raise ScoringError("entry.invalid", entry=entry)


def split_entries(scores: Sequence[Entry]) -> tuple[list[int | Adjusted], list[int]]:
    """Parse every entry; return (all entries in order, the played NS scores only)."""
    if isinstance(scores, (str, bytes)) or not isinstance(scores, Iterable):
        raise ValueError("give the board's results as a list, e.g. [620, -100, 'A6040']")
    entries: list[int | Adjusted] = []
    for entry in scores:
        parsed = parse_entry(entry)
        if isinstance(parsed, Weighted):
            raise ValueError("a board with a weighted score is scored with scoring.score_board")
        entries.append(parsed)
    played = [entry for entry in entries if not isinstance(entry, Adjusted)]
    return entries, played
