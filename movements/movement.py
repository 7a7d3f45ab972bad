"""The data every movement shares: encounters, the movement itself, and the questions pages ask of it.

A movement is a plan: in each round, which two pairs sit at which table (North-South and East-West)
and which boards they play.  `Movement` holds that plan as a tuple of `Encounter` and answers the
questions the director's pages and the scoring need:

* where is pair X in round R (`Movement.pair_round`), and its whole guide card (`Movement.pair_guide`);
* what does table T do each round (`Movement.table_rounds`), with where its boards go next
  (`Movement.table_card`, `Movement.next_table_for_boards`, `Movement.boards_next`);
* who plays board B and when (`Movement.board_plays`).

Pair labels are strings: ``"1NS"``/``"1EW"`` in a Mitchell (North-South pair 1 and East-West pair 1 are
different pairs), plain ``"1"``, ``"2"``... in a Howell.  A missing pair (an odd number of pairs) shows as
``None`` in an encounter: the pair facing it sits out that round.

Standard library only: this module must import without Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .texts import TextError

NS = "NS"
EW = "EW"


def other_direction(direction: str) -> str:
    return EW if direction == NS else NS


def pair_number(label: str) -> int | None:
    """The number in a pair label: ``"12EW"`` -> 12, ``"7"`` -> 7; None if the label has no leading number."""
    digits = ""
    for char in label:
        if not char.isdigit():
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
    """One play of a board: in which round, at which table, by which pairs."""

    round: int
    table: int
    ns: str
    ew: str
    arrow_switched: bool

    def field_of(self, pair: str) -> str:
        direction = NS if pair == self.ns else EW
        return other_direction(direction) if self.arrow_switched else direction


@dataclass(frozen=True)
class Movement:
    """A complete movement: the plan of every round, and queries over it.

    ``kind``: ``"mitchell"``, ``"howell"`` or ``"custom"``.  ``board_sets``: set number -> board numbers.
    ``boards_per_round`` is None for a custom movement whose rounds have different numbers of boards.
    ``winners``: 2 when North-South and East-West are ranked separately, 1 for a single ranking.
    ``pairs``: every pair label that plays (a missing pair is not listed; see ``missing_pair``).
    ``encounters``: sorted by round, then table.  ``notes``: instructions for the director, in English.
    """

    kind: str
    name: str
    tables: int
    rounds: int
    boards_per_round: int | None
    board_sets: Mapping[int, tuple[int, ...]]
    winners: int
    pairs: tuple[str, ...]
    encounters: tuple[Encounter, ...]
    missing_pair: str | None = None
    notes: tuple[str, ...] = ()
    _index: dict = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "board_sets", MappingProxyType(dict(self.board_sets)))
        object.__setattr__(self, "encounters", tuple(sorted(self.encounters, key=lambda e: (e.round, e.table))))
        by_round_table: dict[tuple[int, int], Encounter] = {}
        by_pair_round: dict[tuple[str, int], Encounter] = {}
        by_round: dict[int, list[Encounter]] = {}
        by_table: dict[int, list[Encounter]] = {}
        by_board: dict[int, list[Encounter]] = {}
        for encounter in self.encounters:
            by_round_table.setdefault((encounter.round, encounter.table), encounter)
            by_round.setdefault(encounter.round, []).append(encounter)
            by_table.setdefault(encounter.table, []).append(encounter)
            for board in encounter.boards:
                by_board.setdefault(board, []).append(encounter)
            for pair in encounter.pairs:
                by_pair_round.setdefault((pair, encounter.round), encounter)
        self._index.update(
            round_table=by_round_table,
            pair_round=by_pair_round,
            round={key: tuple(value) for key, value in by_round.items()},
            table={key: tuple(value) for key, value in by_table.items()},
            board={key: tuple(value) for key, value in by_board.items()},
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.name, self.encounters))

    # ----- simple facts ---------------------------------------------------------------------------

    @property
    def boards(self) -> tuple[int, ...]:
        """Every board number in the movement, in order."""
        numbers = {board for boards in self.board_sets.values() for board in boards}
        numbers.update(board for encounter in self.encounters for board in encounter.boards)
        return tuple(sorted(numbers))

    @property
    def plays(self) -> tuple[Encounter, ...]:
        """The encounters where boards are actually played (no sit-outs)."""
        return tuple(encounter for encounter in self.encounters if not encounter.is_sit_out)

    @property
    def arrow_switch_rounds(self) -> tuple[int, ...]:
        return tuple(sorted({e.round for e in self.encounters if e.arrow_switched}))

    def sets_in_play(self, round: int) -> tuple[int, ...]:
        """Board sets on a table in this round (including at a sit-out table)."""
        return tuple(sorted({e.board_set for e in self.encounters if e.round == round and e.board_set is not None}))

    def relay_sets(self, round: int) -> tuple[int, ...]:
        """Board sets not on any table in this round: they wait on a relay table (a bye stand)."""
        on_tables = set(self.sets_in_play(round))
        return tuple(number for number in sorted(self.board_sets) if number not in on_tables)

    # ----- by round and table ---------------------------------------------------------------------

    def encounter(self, round: int, table: int) -> Encounter | None:
        return self._index["round_table"].get((round, table))

    def round_encounters(self, round: int) -> tuple[Encounter, ...]:
        return self._index["round"].get(round, ())

    def grid(self) -> tuple[tuple[Encounter | None, ...], ...]:
        """Rounds x tables (round 1 first, table 1 first): the preview of the whole movement."""
        return tuple(
            tuple(self.encounter(round, table) for table in range(1, self.tables + 1))
            for round in range(1, self.rounds + 1)
        )

    def table_rounds(self, table: int) -> tuple[Encounter, ...]:
        """What a table does, round by round."""
        return self._index["table"].get(table, ())

    def boards_next(self, table: int, round: int) -> BoardsNext:
        """Where the boards on ``table`` in ``round`` go next: the next round they are on a table, and which
        table(s) (a sit-out table counts: the boards are carried there even if nobody plays them)."""
        encounter = self.encounter(round, table)
        if encounter is None or not encounter.boards:
            return BoardsNext(None, (), False)
        later = [
            other for board in encounter.boards for other in self._index["board"].get(board, ()) if other.round > round
        ]
        if not later:
            return BoardsNext(None, (), False)
        next_round = min(other.round for other in later)
        tables = tuple(sorted({other.table for other in later if other.round == next_round}))
        return BoardsNext(next_round, tables, next_round > round + 1)

    def next_table_for_boards(self, table: int, round: int) -> int | None:
        """The table that has these boards in the very next round (the lowest, if shared); None when they
        go to a relay or are not played again."""
        destination = self.boards_next(table, round)
        if destination.round is None or destination.via_relay:
            return None
        return destination.table

    def table_card(self, table: int) -> tuple[TableCardRow, ...]:
        """Every round at a table, with where its boards go afterwards: the data of a printed table card."""
        return tuple(
            TableCardRow(
                round=encounter.round,
                table=encounter.table,
                ns=encounter.ns,
                ew=encounter.ew,
                boards=encounter.boards,
                board_set=encounter.board_set,
                arrow_switched=encounter.arrow_switched,
                shared_with=encounter.shared_with,
                boards_next=self.boards_next(encounter.table, encounter.round),
            )
            for encounter in self.table_rounds(table)
        )

    # ----- by pair ----------------------------------------------------------------------------------

    def _pair_encounter(self, pair: str, round: int) -> Encounter | None:
        return self._index["pair_round"].get((pair, round))

    def _pair_round(self, pair: str, round: int) -> PairRound | None:
        encounter = self._pair_encounter(pair, round)
        if encounter is None:
            return None
        following = self._pair_encounter(pair, round + 1)
        next_table = next_direction = None
        if following is not None and not following.is_sit_out:
            next_table, next_direction = following.table, following.direction_of(pair)
        sits_out = encounter.is_sit_out
        return PairRound(
            round=round,
            pair=pair,
            table=encounter.table,
            direction=encounter.direction_of(pair),
            opponent=encounter.opponent_of(pair),
            boards=() if sits_out else encounter.boards,
            board_set=None if sits_out else encounter.board_set,
            arrow_switched=encounter.arrow_switched and not sits_out,
            sits_out=sits_out,
            next_table=next_table,
            next_direction=next_direction,
        )

    def pair_round(self, pair: str, round: int) -> PairRound | None:
        """Where the pair plays in ``round``: table, direction, opponent, boards; None when it sits out."""
        self._require_pair(pair)
        found = self._pair_round(pair, round)
        if found is None or found.sits_out:
            return None
        return found

    def pair_guide(self, pair: str) -> tuple[PairRound, ...]:
        """Every round for one pair, sit-outs included (``sits_out=True``): the data of a pair guide card."""
        self._require_pair(pair)
        guide = []
        for round in range(1, self.rounds + 1):
            found = self._pair_round(pair, round)
            if found is None:
                found = PairRound(round, pair, None, None, None, (), None, False, True)
            guide.append(found)
        return tuple(guide)

    def _require_pair(self, pair: str) -> None:
        if pair not in self.pairs and pair != self.missing_pair:
            raise KeyError(f"no pair {pair!r} in this movement (pairs: {', '.join(self.pairs)})")

    # ----- by board ---------------------------------------------------------------------------------

    def board_plays(self, board: int) -> tuple[BoardPlay, ...]:
        """Who plays ``board``, in which round and at which table (sit-outs excluded)."""
        return tuple(
            BoardPlay(encounter.round, encounter.table, encounter.ns, encounter.ew, encounter.arrow_switched)
            for encounter in self._index["board"].get(board, ())
            if not encounter.is_sit_out
        )


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
