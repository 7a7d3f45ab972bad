"""A section's movement as plain data: who plays which board in which round, with real board numbers.

Built from the section's settings by the pure generators of `movements`; no database access.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from django.utils.translation import gettext as _

from movements.generators import howell, mitchell, parse_movement_csv


@dataclass(frozen=True)
class Slot:
    """One scheduled play of one board: round, table, the two pair labels, whether arrows were switched."""

    board: int
    round: int
    table: int
    ns: str
    ew: str
    arrow_switched: bool = False


@dataclass(frozen=True, eq=False)
class Plan:
    """A section's schedule; `slots` is empty when results are entered freely (no movement)."""

    kind: str
    slots: tuple[Slot, ...]
    winners: int
    pair_labels: tuple[str, ...]
    rounds: int
    tables: int
    movement: object | None = None
    by_board: dict[int, tuple[Slot, ...]] = field(default_factory=dict)

    @property
    def has_schedule(self) -> bool:
        return bool(self.slots)

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted(self.by_board))

    def slots_for_board(self, number: int) -> tuple[Slot, ...]:
        return self.by_board.get(number, ())

    def slots_at(self, table: int, round_: int) -> list[Slot]:
        return [slot for slot in self.slots if slot.table == table and slot.round == round_]

    def find(self, board: int, ns: str, ew: str) -> Slot | None:
        return next((s for s in self.slots_for_board(board) if s.ns == ns and s.ew == ew), None)

    def plays(self, board: int) -> int:
        return len(self.slots_for_board(board))

    @cached_property
    def max_plays(self) -> int:
        return max((len(slots) for slots in self.by_board.values()), default=0)

    def scored_against(self, board: int, entries: int, neuberg: bool, most_played: int) -> int:
        """Neuberg's E: how many results a board with `entries` results is scored against.

        With `neuberg` (the session's setting) every board counts as played the most times: the movement's
        most plays, or without a movement `most_played`, the section's most results on a board. Without it,
        the movement's plays of the board, or the results it has.
        """
        if self.has_schedule:
            due = self.max_plays if neuberg else self.plays(board)
        elif neuberg:
            due = most_played
        else:
            due = entries
        return max(due, entries)

    def grid(self) -> list[tuple[int, list[dict | None]]]:
        """Tables × rounds: for each table, per round the NS and EW pairs and the boards (None: no play)."""
        cells: dict[tuple[int, int], dict] = {}
        for slot in self.slots:
            cell = cells.setdefault((slot.table, slot.round), {"ns": slot.ns, "ew": slot.ew, "boards": [],
                                                               "arrow_switched": slot.arrow_switched})
            cell["boards"].append(slot.board)
        for cell in cells.values():
            low, high = min(cell["boards"]), max(cell["boards"])
            cell["board_range"] = str(low) if low == high else f"{low}–{high}"
        return [(table, [cells.get((table, round_)) for round_ in range(1, self.rounds + 1)])
                for table in range(1, self.tables + 1)]

    @property
    def arrow_switched(self) -> bool:
        return any(slot.arrow_switched for slot in self.slots)

    @property
    def fields(self) -> tuple[str, ...]:
        """'NS' and 'EW' for a two-winner movement, '' (one field) otherwise."""
        return ("NS", "EW") if self.winners == 2 and not self.arrow_switched else ("",)


def section_plan(section) -> Plan:
    """The plan of a section model instance (its custom movement is read if it has one)."""
    csv_text = section.custom_movement.csv_text if section.kind == "custom" and section.custom_movement_id else ""
    return build_plan(
        section.kind, section.tables, section.boards_per_round, section.rounds, section.first_board,
        section.even_tables, section.arrow_switch_rounds, section.phantom, csv_text,
    )


def parse_rounds(text: str) -> tuple[int, ...]:
    """'6, 7' → (6, 7); raises ValueError with a readable message."""
    rounds = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if not part.isdigit() or int(part) < 1:
            raise ValueError(_("“%(value)s” is not a round number") % {"value": part})
        rounds.append(int(part))
    return tuple(sorted(set(rounds)))


@lru_cache(maxsize=256)
def build_plan(kind, tables, boards_per_round, rounds, first_board, even, arrow_switch_rounds, phantom, csv_text):
    if kind == "none":
        return Plan(kind, (), 1, (), rounds or 0, tables, None)
    if kind == "mitchell":
        movement = mitchell(
            tables, boards_per_round, rounds=rounds, even=even,
            arrow_switch_rounds=parse_rounds(arrow_switch_rounds), phantom=phantom,
        )
    elif kind == "howell":
        movement = howell(tables, boards_per_round, rounds=rounds, phantom=phantom)
    elif kind == "custom":
        movement = parse_movement_csv(csv_text)
    else:
        raise ValueError(f"unknown movement kind {kind!r}")
    offset = first_board - 1
    slots = []
    for encounter in movement.encounters:
        if encounter.ns is None or encounter.ew is None:
            continue  # a sit-out
        # Slots name the pairs by the cards they hold: after an arrow switch the home NS pair plays East-West.
        ns, ew = (encounter.ew, encounter.ns) if encounter.arrow_switched else (encounter.ns, encounter.ew)
        for board in encounter.boards:
            slots.append(Slot(board + offset, encounter.round, encounter.table, ns, ew, encounter.arrow_switched))
    slots.sort(key=lambda s: (s.board, s.round, s.table))
    by_board: dict[int, list[Slot]] = defaultdict(list)
    for slot in slots:
        by_board[slot.board].append(slot)
    return Plan(kind, tuple(slots), movement.winners, tuple(movement.pairs), movement.rounds, movement.tables,
                movement, {board: tuple(group) for board, group in by_board.items()})
