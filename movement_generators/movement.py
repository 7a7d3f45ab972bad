"""The movement itself: every round's encounters, and the questions pages and scoring ask of it.

A movement is a plan: in each round, which two pairs sit at which table (North-South and East-West)
and which boards they play.  `Movement` holds that plan as a tuple of `Encounter` and answers the
questions the director's pages and the scoring need:

* where is pair X in round R (`Movement.pair_round`), and its whole guide card (`Movement.pair_guide`);
* what does table T do each round (`Movement.table_rounds`), with where its boards go next
  (`Movement.table_card`, `Movement.next_table_for_boards`, `Movement.boards_next`);
* who plays board B and when (`Movement.board_plays`, every play in `Movement.schedule`), how many results
  a board is scored against (`Movement.scored_against`) and the fields results are ranked in (`Movement.fields`).

Pair labels are strings: ``"1NS"``/``"1EW"`` in a Mitchell (North-South pair 1 and East-West pair 1 are
different pairs), plain ``"1"``, ``"2"``... in a Howell.  A missing pair (an odd number of pairs) shows as
``None`` in an encounter: the pair facing it sits out that round.  The values (`Encounter`, `BoardPlay`...)
live in `movement_generators.encounters` and are importable from here too.

Standard library only: this module must import without Django.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from .encounters import (
    EW,
    NS,
    BoardPlay,
    BoardsNext,
    Encounter,
    PairRound,
    TableCardRow,
    TableRound,
    board_sets_for,
    boards_text,
    build_round,
    check_positive,
    other_direction,
    pair_number,
    pair_sort_key,
    shared_tables,
)

__all__ = [
    "EW",
    "NS",
    "BoardPlay",
    "BoardsNext",
    "Encounter",
    "Movement",
    "PairRound",
    "TableCardRow",
    "TableRound",
    "board_sets_for",
    "boards_text",
    "build_round",
    "check_positive",
    "no_movement",
    "other_direction",
    "pair_number",
    "pair_sort_key",
    "shared_tables",
]


@dataclass(frozen=True)
class Movement:
    """A complete movement: the plan of every round, and queries over it.

    ``kind``: ``"mitchell"``, ``"howell"``, ``"custom"``, or ``"none"`` for `no_movement` (results entered
    freely: no encounters).  ``board_sets``: set number -> board numbers.
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

    def shift_boards(self, offset: int) -> Movement:
        """The same movement with every board number increased by ``offset`` (a session starting at board
        ``offset + 1``)."""
        if not offset:
            return self
        return dataclasses.replace(
            self,
            board_sets={number: tuple(b + offset for b in boards) for number, boards in self.board_sets.items()},
            encounters=tuple(
                dataclasses.replace(e, boards=tuple(b + offset for b in e.boards)) for e in self.encounters
            ),
        )

    @cached_property
    def schedule(self) -> tuple[BoardPlay, ...]:
        """Every play of every board (sit-outs excluded), by board, then round, then table."""
        plays = [
            BoardPlay(board, encounter.round, encounter.table, *self._card_holders(encounter), encounter.arrow_switched)
            for encounter in self.plays
            for board in encounter.boards
        ]
        return tuple(sorted(plays, key=lambda play: (play.board, play.round, play.table)))

    @staticmethod
    def _card_holders(encounter: Encounter) -> tuple[str, str]:
        """The pairs holding the North-South and East-West cards: swapped from their seats by an arrow switch."""
        assert encounter.ns is not None and encounter.ew is not None
        return (encounter.ew, encounter.ns) if encounter.arrow_switched else (encounter.ns, encounter.ew)

    @cached_property
    def _plays_by_board(self) -> dict[int, tuple[BoardPlay, ...]]:
        grouped: dict[int, list[BoardPlay]] = {}
        for play in self.schedule:
            grouped.setdefault(play.board, []).append(play)
        return {board: tuple(plays) for board, plays in grouped.items()}

    @cached_property
    def _plays_by_table_round(self) -> dict[tuple[int, int], tuple[BoardPlay, ...]]:
        grouped: dict[tuple[int, int], list[BoardPlay]] = {}
        for play in self.schedule:
            grouped.setdefault((play.table, play.round), []).append(play)
        return {key: tuple(plays) for key, plays in grouped.items()}

    @cached_property
    def has_schedule(self) -> bool:
        """Whether any board is played (False for `no_movement`: results are entered freely)."""
        return bool(self.schedule)

    @property
    def played_boards(self) -> tuple[int, ...]:
        """The boards played at least once, in order (a board only ever on a relay or a sit-out table is not)."""
        return tuple(sorted(self._plays_by_board))

    def board_plays(self, board: int) -> tuple[BoardPlay, ...]:
        """Who plays ``board``, in which round and at which table (sit-outs excluded)."""
        return self._plays_by_board.get(board, ())

    def plays_at(self, table: int, round: int) -> tuple[BoardPlay, ...]:
        """The plays at ``table`` in ``round``, by board (none at a sit-out)."""
        return self._plays_by_table_round.get((table, round), ())

    def find_play(self, board: int, ns: str, ew: str) -> BoardPlay | None:
        """The play of ``board`` with ``ns`` holding the North-South cards against ``ew``, if the movement has it."""
        return next((play for play in self.board_plays(board) if play.ns == ns and play.ew == ew), None)

    def play_count(self, board: int) -> int:
        """How many times the movement plays ``board``."""
        return len(self._plays_by_board.get(board, ()))

    @cached_property
    def max_plays(self) -> int:
        """The most times any board is played."""
        return max((len(plays) for plays in self._plays_by_board.values()), default=0)

    def scored_against(self, board: int, entries: int, neuberg: bool, most_played: int) -> int:
        """Neuberg's E: how many results a board with ``entries`` results is scored against.

        With ``neuberg`` every board counts as played the most times: the movement's most plays, or without a
        schedule ``most_played``, the most results any board has.  Without it, the movement's plays of the
        board, or the results it has.
        """
        if self.has_schedule:
            due = self.max_plays if neuberg else self.play_count(board)
        elif neuberg:
            due = most_played
        else:
            due = entries
        return max(due, entries)

    @cached_property
    def fields(self) -> tuple[str, ...]:
        """``("NS", "EW")`` when the two directions are ranked apart, ``("",)`` for one field (a single winner,
        or an arrow switch that mixes the directions)."""
        switched = any(play.arrow_switched for play in self.schedule)
        return (NS, EW) if self.winners == 2 and not switched else ("",)

    def table_grid(self) -> tuple[tuple[int, tuple[TableRound | None, ...]], ...]:
        """Tables x rounds (table 1 first): what each table plays in each round, None where nobody plays."""
        cells: dict[tuple[int, int], TableRound] = {}
        for (table, round), plays in self._plays_by_table_round.items():
            first = plays[0]
            cells[table, round] = TableRound(
                first.ns, first.ew, tuple(play.board for play in plays), first.arrow_switched
            )
        return tuple(
            (table, tuple(cells.get((table, round)) for round in range(1, self.rounds + 1)))
            for table in range(1, self.tables + 1)
        )


def no_movement(tables: int, rounds: int) -> Movement:
    """The stand-in for a session without a movement (results entered freely): no encounters, no schedule."""
    return Movement(
        kind="none",
        name="",
        tables=tables,
        rounds=rounds,
        boards_per_round=None,
        board_sets={},
        winners=1,
        pairs=(),
        encounters=(),
    )
