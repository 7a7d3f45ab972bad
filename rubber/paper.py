"""A paper scorepad typed as CSV: DEAL, DECLARER_SIDE, CONTRACT, TRICKS, HONOURS, one deal a line.

DECLARER_SIDE is We or They; CONTRACT as everywhere (4S, 3NTX, PASS); TRICKS declarer's total or the result
(=, +1, -2), empty for a passed-out deal; HONOURS empty or "We 100", "They 150".
"""

from __future__ import annotations

import csv
import io

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

import scoring
from club.bridge_messages import translate

from . import sheet as pad
from .forms import read_honours, read_tricks

COLUMNS = ("DEAL", "DECLARER_SIDE", "CONTRACT", "TRICKS", "HONOURS")
MAX_BYTES = 100_000
MAX_FIELD = 40


class PaperError(ValueError):
    def __init__(self, line: int | None, message: str):
        self.line = line
        super().__init__(
            message if line is None else _("Line %(line)s: %(problem)s") % {"line": line, "problem": message}
        )


def _header(row: list[str], line: int) -> dict[str, int]:
    names = [name.strip().upper() for name in row]
    missing = [name for name in COLUMNS if name not in names]
    if missing:
        raise PaperError(
            line,
            _("missing columns: %(columns)s (the header must be %(header)s)")
            % {"columns": ", ".join(missing), "header": ", ".join(COLUMNS)},
        )
    return {name: names.index(name) for name in COLUMNS}


def _deal(fields: dict[str, str], expected: int) -> pad.DealIn:
    if fields["DEAL"] != str(expected):
        raise ValueError(
            _("DEAL should be %(expected)s (deals are numbered 1, 2, 3 ... in order), not '%(value)s'")
            % {"expected": expected, "value": fields["DEAL"]}
        )
    try:
        contract = scoring.parse_contract(fields["CONTRACT"])
    except ValueError as error:
        raise ValueError(translate(error)) from error
    side = fields["DECLARER_SIDE"].strip().capitalize()
    if contract is None:
        return pad.DealIn(side if side in pad.SIDES else "We", "PASS")
    if side not in pad.SIDES:
        raise ValueError(_("DECLARER_SIDE must be We or They, not '%(value)s'") % {"value": fields["DECLARER_SIDE"]})
    tricks = read_tricks(contract, fields["TRICKS"])
    if isinstance(tricks, str):
        raise ValueError(tricks)
    try:
        honours = read_honours(fields["HONOURS"])
    except ValidationError as error:
        raise ValueError(" ".join(error.messages)) from error
    return pad.DealIn(side, contract.code, tricks, honours)


def read(text: str) -> list[pad.DealIn]:
    """The deals of a CSV text, in order; `PaperError` saying which line is wrong and why."""
    if len(text) > MAX_BYTES:
        raise PaperError(None, _("The file is too big for one scoresheet."))
    if "\x00" in text:
        raise PaperError(None, _("The file holds a NUL character: is it really a CSV text?"))
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    rows = [(reader.line_num, row) for row in reader if any(cell.strip() for cell in row)]
    if not rows:
        raise PaperError(None, _("The file is empty: the header must be %(header)s") % {"header": ", ".join(COLUMNS)})
    columns = _header(rows[0][1], rows[0][0])
    deals = []
    for line, row in rows[1:]:
        if len(deals) >= pad.MAX_DEALS:
            raise PaperError(line, _("A sheet holds at most %(count)s deals.") % {"count": pad.MAX_DEALS})
        fields = {name: (row[index].strip() if index < len(row) else "")[:MAX_FIELD] for name, index in columns.items()}
        try:
            deals.append(_deal(fields, len(deals) + 1))
        except ValueError as error:
            raise PaperError(line, str(error)) from error
    if not deals:
        raise PaperError(None, _("No deal after the header."))
    return deals
