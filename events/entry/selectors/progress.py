"""How far result entry has got in a section: lines entered per board and per table and round."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from events.models import Section, SitOut, TravellerLine
from events.plans import section_plan
from movement_generators.api import Movement, TableRound


@dataclass(frozen=True)
class BoardProgress:
    number: int
    entered: int
    expected: int | None

    @property
    def complete(self) -> bool:
        return self.expected is not None and self.entered >= self.expected


@dataclass(frozen=True)
class SectionProgress:
    boards: list[BoardProgress]
    rounds: list[int]
    tables: list[int]

    @property
    def entered(self) -> int:
        return sum(board.entered for board in self.boards)

    @property
    def expected(self) -> int:
        return sum(board.expected or 0 for board in self.boards)


def excused_plays(section: Section, plan: Movement) -> set[tuple[int, str, str]]:
    """(board, NS, EW) of each play of the movement that one of its pairs sat out (a Bye): it will have no line."""
    sitting = {
        (number, f"{pair_number}{direction}")
        for number, pair_number, direction in SitOut.objects.filter(board__section=section).values_list(
            "board__number", "pair__number", "pair__direction"
        )
    }
    if not sitting:
        return set()
    return {
        (play.board, play.ns, play.ew)
        for play in plan.schedule
        if (play.board, play.ns) in sitting or (play.board, play.ew) in sitting
    }


def section_progress(section: Section) -> SectionProgress:
    plan = section_plan(section)
    per_board = Counter(TravellerLine.objects.filter(board__section=section).values_list("board__number", flat=True))
    per_board.update(board for board, _ns, _ew in excused_plays(section, plan))  # a play sat out is not to enter
    numbers = plan.played_boards if plan.has_schedule else sorted(section.boards.values_list("number", flat=True))
    boards = [BoardProgress(n, per_board[n], plan.play_count(n) if plan.has_schedule else None) for n in numbers]
    return SectionProgress(boards, list(range(1, plan.rounds + 1)), list(range(1, plan.tables + 1)))


# --- score slips -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SlipCell:
    table: int
    round: int
    play: TableRound | None  # who plays which boards at the table in the round (None: nobody)
    finished: bool  # every board of the slip has its result


def finished_slips(section: Section, plan: Movement) -> set[tuple[int, int]]:
    """(table, round) of each score slip whose every board has its result or was sat out (none without a
    movement)."""
    if not plan.has_schedule:
        return set()
    entered = {
        (board, f"{ns_number}{ns_direction}", f"{ew_number}{ew_direction}")
        for board, ns_number, ns_direction, ew_number, ew_direction in TravellerLine.objects.filter(
            board__section=section
        ).values_list("board__number", "ns_pair__number", "ns_pair__direction", "ew_pair__number", "ew_pair__direction")
    } | excused_plays(section, plan)
    return {
        (table, round_)
        for round_ in range(1, plan.rounds + 1)
        for table in range(1, plan.tables + 1)
        if (plays := plan.plays_at(table, round_)) and all((p.board, p.ns, p.ew) in entered for p in plays)
    }


def slip_grid(plan: Movement, finished: set[tuple[int, int]]) -> list[tuple[int, list[SlipCell]]]:
    """The slip grid of the set-up page: tables down, rounds across, each slip marked when finished."""
    return [
        (table, [SlipCell(table, round_, play, (table, round_) in finished) for round_, play in enumerate(row, 1)])
        for table, row in plan.table_grid()
    ]


def next_slip(plan: Movement, finished: set[tuple[int, int]], table: int, round_: int) -> tuple[int, int] | None:
    """The next score slip still to enter after (table, round): round by round, table by table, back to the
    start after the last; None when every other slip is finished."""
    if plan.has_schedule:
        slips = [(t, r) for r in range(1, plan.rounds + 1) for t in range(1, plan.tables + 1) if plan.plays_at(t, r)]
    else:
        slips = [(t, r) for r in range(1, plan.rounds + 1) for t in range(1, plan.tables + 1)]
    later = [slip for slip in slips if (slip[1], slip[0]) > (round_, table)]
    earlier = [slip for slip in slips if (slip[1], slip[0]) < (round_, table)]
    return next((slip for slip in later + earlier if slip not in finished), None)
