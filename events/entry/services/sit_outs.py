"""Sit-outs (a Bye): a pair that does not play a board. Written, like lines, under the session's lock
(`session_write`), which stores the standings and moves the cached pages on.

A sit-out changes no board's points: the board is scored against the results it has, factored as for any board
played fewer times (`rescoring.expected_results`), and the pair's total leaves the board out, as for any board it
did not play. A pair cannot both sit out and have a line on the same board: `add_sit_out` refuses a pair with a
line, and `save_line` a line for a pair that sits out (`check_not_sitting_out`).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from club.statements import db_column, table
from club.typed_result import notation
from events.entry.services.locking import correction_reason, session_write
from events.models import Board, Pair, Seating, SitOut
from events.plans import section_plan


def sitting_out(board_id: str) -> str:
    """Whether a pair (the expression's one parameter: its id) is recorded as sitting out the board whose id is the
    column `board_id`: an expression for the statement that locks the board (`save_line`), which answers it with no
    query of its own."""
    board, pair = db_column(SitOut, "board", "s"), db_column(SitOut, "pair", "s")
    return f"EXISTS (SELECT 1 FROM {table(SitOut)} s WHERE {board} = {board_id} AND {pair} = %s)"


def check_not_sitting_out(board: Board, pairs: dict[str, Pair], sitting: dict[str, bool]) -> None:
    """Refuses a line for a pair recorded as sitting out the board (`pairs`: the line's form field → pair;
    `sitting`: the form field → whether its pair sits out, as `sitting_out` found it)."""
    errors = {
        field: _("Pair %(pair)s sits out board %(board)s: remove its sit-out first.")
        % {"pair": notation().pair_label(pair.label), "board": board.number}
        for field, pair in pairs.items()
        if sitting[field]
    }
    if errors:
        raise ValidationError(errors)


def _round_of(board: Board, pair: Pair) -> int | None:
    """The round in which the movement has the pair meet the board, or None."""
    plan = section_plan(board.section)
    if not plan.has_schedule:
        return None
    return next(
        (slot.round for slot in plan.board_plays(board.number) if pair.label in (slot.ns, slot.ew)),
        None,
    )


@transaction.atomic
def add_sit_out(*, board: Board, pair: Pair, round_: int | None = None, user=None) -> SitOut:
    """Records that `pair` sits out `board`; refuses a pair of another section, a pair with a result on the board,
    and one already sitting it out."""
    label = notation().pair_label(pair.label)
    if pair.section_id != board.section_id:
        raise ValidationError(
            _("Pair %(pair)s is not in section %(section)s.") % {"pair": label, "section": board.section.letter}
        )
    with session_write(board.section.session_id):
        if Seating.objects.filter(board=board, pair=pair).exists():
            raise ValidationError(
                _("Pair %(pair)s has a result on board %(board)s: remove it before recording a sit-out.")
                % {"pair": label, "board": board.number}
            )
        if SitOut.objects.filter(board=board, pair=pair).exists():
            raise ValidationError(
                _("Pair %(pair)s already sits out board %(board)s.") % {"pair": label, "board": board.number}
            )
        sit_out = SitOut(board=board, pair=pair, round=round_ if round_ is not None else _round_of(board, pair))
        sit_out._history_user = user
        sit_out._change_reason = correction_reason(board.section.session_id) or None
        sit_out.save()
        return sit_out


@transaction.atomic
def remove_sit_out(*, sit_out: SitOut, user=None) -> None:
    """Removes a sit-out (nothing to do when another director removed it already)."""
    session_id = sit_out.board.section.session_id
    with session_write(session_id):
        stored = SitOut.objects.filter(pk=sit_out.pk).first()
        if stored is None:
            return
        stored._history_user = user
        stored._change_reason = correction_reason(session_id) or None
        stored.delete()
