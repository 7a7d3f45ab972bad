"""Typed results in forms: `scoring.read_result` (the one reader of what a director or a table types) with its
coded refusals turned into a ValidationError keyed by the field at fault, in the reader's language."""

from __future__ import annotations

from django.core.exceptions import ValidationError

import scoring
from club.bridge_messages import translate

LineResult = scoring.TypedResult  # what was typed in the contract, declarer and result fields, read and scored


def read_result(board_number: int, contract_text: str, declarer: str, result_text: str) -> LineResult:
    """`scoring.read_result` for a form: its refusals as a ValidationError keyed by the field at fault."""
    try:
        return scoring.read_result(board_number, contract_text, declarer, result_text)
    except scoring.TypedResultError as error:
        raise ValidationError({problem.field: translate(problem) for problem in error.problems}) from error
