"""Entering and scoring traveller lines: models in, plain data to `scoring`, results saved.

Every function here that writes does so in one transaction: a line is saved with its board
rescored, or nothing is saved at all.
"""

from __future__ import annotations

from functools import cache

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.statements import columns, db_column, for_update, read_models, table
from club.typed_result import LineResult
from events.entry.services.locking import correction_reason, session_write
from events.entry.services.sit_outs import check_not_sitting_out, sitting_out
from events.models import Board, Pair, Seating, TravellerLine
from events.plans import section_plan
from events.standings.services.rescoring import rescore_board
from movement_generators.api import Movement


def check_placement(
    plan: Movement, board: Board, ns_pair: Pair, ew_pair: Pair, round_: int | None, others: list[TravellerLine]
) -> None:
    """Refuses a line the movement or the board cannot hold. `others` are the board's other lines."""
    if ns_pair.pk == ew_pair.pk:
        raise ValidationError({"ew_pair": _("NS and EW must be two different pairs.")})
    errors = {}
    for field, pair in (("ns_pair", ns_pair), ("ew_pair", ew_pair)):
        clash = next((line for line in others if pair.pk in (line.ns_pair_id, line.ew_pair_id)), None)
        if clash is not None:
            errors[field] = _("Pair %(pair)s already has a result on board %(board)s.") % {
                "pair": pair.label,
                "board": board.number,
            }
    if errors:
        raise ValidationError(errors)
    if not plan.has_schedule:
        return
    slot = plan.find_play(board.number, ns_pair.label, ew_pair.label)
    if slot is None:
        swapped = plan.find_play(board.number, ew_pair.label, ns_pair.label)
        if swapped is not None:
            message = _(
                "The movement seats %(ns)s North-South and %(ew)s East-West on board %(board)s: "
                "are the directions swapped?"
            ) % {"ns": ew_pair.label, "ew": ns_pair.label, "board": board.number}
        else:
            message = _("The movement does not put %(ns)s against %(ew)s on board %(board)s.") % {
                "ns": ns_pair.label,
                "ew": ew_pair.label,
                "board": board.number,
            }
        raise ValidationError({"ns_pair": message})
    if round_ is not None and slot.round != round_:
        raise ValidationError(
            {
                "round": _(
                    "The movement has %(ns)s v %(ew)s play board %(board)s in round %(right)s, not round %(wrong)s."
                )
                % {
                    "ns": ns_pair.label,
                    "ew": ew_pair.label,
                    "board": board.number,
                    "right": slot.round,
                    "wrong": round_,
                }
            }
        )
    if len(others) >= plan.play_count(board.number):
        raise ValidationError(
            ngettext(
                "Board %(board)s already has its %(count)s result.",
                "Board %(board)s already has all its %(count)s results.",
                plan.play_count(board.number),
            )
            % {"board": board.number, "count": plan.play_count(board.number)}
        )


def save_line(
    *,
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    result: LineResult,
    round_: int | None = None,
    table: int | None = None,
    lead: str = "",
    line: TravellerLine | None = None,
    user=None,
    source: str = "",
) -> TravellerLine:
    """Saves one traveller line (new, or `line` changed) after every check, and rescores its board.

    The session's standings are stored too, once for all the lines when the caller saves several in its own
    `session_write` block. `source` says where the result came from in the line's history (e.g. "entered at
    table 3"); empty for the director's entry.
    """
    section = board.section
    with session_write(section.session_id):  # the transaction (or the caller's): no savepoint of its own
        plan = section_plan(section)
        # The board's row, then its lines: tables confirming at once (sharing the session's lock) write a board
        # one after the other, a first line included. The board's query says whether each pair sits it out too.
        pairs = {"ns_pair": ns_pair, "ew_pair": ew_pair}
        with connection.cursor() as cursor:
            cursor.execute(_board_sql(connection.vendor), [ns_pair.pk, ew_pair.pk, board.pk])
            row = cursor.fetchone()
        lines = board_lines(board.pk, locked=True)
        others = [other for other in lines if line is None or other.pk != line.pk]
        check_placement(plan, board, ns_pair, ew_pair, round_, others)
        check_not_sitting_out(board, pairs, dict(zip(pairs, map(bool, row or (False, False)), strict=True)))
        if round_ is None or table is None:
            slot = plan.find_play(board.number, ns_pair.label, ew_pair.label)
            if slot is not None:
                round_, table = round_ or slot.round, table or slot.table
        stored = next((other for other in lines if line is not None and other.pk == line.pk), None)
        adding = line is None  # a new line has no seatings to remove
        line = line or TravellerLine(board=board)
        line.version = stored.version + 1 if stored is not None else 1  # a page drawn from an older version is refused
        line.ns_pair, line.ew_pair, line.round, line.table = ns_pair, ew_pair, round_, table
        line.contract, line.adjusted, line.not_played = result.contract, result.adjusted, result.not_played
        line.declarer, line.tricks, line.ns_score = result.declarer, result.tricks, result.ns_score
        line.bare_average = result.bare_average
        line.lead = lead.strip().upper()[:3]
        line.checked = False  # a changed line needs the director's look again
        line._history_user = user
        line._change_reason = source or correction_reason(section.session_id) or None
        line.save()
        if not adding:
            line.seatings.all().delete()
        with connection.cursor() as cursor:
            cursor.execute(
                _seatings_sql(connection.vendor), [line.pk, board.pk, ns_pair.pk, line.pk, board.pk, ew_pair.pk]
            )
        rescore_board(board=board, lines=others + [line], plan=plan)
        return line


# A line's statements, written once (`club.statements`): the ORM's building of them cost a table's confirmation
# more CPU than the database's answers.


@cache
def _board_sql(vendor: str) -> str:
    """The board's row locked, with whether each of two pairs (the first two parameters) sits it out."""
    board = db_column(Board, "id", "b")
    return (
        f"SELECT {sitting_out(board)}, {sitting_out(board)} FROM {table(Board)} b WHERE {board} = %s{for_update('b')}"
    )


def board_lines(board_id: int, *, locked: bool = False) -> list[TravellerLine]:
    """The board's lines in the order they were saved, their rows `locked` (`save_line`'s, under the board's lock)."""
    return [line for (line,) in read_models(_lines_sql(connection.vendor, locked), [board_id], (TravellerLine,))]


@cache
def _lines_sql(vendor: str, locked: bool) -> str:
    line = TravellerLine
    return (
        f"SELECT {columns(line, 'l')} FROM {table(line)} l WHERE {db_column(line, 'board', 'l')} = %s "
        f"ORDER BY {db_column(line, 'id', 'l')}{for_update('l') if locked else ''}"
    )


@cache
def _seatings_sql(vendor: str) -> str:
    """A line's two seatings (its line, board and pair, twice)."""
    names = ", ".join(db_column(Seating, name) for name in ("line", "board", "pair"))
    return f"INSERT INTO {table(Seating)} ({names}) VALUES (%s, %s, %s), (%s, %s, %s)"


@transaction.atomic
def delete_line(*, line: TravellerLine, user=None, version: int | None = None) -> None:
    """Removes the line and rescores its board; given the `version` the director's page showed, refuses when
    another director changed the line since."""
    board = line.board
    with session_write(board.section.session_id):
        stored = TravellerLine.objects.select_for_update(of=("self",)).filter(pk=line.pk).first()
        if stored is None:
            return  # already removed
        if version is not None and stored.version != version:
            raise ValidationError(
                _("This result was changed after you opened the page: look at it again before you remove it.")
            )
        line._history_user = user
        line._change_reason = correction_reason(board.section.session_id) or None
        line.delete()
        rescore_board(board=board)
