"""Entering and scoring traveller lines: models in, plain data to `scoring`, results saved.

Every function here that writes does so in one transaction: a line is saved with its board
rescored, or nothing is saved at all.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from club.typed_result import LineResult
from events.bulk import update_by_pk
from events.models import Board, Pair, Seating, Section, Session, TravellerLine
from events.plans import Plan, section_plan
from events.standings import refresh_standings

FAR_SCORE = 500  # a score this far from every other result on the board is worth a second look


def check_placement(plan: Plan, board: Board, ns_pair: Pair, ew_pair: Pair, round_: int | None,
                    others: list[TravellerLine]) -> None:
    """Refuses a line the movement or the board cannot hold. `others` are the board's other lines."""
    if ns_pair.pk == ew_pair.pk:
        raise ValidationError({"ew_pair": _("NS and EW must be two different pairs.")})
    errors = {}
    for field, pair in (("ns_pair", ns_pair), ("ew_pair", ew_pair)):
        clash = next((line for line in others if pair.pk in (line.ns_pair_id, line.ew_pair_id)), None)
        if clash is not None:
            errors[field] = _("Pair %(pair)s already has a result on board %(board)s.") % {
                "pair": pair.label, "board": board.number}
    if errors:
        raise ValidationError(errors)
    if not plan.has_schedule:
        return
    slot = plan.find(board.number, ns_pair.label, ew_pair.label)
    if slot is None:
        swapped = plan.find(board.number, ew_pair.label, ns_pair.label)
        if swapped is not None:
            message = _("The movement seats %(ns)s North-South and %(ew)s East-West on board %(board)s: "
                        "are the directions swapped?") % {"ns": ew_pair.label, "ew": ns_pair.label,
                                                        "board": board.number}
        else:
            message = _("The movement does not put %(ns)s against %(ew)s on board %(board)s.") % {
                "ns": ns_pair.label, "ew": ew_pair.label, "board": board.number}
        raise ValidationError({"ns_pair": message})
    if round_ is not None and slot.round != round_:
        raise ValidationError({"round": _("The movement has %(ns)s v %(ew)s play board %(board)s in round "
                                          "%(right)s, not round %(wrong)s.") % {
            "ns": ns_pair.label, "ew": ew_pair.label, "board": board.number, "right": slot.round,
            "wrong": round_}})
    if len(others) >= plan.plays(board.number):
        raise ValidationError(ngettext("Board %(board)s already has its %(count)s result.",
                                       "Board %(board)s already has all its %(count)s results.",
                                       plan.plays(board.number)) % {
            "board": board.number, "count": plan.plays(board.number)})


def expected_results(section: Section, plan: Plan, board_number: int, entries: int,
                     most_played: int | None = None) -> int:
    """How many results a board is scored against (Neuberg's E: `Plan.scored_against`).

    Without a movement, Neuberg scores every board against the section's most results on a board:
    `most_played` when the caller has counted them, else one query.
    """
    neuberg = section.session.neuberg_for_movement
    if most_played is None and neuberg and not plan.has_schedule:
        most_played = (TravellerLine.objects.filter(board__section=section, not_played=False)
                       .values("board").annotate(n=Count("id")).aggregate(most=Max("n"))["most"] or 0)
    return plan.scored_against(board_number, entries, neuberg, most_played or 0)


def board_tops(section: Section, plan: Plan, counts: dict[int, int]) -> dict[int, float]:
    """The matchpoint top of each board number, from the number of results it has or was due."""
    scale = section.session.scale
    return {number: scoring.matchpoint_top(expected_results(section, plan, number, played), scale)
            for number, played in counts.items()}


def score_lines(session: Session, lines: list[TravellerLine], expected: int) -> None:
    """Sets ns_points and ew_points of every line of one board (in memory)."""
    scored = [line for line in lines if not line.not_played]
    entries = [line.adjusted or line.ns_score for line in scored]
    if not entries:
        points = []
    elif session.scoring == Session.Scoring.MATCHPOINTS:
        points = scoring.matchpoints(entries, expected=expected, scale=session.scale)
    elif session.scoring == Session.Scoring.BUTLER:
        points = scoring.butler_imps(entries)
    else:
        points = scoring.cross_imps(entries, average=True)
    for line in lines:
        line.ns_points = line.ew_points = None
    for line, (ns, ew) in zip(scored, points, strict=True):
        line.ns_points, line.ew_points = ns, ew


def lock_session(session_id: int) -> None:
    """Takes the session's row lock (a no-op on SQLite, which writes one transaction at a time).

    Every service that changes a session's results takes it first, so two directors' saves are scored
    and ranked one after the other, with the locks always taken in the same order: the session, then
    its lines.
    """
    list(Session.objects.select_for_update(of=("self",)).filter(pk=session_id).values_list("pk", flat=True))


def rescore_board(board: Board, lines: list[TravellerLine] | None = None, plan: Plan | None = None, *,
                  standings: bool = True, most_played: int | None = None) -> None:
    """Scores every line of the board again and, unless told not to, stores the session's standings.

    Without a movement, Neuberg scores every board against the section's most results on a board,
    which a change to this board may move: then the whole section is scored again.
    """
    section = board.section
    plan = plan or section_plan(section)
    if most_played is None and not plan.has_schedule and section.session.neuberg_for_movement:
        rescore_section(section, plan)
    else:
        lines = list(board.lines.all()) if lines is None else lines
        played = sum(1 for line in lines if not line.not_played)
        score_lines(section.session, lines, expected_results(section, plan, board.number, played, most_played))
        update_by_pk(TravellerLine, ("ns_points", "ew_points"),
                     [(line.ns_points, line.ew_points, line.pk) for line in lines])
    if standings:
        refresh_standings([section.session_id])


def rescore_section(section: Section, plan: Plan) -> None:
    """Scores every board of the section again (the standings are the caller's to store)."""
    lines_by_board: dict[int, list[TravellerLine]] = {}
    for line in TravellerLine.objects.filter(board__section=section).order_by("pk"):
        lines_by_board.setdefault(line.board_id, []).append(line)
    most_played = max((sum(not line.not_played for line in lines) for lines in lines_by_board.values()), default=0)
    for board in section.boards.all():
        board.section = section
        rescore_board(board, lines_by_board.get(board.pk, []), plan, standings=False, most_played=most_played)


def rescore_session(session: Session) -> None:
    """Scores every board of the session again, then stores its standings."""
    for section in session.sections.select_related("custom_movement", "session"):
        rescore_section(section, section_plan(section))
    refresh_standings([session.pk])


@transaction.atomic
def save_line(board: Board, *, ns_pair: Pair, ew_pair: Pair, result: LineResult, round_: int | None = None,
              table: int | None = None, lead: str = "", line: TravellerLine | None = None,
              user=None, standings: bool = True) -> TravellerLine:
    """Saves one traveller line (new, or `line` changed) after every check, and rescores its board.

    The session's standings are stored too, unless the caller saves several lines and stores them once.
    """
    section = board.section
    lock_session(section.session_id)
    plan = section_plan(section)
    lines = list(board.lines.select_for_update().order_by("pk"))
    others = [other for other in lines if line is None or other.pk != line.pk]
    check_placement(plan, board, ns_pair, ew_pair, round_, others)
    if round_ is None or table is None:
        slot = plan.find(board.number, ns_pair.label, ew_pair.label)
        if slot is not None:
            round_, table = round_ or slot.round, table or slot.table
    line = line or TravellerLine(board=board)
    line.ns_pair, line.ew_pair, line.round, line.table = ns_pair, ew_pair, round_, table
    line.contract, line.adjusted, line.not_played = result.contract, result.adjusted, result.not_played
    line.declarer, line.tricks, line.ns_score = result.declarer, result.tricks, result.ns_score
    line.lead = lead.strip().upper()[:3]
    line.checked = False  # a changed line needs the director's look again
    line._history_user = user
    line.save()
    line.seatings.all().delete()
    Seating.objects.bulk_create([Seating(line=line, board=board, pair=ns_pair),
                                 Seating(line=line, board=board, pair=ew_pair)])
    rescore_board(board, others + [line], plan, standings=standings)
    return line


@transaction.atomic
def delete_line(line: TravellerLine, user=None) -> None:
    board = line.board
    lock_session(board.section.session_id)
    line._history_user = user
    line.delete()
    rescore_board(board)


def board_warnings(lines: list[TravellerLine]) -> dict[int, list[str]]:
    """Non-blocking warnings per line id: a score far from every other, a passed-out board."""
    warnings: dict[int, list[str]] = {}
    played = [line for line in lines if line.ns_score is not None and not line.adjusted]
    for line in played:
        notes = []
        if line.contract == "PASS":
            notes.append(_("Passed out."))
        others = [other.ns_score for other in played if other.pk != line.pk]
        if len(others) >= 2 and all(abs(line.ns_score - other) >= FAR_SCORE for other in others):
            notes.append(_("This score is far from every other result on the board: check the slip."))
        if notes:
            warnings[line.pk] = notes
    return warnings
