"""Is a movement sound, and how fair is it?

`check` lists what makes a movement unplayable or unfair: a pair facing itself, a pair in two places in one
round, two encounters at one table in one round, a pair playing a board twice, two pairs meeting twice, a
board at two tables in one round that is not declared as shared.  Each `Violation` says where: the CSV line
(``row``) for a custom movement, the round and table otherwise.

`balance` measures fairness: two pairs' results are compared on a board when both play it in the same field
(both North-South, or both East-West, an arrow switch swapping the field), at different tables.  In a fair
movement every pair is compared about equally often with every other pair it competes with.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .encounters import EW, NS, Encounter, boards_text, pair_sort_key
from .movement import Movement
from .texts import Text


@dataclass(frozen=True, slots=True)
class Violation:
    """One problem in a movement.  ``code`` is stable (for programs), ``message`` is for people.

    ``detail`` is the message without where it happens (a `Text`: its own code and parameters, for a site that
    says it in another language).
    """

    code: str
    message: str
    row: int | None = None
    round: int | None = None
    table: int | None = None
    detail: str = ""

    def __str__(self) -> str:
        return self.message


def _where(encounter: Encounter) -> str:
    if encounter.row is not None:
        return f"line {encounter.row}"
    return f"round {encounter.round}, table {encounter.table}"


def _other(encounter: Encounter) -> tuple[str, dict[str, int]]:
    """Which variant says where an earlier encounter is ("on line 4" or "in round 2 at table 3"), and its values."""
    if encounter.row is not None:
        return "line", {"line": encounter.row}
    return "table", {"round": encounter.round, "table": encounter.table}


def _violation(code: str, encounter: Encounter, text: Text) -> Violation:
    return Violation(
        code=code,
        message=f"{_where(encounter)}: {text}",
        row=encounter.row,
        round=encounter.round,
        table=encounter.table,
        detail=text,
    )


def check(movement: Movement) -> list[Violation]:
    """Every problem in the movement, in the order of its encounters (empty when the movement is sound)."""
    violations: list[Violation] = []
    placed: dict[tuple[str, int], Encounter] = {}  # (pair, round) -> encounter
    tables_used: dict[tuple[int, int], Encounter] = {}  # (round, table) -> encounter
    played: dict[tuple[str, int], Encounter] = {}  # (pair, board) -> first play
    met: dict[frozenset[str], Encounter] = {}
    by_round: dict[int, list[Encounter]] = {}  # round -> encounters where boards are played

    def add(code: str, encounter: Encounter, variant: str = "", **params: object) -> None:
        violations.append(_violation(code, encounter, Text(f"check.{code}{variant}", **params)))

    for encounter in movement.encounters:
        if encounter.ns is None and encounter.ew is None:
            add("empty_table", encounter)
            continue
        if encounter.round < 1 or encounter.table < 1:
            add("bad_number", encounter)
        earlier_table = tables_used.get((encounter.round, encounter.table))
        if earlier_table is not None:
            line = {"line": earlier_table.row} if earlier_table.row is not None else {}
            add(
                "table_used_twice",
                encounter,
                ".line" if line else "",
                table=encounter.table,
                round=encounter.round,
                **line,
            )
        else:
            tables_used[(encounter.round, encounter.table)] = encounter
        if encounter.ns is not None and encounter.ns == encounter.ew:
            add("pair_against_itself", encounter, pair=encounter.ns)
            continue
        for pair in encounter.pairs:
            elsewhere = placed.get((pair, encounter.round))
            if elsewhere is not None:
                where = {"line": elsewhere.row} if elsewhere.row is not None else {"table": elsewhere.table}
                add("pair_in_two_places", encounter, "." + next(iter(where)), pair=pair, round=encounter.round, **where)
            else:
                placed[(pair, encounter.round)] = encounter
        if encounter.is_sit_out:
            continue
        if not encounter.boards:
            add("no_boards", encounter)
        meeting = frozenset(encounter.pairs)
        before = met.get(meeting)
        if before is not None and before.round != encounter.round:
            variant, where = _other(before)
            add("pairs_meet_again", encounter, "." + variant, ns=encounter.ns, ew=encounter.ew, **where)
        else:
            met.setdefault(meeting, encounter)
        for pair in encounter.pairs:
            again: dict[int, list[int]] = {}  # index of the earlier encounter -> boards played again
            earlier: dict[int, Encounter] = {}
            for board in encounter.boards:
                first = played.get((pair, board))
                if first is not None:
                    again.setdefault(id(first), []).append(board)
                    earlier[id(first)] = first
                else:
                    played[(pair, board)] = encounter
            for key, boards in again.items():
                variant, where = _other(earlier[key])
                code = "board_played_twice" if len(boards) == 1 else "boards_played_twice"
                violations.append(
                    _violation(
                        "board_played_twice",
                        encounter,
                        Text(
                            f"check.{code}.{variant}",
                            pair=pair,
                            boards=boards_text(tuple(boards)),
                            count=len(boards),
                            **where,
                        ),
                    )
                )
        by_round.setdefault(encounter.round, []).append(encounter)

    for round, plays in by_round.items():
        for first, second in itertools.combinations(plays, 2):
            common = tuple(sorted(set(first.boards) & set(second.boards)))
            if not common or first.table == second.table:
                continue  # the same table twice is already reported
            if second.table in first.shared_with and first.table in second.shared_with:
                continue
            code = "board_at_two_tables" if len(common) == 1 else "boards_at_two_tables"
            line = {"line": first.row} if first.row is not None else {}
            violations.append(
                _violation(
                    "board_at_two_tables",
                    second,
                    Text(
                        f"check.{code}" + (".line" if line else ""),
                        boards=boards_text(common),
                        count=len(common),
                        table=first.table,
                        round=round,
                        **line,
                    ),
                )
            )
    return violations


def meeting_counts(movement: Movement) -> Counter:
    """How many times each two pairs meet: frozenset({a, b}) -> count (sit-outs excluded)."""
    return Counter(frozenset(encounter.pairs) for encounter in movement.plays)


def boards_played(movement: Movement) -> dict[str, Counter]:
    """pair -> Counter of board numbers it plays (a count above 1 is a board played twice)."""
    result: dict[str, Counter] = {pair: Counter() for pair in movement.pairs}
    for encounter in movement.plays:
        for pair in encounter.pairs:
            result.setdefault(pair, Counter()).update(encounter.boards)
    return result


@dataclass(frozen=True)
class BalanceReport:
    """How often each pair's results are compared with each other pair's.

    ``compared[a][b]``: boards on which a and b play in the same field at different tables (their scores are
    ranked against each other).  ``opposed[a][b]``: boards on which they play in opposite fields at different
    tables (a good score for one is a poor one for the other, indirectly).  ``groups``: the pairs ranked
    together (one group for a one-winner movement, the two lines of a two-winner Mitchell); the summary
    figures are over pairs of the same group.
    """

    pairs: tuple[str, ...]
    groups: tuple[tuple[str, ...], ...]
    compared: Mapping[str, Mapping[str, int]]
    opposed: Mapping[str, Mapping[str, int]]

    def _within(self) -> list[int]:
        return [self.compared[a][b] for group in self.groups for a, b in itertools.permutations(group, 2)]

    @property
    def minimum(self) -> int:
        return min(self._within(), default=0)

    @property
    def maximum(self) -> int:
        return max(self._within(), default=0)

    @property
    def spread(self) -> int:
        """Maximum minus minimum: 0 for a perfectly balanced movement."""
        return self.maximum - self.minimum

    @property
    def ideal(self) -> float:
        """The average comparison count: what every pair would have in a perfectly balanced movement."""
        values = self._within()
        return sum(values) / len(values) if values else 0.0

    def pair_range(self, pair: str) -> tuple[int, int]:
        """(fewest, most) comparisons of ``pair`` with the other pairs of its group."""
        group = next(group for group in self.groups if pair in group)
        values = [self.compared[pair][other] for other in group if other != pair]
        return (min(values, default=0), max(values, default=0))

    def distribution(self) -> dict[int, int]:
        """comparison count -> number of (ordered) pairs of pairs with that count, within groups."""
        return dict(sorted(Counter(self._within()).items()))

    def text(self) -> str:
        """A matrix per group, then the summary."""
        lines = []
        for group in self.groups:
            width = max(len(label) for label in group) + 1
            lines.append(" " * width + "".join(f"{label:>{width}}" for label in group))
            for a in group:
                cells = "".join(f"{'-' if a == b else self.compared[a][b]:>{width}}" for b in group)
                lines.append(f"{a:>{width}}{cells}")
            lines.append("")
        lines.append(
            f"compared on {self.minimum} to {self.maximum} boards (average {self.ideal:.2f}, spread {self.spread})"
        )
        return "\n".join(lines)


def balance(movement: Movement) -> BalanceReport:
    """Comparison counts between every two pairs (see `BalanceReport`)."""
    pairs = movement.pairs
    compared = {a: dict.fromkeys(pairs, 0) for a in pairs}
    opposed = {a: dict.fromkeys(pairs, 0) for a in pairs}
    by_board: dict[int, list[tuple[Encounter, str, str]]] = {}
    for encounter in movement.plays:
        for pair in encounter.pairs:
            for board in encounter.boards:
                by_board.setdefault(board, []).append((encounter, pair, encounter.field_of(pair)))
    for entries in by_board.values():
        for (enc_a, a, field_a), (enc_b, b, field_b) in itertools.permutations(entries, 2):
            if enc_a is enc_b or a == b:
                continue
            if a not in compared or b not in compared:
                continue
            if field_a == field_b:
                compared[a][b] += 1
            else:
                opposed[a][b] += 1
    if movement.winners == 2:
        lines = (
            tuple(p for p in pairs if p.endswith(NS)),
            tuple(p for p in pairs if p.endswith(EW)),
        )
        groups = tuple(group for group in lines if group) or (tuple(pairs),)
        if sum(len(group) for group in groups) != len(pairs):
            groups = (tuple(pairs),)
    else:
        groups = (tuple(sorted(pairs, key=pair_sort_key)),)
    freeze = lambda table: MappingProxyType({k: MappingProxyType(v) for k, v in table.items()})  # noqa: E731
    return BalanceReport(pairs=tuple(pairs), groups=groups, compared=freeze(compared), opposed=freeze(opposed))
