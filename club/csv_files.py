"""CSV files: reading uploads (the traveller and the teams-match imports) and writing exports and downloads.

An uploaded file is refused whole: every problem is collected with its line number, then raised at once.
"""

from __future__ import annotations

import csv
import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from django.core.management.base import CommandError
from django.http import HttpResponse
from django.utils.translation import gettext as _

from club.limits import MAX_FILE_LINES


@dataclass(frozen=True)
class CsvProblem:
    """One reason a file is refused; `line` is the line number in the file (None: the file as a whole)."""

    line: int | None
    message: str

    def __str__(self) -> str:
        if self.line is None:
            return self.message
        return _("Line %(line)s: %(message)s") % {"line": self.line, "message": self.message}


class FileRefused(Exception):
    """A file refused whole; `problems` lists every reason."""

    def __init__(self, problems: list[CsvProblem]):
        super().__init__("\n".join(str(problem) for problem in problems))
        self.problems = problems


def delimiter(text: str) -> str:
    """Comma, unless the first non-empty line uses semicolons or tabs instead (spreadsheets in some locales)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if "," not in first:
        for candidate in (";", "\t"):
            if candidate in first:
                return candidate
    return ","


def records(text: str) -> Iterator[tuple[int, list[str]]]:
    """(line number where the record starts, stripped cells) for every non-blank record of a CSV text.
    Raises FileRefused when the text is not CSV at all (a NUL byte, a cell over the csv module's size limit) or
    has more than MAX_FILE_LINES records (no results file of one event is that long)."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=delimiter(text))
    count = 0
    while True:
        start = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise FileRefused([_unreadable(start, error)]) from None
        cells = [cell.strip() for cell in cells]
        if any(cells):
            count += 1
            if count > MAX_FILE_LINES:
                message = _("The file has more than %(max)s lines: a results file of one event has far fewer.")
                raise FileRefused([CsvProblem(None, message % {"max": MAX_FILE_LINES})])
            yield start, cells


def _unreadable(line: int, error: csv.Error) -> CsvProblem:
    if "field limit" in str(error):
        return CsvProblem(
            line,
            _("a cell is longer than %(limit)s characters: this is not a results file.")
            % {"limit": csv.field_size_limit()},
        )
    return CsvProblem(None, _("The file cannot be read as CSV (%(error)s).") % {"error": error})


def column_name(cell: str) -> str:
    """A header cell as a column name: 'Board number' and 'board-number' both read BOARD_NUMBER."""
    return "_".join(cell.upper().replace("-", " ").split())


def read_text(path: str) -> str:
    """For management commands: the file's text (UTF-8, with or without a byte-order mark); "-" reads
    standard input. Raises CommandError with a readable message."""
    try:
        if path == "-":
            return sys.stdin.buffer.read().decode("utf-8-sig")
        with open(path, encoding="utf-8-sig", newline="") as file:
            return file.read()
    except OSError as error:
        raise CommandError(_("Cannot read %(path)s: %(error)s") % {"path": path, "error": error.strerror}) from None
    except UnicodeDecodeError:
        raise CommandError(_("%(path)s is not UTF-8 text.") % {"path": path}) from None


# A cell starting with one of these is a formula to a spreadsheet (=HYPERLINK(...), +cmd|..., @SUM(...)).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")  # a score such as -420 or -3.50 stays a number


def safe_cell(value: object) -> object:
    """A cell as written to a CSV: numbers as they are; text that a spreadsheet would run as a formula
    behind a ' (shown, not evaluated), unless it is a plain negative number."""
    if value is None or isinstance(value, int | float):
        return value
    text = str(value)
    if text.startswith(_FORMULA_STARTS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def spreadsheet_place(place: str) -> str:
    """A tied place as the EBU writes it in files, "3=" (the pages' "=3" would be a formula)."""
    return f"{place[1:]}=" if place.startswith("=") else place


def _write(file, rows: Iterable[list]) -> None:
    csv.writer(file).writerows([safe_cell(cell) for cell in row] for row in rows)


def csv_text(rows: Iterable[list]) -> str:
    """Rows as CSV text (the csv module's dialect: commas, CRLF line ends), formulas neutralised."""
    out = io.StringIO()
    _write(out, rows)
    return out.getvalue()


def csv_response(rows: Iterable[list], filename: str) -> HttpResponse:
    """Rows as a CSV download named `filename`, formulas neutralised."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    _write(response, rows)
    return response
