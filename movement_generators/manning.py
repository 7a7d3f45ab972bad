"""Manning notation: the movement as a grid of rounds x tables, each cell ``NS-set-EW``.

As in J. R. Manning's EBU manual of movements, each cell gives the North-South pair number, the board set and
the East-West pair number: ``"8-1-1"`` is pair 8 North-South against pair 1, playing set 1.  Pair numbers only
(a Mitchell's ``"3NS"`` is written 3: the position in the cell gives the direction); a missing pair is written 0,
as scoring programs do; ``*`` marks an arrow-switched table.  Sets waiting on relays are listed per round.
"""

from __future__ import annotations

from dataclasses import dataclass

from .encounters import Encounter, pair_number
from .movement import Movement


def _number(label: str | None) -> str:
    if label is None:
        return "0"
    number = pair_number(label)
    return str(number) if number is not None else label


def cell(encounter: Encounter | None) -> str:
    """``"NS-set-EW"`` for one encounter (``""`` for an empty table, ``?`` for a row without a set)."""
    if encounter is None:
        return ""
    board_set = "?" if encounter.board_set is None else str(encounter.board_set)
    text = f"{_number(encounter.ns)}-{board_set}-{_number(encounter.ew)}"
    return text + "*" if encounter.arrow_switched else text


@dataclass(frozen=True)
class Manning:
    """``cells[r][t]``: the cell of round r+1, table t+1.  ``relays[r]``: the sets on relays in round r+1."""

    name: str
    tables: int
    cells: tuple[tuple[str, ...], ...]
    relays: tuple[tuple[int, ...], ...]

    def text(self) -> str:
        """A plain-text rendering: one line per round, one column per table, then the relay sets."""
        has_relays = any(self.relays)
        headers = ["Rnd"] + [f"T{table}" for table in range(1, self.tables + 1)] + (["Relay"] if has_relays else [])
        rows = []
        for index, cells in enumerate(self.cells):
            row = [str(index + 1), *cells]
            if has_relays:
                row.append(",".join(str(number) for number in self.relays[index]))
            rows.append(row)
        widths = [max(len(row[column]) for row in [headers, *rows]) for column in range(len(headers))]
        lines = [self.name, "  ".join(h.rjust(w) for h, w in zip(headers, widths, strict=True)).rstrip()]
        lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows]
        if any("*" in c for cells in self.cells for c in cells):
            lines.append("* arrow switch: the pairs swap directions for these boards")
        return "\n".join(lines)


def manning(movement: Movement) -> Manning:
    """The movement in Manning notation (see the module docstring)."""
    cells = tuple(tuple(cell(encounter) for encounter in row) for row in movement.grid())
    relays = tuple(movement.relay_sets(round) for round in range(1, movement.rounds + 1))
    return Manning(name=movement.name, tables=movement.tables, cells=cells, relays=relays)
