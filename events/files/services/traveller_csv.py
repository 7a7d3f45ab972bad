"""Reading a traveller file (the USEBIO column names): its header, each row's board, pairs and result, the checks
across rows, and the problems with their line numbers. `events.files.services.transfer` stores what it reads."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from club.csv_files import CsvProblem, FileRefused, column_name, records
from club.typed_result import LineResult, read_typed_result
from events.models import Session

COLUMNS: tuple[str, ...] = (
    "BOARD_NUMBER",
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
    "CONTRACT",
    "PLAYED_BY",
    "LEAD",
    "TRICKS",
    "SCORE",
)
OPTIONAL_COLUMNS = frozenset({"LEAD"})
MATCHPOINT_COLUMNS = ("NS_MATCH_POINTS", "EW_MATCH_POINTS")
IMP_COLUMNS = ("NS_IMPS", "EW_IMPS")
SECTION_COLUMN = "SECTION"  # only in the export of a session with more than one section
MAX_NUMBER = 999  # highest board or pair number read from a file
MAX_LEAD = 3  # the model keeps leads such as SA or H10

PairKey = tuple[int, str]  # (number, direction): (3, "") in a Howell, (3, "NS") or (3, "EW") in a Mitchell

_PAIR = re.compile(r"(\d+)\s*(NS|EW)?", re.IGNORECASE)
_SCORE = re.compile(r"[+-]?\d+")
BYE_WORDS = frozenset({"BYE", "SIT OUT", "SIT-OUT", "SITOUT", "SAT OUT"})  # a sit-out in CONTRACT or SCORE
_RESULT_COLUMNS = {"contract": "CONTRACT", "declarer": "PLAYED_BY", "tricks": "TRICKS", "score": "SCORE"}


@dataclass(frozen=True)
class ImportedLine:
    """One validated line of a file."""

    line: int
    board: int
    ns: PairKey
    ew: PairKey
    result: LineResult | None  # None only in a file with problems
    lead: str = ""


@dataclass(frozen=True)
class ImportedSitOut:
    """A row saying that a pair sat out a board (a Bye): BYE in CONTRACT or SCORE, the pair in its column."""

    line: int
    board: int
    pair: PairKey


@dataclass(frozen=True)
class ImportResult:
    """What `import_travellers` created."""

    session: Session
    lines: int
    boards: int
    pairs: int

    def counts(self) -> dict[str, str]:
        """The counts as phrases in the reader's language: "18 lines", "6 boards", "6 pairs"."""
        return {
            "lines": ngettext("%(count)d line", "%(count)d lines", self.lines) % {"count": self.lines},
            "boards": ngettext("%(count)d board", "%(count)d boards", self.boards) % {"count": self.boards},
            "pairs": ngettext("%(count)d pair", "%(count)d pairs", self.pairs) % {"count": self.pairs},
        }


def pair_key_label(key: PairKey) -> str:
    """(3, "NS") → "3NS"; (3, "") → "3" (the form `Pair.label` gives)."""
    return f"{key[0]}{key[1]}"


# --- reading a file -------------------------------------------------------------------------


def read_header(line: int, cells: list[str]) -> tuple[dict[str, int], list[CsvProblem]]:
    """Column name → position, from a header row (case-insensitive); unknown columns are ignored."""
    positions: dict[str, int] = {}
    problems = []
    for position, cell in enumerate(cells):
        name = column_name(cell)
        if name in COLUMNS:
            if name in positions:
                problems.append(CsvProblem(line, _("the column %(column)s is named twice.") % {"column": name}))
            positions[name] = position
    missing = [name for name in COLUMNS if name not in positions and name not in OPTIONAL_COLUMNS]
    if missing:
        problems.append(
            CsvProblem(
                line,
                _("the first line must be the header naming the columns %(columns)s; missing: %(missing)s.")
                % {"columns": ", ".join(COLUMNS), "missing": ", ".join(missing)},
            )
        )
    return positions, problems


def read_board(text: str) -> int:
    """A board number, 1 to MAX_NUMBER; raises ValueError with the message to show."""
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_NUMBER:
        raise ValueError(
            _("BOARD_NUMBER: “%(value)s” is not a board number (a whole number from 1 to %(max)s).")
            % {"value": text, "max": MAX_NUMBER}
        )
    return int(text)


def read_pair(column: str, text: str) -> PairKey:
    """`3` (a Howell pair) or `3NS` / `5EW` (a Mitchell pair); raises ValueError with the message to show."""
    match = _PAIR.fullmatch(text)
    if match is None or not 1 <= int(match.group(1)) <= MAX_NUMBER:
        raise ValueError(
            _("%(column)s: “%(value)s” is not a pair number such as 3 (Howell) or 3NS, 5EW (Mitchell).")
            % {"column": column, "value": text}
        )
    return int(match.group(1)), (match.group(2) or "").upper()


def read_csv_score(text: str) -> int | str | None:
    """The SCORE cell: an NS score (int), an adjusted score code such as "A6040", "NP", or None when empty."""
    text = text.replace("−", "-").replace("–", "-").strip()
    if not text:
        return None
    if _SCORE.fullmatch(text):
        return int(text)
    if text.upper() in scoring.NOT_PLAYED_WORDS:
        return "NP"
    try:
        entry = scoring.parse_entry(text)
    except ValueError:
        raise ValueError(
            _("SCORE: “%(value)s” is neither an NS score (e.g. 620, -100) nor an adjusted score (e.g. A6040) nor NP.")
            % {"value": text}
        ) from None
    return entry.code


def _describe(result: LineResult) -> str:
    if result.contract == "PASS":
        return _("a passed-out board")
    return _("%(contract)s by %(declarer)s taking %(tricks)s tricks") % {
        "contract": result.contract,
        "declarer": result.declarer,
        "tricks": result.tricks,
    }


def combine_result(board: int | None, contract: str, declarer: str, tricks: str, score: int | str | None) -> LineResult:
    """The line's result from its CONTRACT, PLAYED_BY, TRICKS and SCORE; they must agree where both are given.

    With no board number (an unreadable one) the contract is still read, but the score is not compared.
    Raises ValueError with the messages to show, one per line of its text.
    """
    if not contract:
        if score == "NP":
            return LineResult(not_played=True)
        if isinstance(score, str):
            return LineResult(adjusted=score)
        if score is None:
            raise ValueError(
                _(
                    "CONTRACT: give a contract (or PASS), an adjusted score in SCORE such as A6040, "
                    "or NP for a board not played."
                )
            )
        if declarer or tricks:
            raise ValueError(
                _("CONTRACT: the score %(score)s with PLAYED_BY or TRICKS needs its contract too.") % {"score": score}
            )
        contract = ""  # a score-only line: read and checked (a score that no contract gives is refused)
    try:
        result = read_typed_result(
            board or 1, contract, declarer, tricks, "" if contract else str(score), english_suits=True
        )
    except ValidationError as error:
        raise ValueError(
            "\n".join(
                f"{_RESULT_COLUMNS.get(field, field)}: {message}"
                for field, messages in error.message_dict.items()
                for message in messages
            )
        ) from None
    if score is None or board is None:
        return result
    if result.not_played or result.adjusted:
        if score != ("NP" if result.not_played else result.adjusted):
            raise ValueError(
                _("SCORE %(score)s does not agree with CONTRACT %(contract)s.") % {"score": score, "contract": contract}
            )
    elif score != result.ns_score:
        raise ValueError(
            _("SCORE %(score)s does not agree with %(result)s on board %(board)s, which scores %(expected)s for NS.")
            % {"score": score, "result": _describe(result), "board": board, "expected": result.ns_score}
        )
    return result


T = TypeVar("T")


def _attempt(messages: list[str], reader: Callable[..., T], *args) -> T | None:
    """reader(*args), or None with the ValueError's messages added to `messages`."""
    try:
        return reader(*args)
    except ValueError as error:
        messages.extend(str(error).splitlines())
        return None


def read_row(line: int, cells: dict[str, str]) -> tuple[ImportedLine | None, list[CsvProblem]]:
    """One record (column name → cell) read into a row, and every problem of the line.

    The row is None when its board or a pair cannot be read; its result is None when it cannot be read.
    """
    messages: list[str] = []
    board = _attempt(messages, read_board, cells["BOARD_NUMBER"])
    ns = _attempt(messages, read_pair, "NS_PAIR_NUMBER", cells["NS_PAIR_NUMBER"])
    ew = _attempt(messages, read_pair, "EW_PAIR_NUMBER", cells["EW_PAIR_NUMBER"])
    if ns is not None and ns == ew:
        messages.append(_("NS and EW are the same pair (%(pair)s).") % {"pair": pair_key_label(ns)})
    known = len(messages)
    score = _attempt(messages, read_csv_score, cells["SCORE"])
    score_read = len(messages) == known
    result = None
    if score_read or cells["CONTRACT"]:
        result = _attempt(
            messages,
            combine_result,
            board,
            cells["CONTRACT"],
            cells["PLAYED_BY"],
            cells["TRICKS"],
            score if score_read else None,
        )
    lead = cells.get("LEAD", "")
    if len(lead) > MAX_LEAD or not lead.isprintable():
        messages.append(
            _("LEAD: “%(value)s” is not a card of at most %(max)s characters (write e.g. SA or H10).")
            % {"value": lead, "max": MAX_LEAD}
        )
    problems = [CsvProblem(line, message) for message in messages]
    if board is None or ns is None or ew is None:
        return None, problems
    return ImportedLine(line, board, ns, ew, result, lead.upper()), problems


def is_bye_row(cells: dict[str, str]) -> bool:
    """Whether a row is a sit-out: BYE (or SIT OUT) in its CONTRACT or its SCORE."""
    return any(" ".join(cells.get(name, "").split()).upper() in BYE_WORDS for name in ("CONTRACT", "SCORE"))


def read_sit_out(line: int, cells: dict[str, str]) -> tuple[ImportedSitOut | None, list[CsvProblem]]:
    """A sit-out row: its board and the one pair named (in NS_PAIR_NUMBER or EW_PAIR_NUMBER), nothing else."""
    messages: list[str] = []
    board = _attempt(messages, read_board, cells["BOARD_NUMBER"])
    columns = ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER")
    named = [(column, cells[column].strip()) for column in columns if cells[column].strip()]
    pair = _attempt(messages, read_pair, *named[0]) if len(named) == 1 else None
    if len(named) != 1:
        messages.append(
            _("a sit-out (BYE) names the one pair sitting out, in NS_PAIR_NUMBER or EW_PAIR_NUMBER, and no other.")
        )
    filled = [name for name in ("PLAYED_BY", "TRICKS", "LEAD") if cells.get(name, "").strip()]
    filled += [name for name in ("CONTRACT", "SCORE") if cells[name].strip() and not is_bye_row({name: cells[name]})]
    if filled:
        messages.append(_("a sit-out (BYE) has no %(columns)s.") % {"columns": ", ".join(filled)})
    problems = [CsvProblem(line, message) for message in messages]
    if board is None or pair is None:
        return None, problems
    return ImportedSitOut(line, board, pair), problems


def cross_check(rows: list[ImportedLine], sit_outs: Sequence[ImportedSitOut] = ()) -> list[CsvProblem]:
    """Problems between lines: a pair twice on a board (or sitting it out and playing it); Howell and Mitchell pair
    numbers mixed."""
    problems = []
    seen: dict[tuple[int, PairKey], int] = {}
    plays = [(row, (row.ns, row.ew)) for row in rows] + [(sit_out, (sit_out.pair,)) for sit_out in sit_outs]
    for row, keys in sorted(plays, key=lambda play: play[0].line):
        for key in keys:
            first = seen.setdefault((row.board, key), row.line)
            if first != row.line:
                problems.append(
                    CsvProblem(
                        row.line,
                        _("pair %(pair)s already plays board %(board)s on line %(first)s.")
                        % {"pair": pair_key_label(key), "board": row.board, "first": first},
                    )
                )
    with_direction = sum(bool(key[1]) for _row, keys in plays for key in keys)
    mitchell = 2 * with_direction >= sum(len(keys) for _row, keys in plays)  # most pair numbers carry a direction
    for row, keys in plays:
        odd = next((key for key in keys if bool(key[1]) != mitchell), None)
        if odd is not None:
            problems.append(
                CsvProblem(
                    row.line,
                    _(
                        "pair %(pair)s: pair numbers must all have a direction (3NS, 5EW: a Mitchell) or none "
                        "(3: a Howell), like most of the file."
                    )
                    % {"pair": pair_key_label(odd)},
                )
            )
    return problems


def parse_travellers(text: str) -> tuple[list[ImportedLine], list[CsvProblem]]:
    """Every line of a CSV text and no problem, or no line and every problem found (with its line number); the
    file's sit-outs are read by `parse_file`."""
    rows, _sit_outs, problems = parse_file(text)
    return rows, problems


def parse_file(text: str) -> tuple[list[ImportedLine], list[ImportedSitOut], list[CsvProblem]]:
    """Every line and sit-out of a CSV text and no problem, or none and every problem found (with its line)."""
    try:
        return _parse_records(records(text))
    except FileRefused as refused:  # not CSV at all: a NUL byte, a huge cell
        return [], [], refused.problems


def _parse_records(
    records: Iterator[tuple[int, list[str]]],
) -> tuple[list[ImportedLine], list[ImportedSitOut], list[CsvProblem]]:
    first = next(records, None)
    if first is None:
        return [], [], [CsvProblem(None, _("The file is empty."))]
    positions, problems = read_header(*first)
    if problems:
        return [], [], problems
    rows, sit_outs = [], []
    header_width, width = len(first[1]), max(positions.values()) + 1
    for line, cells in records:
        if any(cells[header_width:]):
            problems.append(
                CsvProblem(
                    line,
                    _("%(found)s values where the header names %(expected)s columns.")
                    % {"found": len(cells), "expected": header_width},
                )
            )
            continue
        cells += [""] * (width - len(cells))
        named = {name: cells[position] for name, position in positions.items()}
        if is_bye_row(named):
            sit_out, row_problems = read_sit_out(line, named)
            sit_outs += [sit_out] if sit_out is not None else []
        else:
            row, row_problems = read_row(line, named)
            rows += [row] if row is not None else []
        problems.extend(row_problems)
    problems.extend(cross_check(rows, sit_outs))
    if not rows and not problems:
        problems.append(CsvProblem(None, _("The file has a header but no traveller lines.")))
    problems.sort(key=lambda problem: problem.line or 0)
    return ([], [], problems) if problems else (rows, sit_outs, [])


# --- importing ------------------------------------------------------------------------------
