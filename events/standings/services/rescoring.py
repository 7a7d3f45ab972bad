"""Scoring traveller lines again: a board, a section, a session (through `scoring`), and the session row lock
every writer takes first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

from django.db.models import QuerySet

import scoring
from events.entry.services.locking import session_write
from events.models import Board, Section, Session, TravellerLine
from events.plans import section_plan
from events.standings.selectors.conventions import conventions_of, expected_results
from events.standings.services.bulk import update_by_pk
from movement_generators.api import Movement


def board_tops(section: Section, plan: Movement, counts: dict[int, int]) -> dict[int, float]:
    """The matchpoint top of each board number, from the number of results it has or was due (0 for a board
    due no result yet: a free-entry section before its first result)."""
    scale = section.session.scale
    expected = {number: expected_results(section, plan, number, played) for number, played in counts.items()}
    return {number: scoring.matchpoint_top(due, scale) if due else 0 for number, due in expected.items()}


def score_lines(*, session: Session, lines: Sequence[TravellerLine | ScoredLine], expected: int) -> None:
    """Sets ns_points and ew_points of every line of one board (in memory), under the session's conventions."""
    scored = [line for line in lines if not line.not_played]
    entries = [line.adjusted or line.ns_score for line in scored]
    points = scoring.score_board(
        session.scoring, entries, expected=expected, scale=session.scale, conventions=conventions_of(session)
    )
    for line in lines:
        line.ns_points = line.ew_points = None
    for line, (ns, ew) in zip(scored, points, strict=True):
        line.ns_points, line.ew_points = ns, ew


def _scored_rows(section: Section, plan: Movement, number: int, lines: Sequence, most_played) -> list:
    """Scores the lines of board `number` (in memory): the rows `update_by_pk` stores, those whose points changed
    (a row written costs an entry in each of the lines' indexes: a session rescored as it was writes nothing)."""
    played = sum(1 for line in lines if not line.not_played)
    before = [(line.ns_points, line.ew_points) for line in lines]
    score_lines(
        session=section.session,
        lines=lines,
        expected=expected_results(section, plan, number, played, most_played),
    )
    return [
        (line.ns_points, line.ew_points, line.pk)
        for line, old in zip(lines, before, strict=True)
        if (line.ns_points, line.ew_points) != old
    ]


def rescore_board(
    *,
    board: Board,
    lines: list[TravellerLine] | None = None,
    plan: Movement | None = None,
    most_played: int | None = None,
) -> None:
    """Scores every line of the board again (its session's standings stored by `session_write`).

    Without a movement, Neuberg scores every board against the section's most results on a board,
    which a change to this board may move: then the whole section is scored again.
    """
    section = board.section
    if section.session.across_field:  # the board is scored with its results in every section
        rescore_session(session=section.session)
        _reread_points(lines or [])
        return
    plan = plan or section_plan(section)
    with session_write(section.session_id):
        if most_played is None and not plan.has_schedule and section.session.short_boards_neuberg:
            rescore_section(section=section, plan=plan)
            return
        lines = list(board.lines.all()) if lines is None else lines
        rows = _scored_rows(section, plan, board.number, lines, most_played)
        update_by_pk(model=TravellerLine, fields=("ns_points", "ew_points"), rows=rows)


def _reread_points(lines: list[TravellerLine]) -> None:
    """The caller's lines given their points as stored (one query), after the whole session was scored."""
    stored = {pk: (ns, ew) for pk, ns, ew in TravellerLine.objects.filter(pk__in=[line.pk for line in lines])
              .values_list("pk", "ns_points", "ew_points")}  # fmt: skip
    for line in lines:
        line.ns_points, line.ew_points = stored.get(line.pk, (line.ns_points, line.ew_points))


@dataclass(slots=True)
class ScoredLine:
    """What scoring a line reads and writes, read alone (not a whole model instance) when a section or a session is
    scored: `score_lines` takes these as it takes lines."""

    pk: int
    board_id: int
    adjusted: str
    ns_score: int | None
    not_played: bool
    ns_points: float | None
    ew_points: float | None


def _by_board(lines: QuerySet[TravellerLine]) -> dict[int, list[ScoredLine]]:
    found: dict[int, list[ScoredLine]] = {}
    for row in lines.order_by("pk").values_list("pk", *(field.name for field in fields(ScoredLine)[1:])):
        line = ScoredLine(*row)
        found.setdefault(line.board_id, []).append(line)
    return found


def _section_rows(section: Section, plan: Movement, boards, lines_by_board: dict[int, list[ScoredLine]]) -> list:
    """The changed rows of every board of the section, scored (Neuberg's most results on a board counted here)."""
    most_played = max(
        (sum(not line.not_played for line in lines_by_board.get(board.pk, [])) for board in boards), default=0
    )
    rows = []
    for board in boards:
        rows += _scored_rows(section, plan, board.number, lines_by_board.get(board.pk, []), most_played)
    return rows


def rescore_section(*, section: Section, plan: Movement) -> None:
    """Scores every board of the section again, its points stored in one statement (a batch of rows)."""
    if section.session.across_field:
        rescore_session(session=section.session)
        return
    with session_write(section.session_id):
        lines = _by_board(TravellerLine.objects.filter(board__section=section))
        rows = _section_rows(section, plan, list(section.boards.all()), lines)
        update_by_pk(model=TravellerLine, fields=("ns_points", "ew_points"), rows=rows)


def rescore_session(*, session: Session) -> None:
    """Scores every board of the session again (its lines and boards read at once, the changed points written in
    one statement), then stores its standings."""
    with session_write(session.pk):
        sections = list(session.sections.select_related("custom_movement", "session"))
        lines_by_board = _by_board(TravellerLine.objects.filter(board__section__session=session))
        boards: dict[int, list[Board]] = {}
        for board in Board.objects.filter(section__session=session).order_by("number"):
            boards.setdefault(board.section_id, []).append(board)
        rows = []
        if session.across_field:
            rows = field_rows(session, sections, boards, lines_by_board)
        for section in [] if session.across_field else sections:
            rows += _section_rows(section, section_plan(section), boards.get(section.pk, []), lines_by_board)
        update_by_pk(model=TravellerLine, fields=("ns_points", "ew_points"), rows=rows)


def field_rows(session: Session, sections: list[Section], boards: dict[int, list[Board]], lines_by_board) -> list:
    """The changed rows of every board scored across the field: a board number's lines in every section scored
    as one field (`scoring.score_field`), against the sum of the results each section was due."""
    by_number: dict[int, list[tuple[Section, Movement, Board, int]]] = {}
    for section in sections:
        plan = section_plan(section)
        most = max((sum(not line.not_played for line in lines_by_board.get(board.pk, [])) for board in
                    boards.get(section.pk, [])), default=0)  # fmt: skip
        for board in boards.get(section.pk, []):
            by_number.setdefault(board.number, []).append((section, plan, board, most))
    rows = []
    for number, played in by_number.items():
        groups = [[line for line in lines_by_board.get(board.pk, []) if not line.not_played] for _s, _p, board, _m in
                  played]  # fmt: skip
        due = [expected_results(section, plan, number, len(group), most) if group else 0
               for (section, plan, _b, most), group in zip(played, groups, strict=True)]  # fmt: skip
        points = scoring.score_field(
            session.scoring,
            [[line.adjusted or line.ns_score for line in group] for group in groups],
            expected=due,
            scale=session.scale,
            conventions=conventions_of(session),
        )
        for (_s, _p, board, _m), group, scored in zip(played, groups, points, strict=True):
            rows += _changed(
                lines_by_board.get(board.pk, []), dict(zip((line.pk for line in group), scored, strict=True))
            )
    return rows


def _changed(lines: Sequence, points: dict[int, tuple[float, float]]) -> list:
    """The rows of `lines` whose points (by line pk; a line not played: none) differ from those stored."""
    rows = []
    for line in lines:
        ns, ew = points.get(line.pk, (None, None))
        if (ns, ew) != (line.ns_points, line.ew_points):
            line.ns_points, line.ew_points = ns, ew
            rows.append((ns, ew, line.pk))
    return rows
