"""How far result entry has got in a section: lines entered per board and per table and round."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from events.models import Section, TravellerLine
from events.plans import section_plan


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


def section_progress(section: Section) -> SectionProgress:
    plan = section_plan(section)
    per_board = Counter(TravellerLine.objects.filter(board__section=section).values_list("board__number", flat=True))
    numbers = plan.played_boards if plan.has_schedule else sorted(section.boards.values_list("number", flat=True))
    boards = [BoardProgress(n, per_board[n], plan.play_count(n) if plan.has_schedule else None) for n in numbers]
    return SectionProgress(boards, list(range(1, plan.rounds + 1)), list(range(1, plan.tables + 1)))
