"""The small values a movement is made of, and the helpers the generators build them with.

`Encounter` (two pairs at a table in a round, and their boards) is what a `movement_generators.movement.Movement` holds;
`BoardPlay`, `TableRound`, `PairRound`, `TableCardRow` and `BoardsNext` are the answers its queries give.
Pair labels and directions are explained in `movement_generators.movement`.

Standard library only: this module must import without Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .texts import TextError

NS = "NS"
EW = "EW"


def other_direction(direction: str) -> str:
    return EW if direction == NS else NS


def pair_number(label: str) -> int | None:
    """The number in a pair label: ``"12EW"`` -> 12, ``"7"`` -> 7; None if the label has no leading number."""
    digits = ""
    for char in label:
        if not (char.isascii() and char.isdigit()):
            break
        digits += char
    return int(digits) if digits else None


def pair_sort_key(label: str) -> tuple:
    """Orders labels NS line first, then EW line, each by number: 1NS, 2NS, ..., 1EW, 2EW; plain numbers by value."""
    number = pair_number(label)
    suffix = label[len(str(number)) :] if number is not None else label
    return ({"": 0, NS: 1, EW: 2}.get(suffix, 3), suffix, number if number is not None else 0, label)


def boards_text(boards: tuple[int, ...]) -> str:
    """``"5-7"`` for a run of consecutive boards, otherwise ``"5, 9"``."""
    if not boards:
        return ""
    if len(boards) > 1 and boards == tuple(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}-{boards[-1]}"
    return ", ".join(str(board) for board in boards)


@dataclass(frozen=True, slots=True)
class Encounter:
    """Two pairs at one table in one round, and the boards they play.

    ``ns``/``ew`` are pair labels, or None for a missing pair (the other pair sits out: the boards on the
    table are not played that round).  ``arrow_switched``: the pairs swap directions for this round's
    boards, so each pair's results count for the other direction's field (``ns`` and ``ew`` stay as seated).
    ``shared_with``: other tables that play the same boards in the same round by design (a relay).
    ``row``: the CSV line the encounter came from, for custom movements.
    """

    round: int
    table: int
    ns: str | None
    ew: str | None
    boards: tuple[int, ...]
    board_set: int | None = None
    arrow_switched: bool = False
    shared_with: tuple[int, ...] = ()
    row: int | None = None

    @property
    def is_sit_out(self) -> bool:
        """One of the two pairs is missing: nobody plays the boards here this round."""
        return self.ns is None or self.ew is None

    @property
    def pairs(self) -> tuple[str, ...]:
        """The pairs present (NS first)."""
        return tuple(pair for pair in (self.ns, self.ew) if pair is not None)

    @property
    def sitting_out(self) -> str | None:
        """In a sit-out, the pair that is present but does not play; otherwise None."""
        if self.ns is None and self.ew is not None:
            return self.ew
        if self.ew is None and self.ns is not None:
            return self.ns
        return None

    @property
    def boards_text(self) -> str:
        """``"5-6"`` for a run of boards, otherwise a comma list."""
        return boards_text(self.boards)

    def direction_of(self, pair: str) -> str:
        """``"NS"`` or ``"EW"``: where the pair sits."""
        if pair == self.ns:
            return NS
        if pair == self.ew:
            return EW
        raise KeyError(f"pair {pair} is not at table {self.table} in round {self.round}")

    def field_of(self, pair: str) -> str:
        """The field (``"NS"`` or ``"EW"``) the pair's results are compared in: its seat, swapped by an arrow switch."""
        direction = self.direction_of(pair)
        return other_direction(direction) if self.arrow_switched else direction

    def opponent_of(self, pair: str) -> str | None:
        self.direction_of(pair)
        return self.ew if pair == self.ns else self.ns


@dataclass(frozen=True, slots=True)
class BoardsNext:
    """Where a table's boards go after a round (for table cards).

    ``round``/``tables``: the next round in which the boards are on a table, and the table(s) holding them
    (two tables when they are shared).  ``via_relay``: they are not needed in the very next round and wait
    on a relay table (a bye stand) meanwhile.  Both empty/None when the boards are not played again.
    """

    round: int | None
    tables: tuple[int, ...]
    via_relay: bool

    @property
    def table(self) -> int | None:
        return self.tables[0] if self.tables else None

    @property
    def text(self) -> str:
        if self.round is None:
            return "Collect (not played again)"
        where = " & ".join(str(table) for table in self.tables)
        noun = "Tables" if len(self.tables) > 1 else "Table"
        if self.via_relay:
            return f"Relay, then {noun.lower()} {where} in round {self.round}"
        return f"{noun} {where}"


@dataclass(frozen=True, slots=True)
class TableCardRow:
    """One line of a table card: who sits here in this round, the boards, and where the boards go next."""

    round: int
    table: int
    ns: str | None
    ew: str | None
    boards: tuple[int, ...]
    board_set: int | None
    arrow_switched: bool
    shared_with: tuple[int, ...]
    boards_next: BoardsNext

    @property
    def is_sit_out(self) -> bool:
        return self.ns is None or self.ew is None

    @property
    def boards_text(self) -> str:
        return boards_text(self.boards)


@dataclass(frozen=True, slots=True)
class PairRound:
    """Where a pair is in one round (one line of its guide card).

    ``direction`` is the seat (``"NS"``/``"EW"``); ``field`` the direction its results count for (different
    from the seat in an arrow-switched round).  ``sits_out``: the pair has no opponents this round (its
    opponents are missing); ``table`` is then the table where it would have played, if any.
    ``next_table``/``next_direction``: where the pair goes for the following round (None after the last
    round, or when it sits out next).
    """

    round: int
    pair: str
    table: int | None
    direction: str | None
    opponent: str | None
    boards: tuple[int, ...]
    board_set: int | None
    arrow_switched: bool
    sits_out: bool
    next_table: int | None = None
    next_direction: str | None = None

    @property
    def field(self) -> str | None:
        if self.direction is None:
            return None
        return other_direction(self.direction) if self.arrow_switched else self.direction

    @property
    def boards_text(self) -> str:
        return boards_text(self.boards)


@dataclass(frozen=True, slots=True)
class BoardPlay:
    """One play of a board: which board, in which round, at which table, by which pairs.

    ``ns``/``ew`` name the pairs by the cards they hold, as a traveller does: in an arrow-switched round the
    pair seated North-South plays the East-West cards, so it is ``ew`` here (and its result counts in the
    East-West field).
    """

    board: int
    round: int
    table: int
    ns: str
    ew: str
    arrow_switched: bool = False

    def field_of(self, pair: str) -> str:
        """The field (``"NS"`` or ``"EW"``) the pair's result on this board is compared in."""
        return NS if pair == self.ns else EW


@dataclass(frozen=True, slots=True)
class TableRound:
    """What one table plays in one round, as the entry grid shows it: the pairs by the cards they hold (see
    `BoardPlay`), the boards, and whether the arrows are switched."""

    ns: str
    ew: str
    boards: tuple[int, ...]
    arrow_switched: bool

    @property
    def board_range(self) -> str:
        """``"5–7"``: the lowest and the highest board (one number for a single board)."""
        low, high = min(self.boards), max(self.boards)
        return str(low) if low == high else f"{low}–{high}"


def board_sets_for(set_count: int, boards_per_round: int, first_board: int = 1) -> dict[int, tuple[int, ...]]:
    """Consecutive sets: set 1 = boards first_board .. first_board+bpr-1, and so on."""
    return {
        number: tuple(range(first_board + (number - 1) * boards_per_round, first_board + number * boards_per_round))
        for number in range(1, set_count + 1)
    }


def shared_tables(placements: Mapping[int, int | None]) -> dict[int, tuple[int, ...]]:
    """From table -> set in one round, the other tables holding the same set (the declared sharing)."""
    by_set: dict[int, list[int]] = {}
    for table, number in placements.items():
        if number is not None:
            by_set.setdefault(number, []).append(table)
    return {
        table: tuple(sorted(other for other in by_set.get(number, ()) if other != table)) if number else ()
        for table, number in placements.items()
    }


def build_round(
    round: int,
    seats: Mapping[int, tuple[str, str]],
    placements: Mapping[int, int],
    board_sets: Mapping[int, tuple[int, ...]],
    missing: str | None = None,
    arrow_switched: bool = False,
) -> list[Encounter]:
    """One round's encounters, table by table in the order of ``seats`` (table -> NS and EW pair labels);
    ``placements`` gives each table's board set, and the ``missing`` pair's seat is left empty."""
    sharing = shared_tables(placements)
    return [
        Encounter(
            round=round,
            table=table,
            ns=None if ns == missing else ns,
            ew=None if ew == missing else ew,
            boards=board_sets[placements[table]],
            board_set=placements[table],
            arrow_switched=arrow_switched,
            shared_with=sharing[table],
        )
        for table, (ns, ew) in seats.items()
    ]


def check_positive(name: str, value: object, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise TextError("value.at_least", name=name, minimum=minimum, value=value)
    return value
