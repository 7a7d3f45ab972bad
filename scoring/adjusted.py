"""Entries on a board: a played result (an NS score) or an artificial adjusted score.

Artificial adjusted scores are written as in USEBIO: ``"A6040"`` means NS 60 %, EW 40 %.
``"A+"``, ``"A"`` and ``"A-"`` are shorthands for A6040, A5050 and A4060 (from NS's side).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ._checks import is_whole
from .errors import ScoringError

_SHORTHANDS = {"A+": (60, 40), "A": (50, 50), "A-": (40, 60)}
_USEBIO = re.compile(r"A(\d\d)(\d\d)")


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score: the percentage each side receives on the board."""

    ns_percent: int
    ew_percent: int

    def __post_init__(self) -> None:
        for percent in (self.ns_percent, self.ew_percent):
            if not is_whole(percent) or not 0 <= percent <= 100:
                raise ScoringError("entry.percent", percent=percent)

    @property
    def code(self) -> str:
        """USEBIO form, e.g. ``A6040``."""
        return f"A{self.ns_percent:02d}{self.ew_percent:02d}"


Entry = int | str | Adjusted
"""One entry on a board: an NS score, an adjusted score's code (``"A6040"``, ``"A+"`` ...) or an `Adjusted`."""


def parse_entry(entry: Entry) -> int | Adjusted:
    """An NS score (returned unchanged) or an adjusted score code (returned as `Adjusted`).

    Raises ``ValueError`` for anything else, e.g. ``"620"`` as text or ``"A65"``.
    """
    if isinstance(entry, Adjusted):
        return entry
    if is_whole(entry):
        return entry
    if isinstance(entry, str):
        text = "".join(entry.split()).upper().replace("−", "-").replace("–", "-")
        if text in _SHORTHANDS:
            return Adjusted(*_SHORTHANDS[text])
        match = _USEBIO.fullmatch(text)
        if match:
            return Adjusted(int(match.group(1)), int(match.group(2)))
    raise ScoringError("entry.invalid", entry=entry)


def split_entries(scores: Sequence[Entry]) -> tuple[list[int | Adjusted], list[int]]:
    """Parse every entry; return (all entries in order, the played NS scores only)."""
    if isinstance(scores, (str, bytes)) or not isinstance(scores, Iterable):
        raise ValueError("give the board's results as a list, e.g. [620, -100, 'A6040']")
    entries = [parse_entry(entry) for entry in scores]
    played = [entry for entry in entries if not isinstance(entry, Adjusted)]
    return entries, played
