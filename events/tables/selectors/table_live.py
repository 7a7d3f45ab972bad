"""The director's live view of table entry: tables x rounds with each cell's state, the results as they arrive,
the correction requests and the boards still missing."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.utils import timezone

from club.live_states import DISPUTE, DONE, NO_PLAY, WAITING, late_after, play_began, step_state
from events.models import CorrectionRequest, Section, Session, TableEntry, TableResult, TravellerLine
from events.plans import section_plan


@dataclass(frozen=True)
class Cell:
    round: int
    state: str
    boards: tuple[int, ...] = ()


@dataclass
class SectionGrid:
    section: Section
    rounds: list[int]
    rows: list[tuple[int, list[Cell], str]] = field(default_factory=list)  # table, its cells, its page
    missing: int = 0
    expected: int = 0


@dataclass
class LiveView:
    entry: TableEntry | None
    grids: list[SectionGrid]
    arrived: list[TableResult]
    corrections: list[CorrectionRequest]
    disputes: list[TableResult] = field(default_factory=list)  # the boards the two sides of a table disagree on

    @property
    def missing(self) -> int:
        return sum(grid.missing for grid in self.grids)


def _table_cells(plan, table: int, done: dict, typed: dict, started: datetime | None, late: timedelta) -> list[Cell]:
    """A table's cells: each round done, entering (a result typed), late (the round it is on began more than
    `late` ago), waiting or not played (`club.live_states`). The first round begins when play began (`started`),
    a later one when the table's previous round was confirmed."""
    cells: list[Cell] = []
    current_found, begun = False, started
    now = timezone.now()
    for round_ in range(1, plan.rounds + 1):
        plays = plan.plays_at(table, round_)
        if not plays:
            cells.append(Cell(round_, NO_PLAY))
            continue
        keys = [(play.board, play.ns, play.ew) for play in plays]
        boards = tuple(play.board for play in plays)
        if all(key in done for key in keys):
            cells.append(Cell(round_, DONE, boards))
            begun = max((done[key] for key in keys if done[key] is not None), default=begun)
            continue
        if current_found:
            cells.append(Cell(round_, WAITING, boards))
            continue
        current_found = True
        entering = any((table, round_, board) in typed for board in boards)
        state = step_state(done=False, typed=entering, begun=begun, now=now, late=late)
        if any(typed.get((table, round_, board)) for board in boards):
            state = DISPUTE  # the two sides entered different results: the director may settle it
        cells.append(Cell(round_, state, boards))
    return cells


def section_grid(section: Section, entry: TableEntry | None, paths: dict) -> SectionGrid:
    plan = section_plan(section)
    lines = TravellerLine.objects.filter(board__section=section).values_list(
        "board__number", "ns_pair__number", "ns_pair__direction", "ew_pair__number", "ew_pair__direction"
    )
    confirmed = {
        (t.board.number, t.table, t.round): t.confirmed_at
        for t in TableResult.objects.filter(section=section, confirmed_at__isnull=False).select_related("board")
    }
    by_table_round = {(play.board, play.ns, play.ew): (play.table, play.round) for play in plan.schedule}
    done: dict[tuple, datetime | None] = {}
    for number, ns_number, ns_direction, ew_number, ew_direction in lines:
        key = (number, f"{ns_number}{ns_direction}", f"{ew_number}{ew_direction}")
        table, round_ = by_table_round.get(key, (None, None))
        done[key] = confirmed.get((number, table, round_))
    rows = TableResult.objects.filter(section=section).values_list(
        "table", "round", "board__number", "updated_at", "disputed", "confirmed_at"
    )
    typed = {(table, round_, number): bool(disputed) and not at for table, round_, number, _u, disputed, at in rows}
    started = play_began([row[3] for row in rows])
    late = late_after(entry.late_minutes if entry else None)
    grid = SectionGrid(section, list(range(1, plan.rounds + 1)))
    for table in range(1, plan.tables + 1):
        cells = _table_cells(plan, table, done, typed, started, late)
        grid.rows.append((table, cells, paths.get((section.pk, table), "")))
    grid.expected = len(plan.schedule)
    grid.missing = sum(1 for play in plan.schedule if (play.board, play.ns, play.ew) not in done)
    return grid


def live_view(session: Session, paths: dict) -> LiveView:
    """`paths`: (section id, table) -> the table's page."""
    entry = TableEntry.objects.filter(session=session).first()
    sections = [
        section
        for section in session.sections.select_related("custom_movement", "session")
        if section_plan(section).has_schedule
    ]
    arrived = list(
        TableResult.objects.filter(section__session=session, confirmed_at__isnull=False)
        .select_related("section", "board", "line")
        .order_by("-confirmed_at")[:12]
    )
    corrections = list(
        CorrectionRequest.objects.filter(section__session=session, resolved=False).select_related("section", "board")
    )
    disputes = [
        typed
        for typed in TableResult.objects.filter(section__session=session, confirmed_at__isnull=True)
        .exclude(side="")
        .select_related("section", "board")
        .order_by("section", "table", "round", "board")
        if typed.in_dispute
    ]
    grids = [section_grid(section, entry, paths) for section in sections]
    return LiveView(entry, grids, arrived, corrections, disputes)
