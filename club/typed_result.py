"""Typed results in forms: `scoring.read_result` (the one reader of what a director or a table types) with its
coded refusals turned into a ValidationError keyed by the field at fault, in the reader's language; the
reader's notation (`scoring.notation`: ``O`` for West and ``1SA`` in Spanish, ``V`` and ``1FA`` in Romanian)
read on the way in and written on the way out."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import get_language

import scoring
from club.bridge_messages import translate
from scoring.notation import Notation, notation_for

LineResult = scoring.TypedResult  # what was typed in the contract, declarer and result fields, read and scored


def notation() -> Notation:
    """The notation of the reader's language."""
    return notation_for(get_language())


def read_typed_result(
    board_number: int,
    contract_text: str,
    declarer: str,
    result_text: str,
    score_text: str = "",
    *,
    english_suits: bool = False,
) -> LineResult:
    """`scoring.read_result` for a form, in the reader's notation: its refusals as a ValidationError keyed by the
    field at fault (every field's at once). ``english_suits``: a file's USEBIO columns, whose ``4C`` is clubs
    whatever the reader's language."""
    shown = notation().with_english_suits() if english_suits else notation()
    try:
        return scoring.read_result(board_number, contract_text, declarer, result_text, score=score_text, notation=shown)
    except scoring.TypedResultError as error:
        raise ValidationError({problem.field: translate(problem) for problem in error.problems}) from error
