"""A match's board results as CSV, in and out: one line per room of a board.

Columns (header names, any case): BOARD_NUMBER, ROOM (1 or 2; OPEN and CLOSED are read as 1 and 2),
CONTRACT (4S, 3NTX, PASS, or A+ / A / A- for an adjusted score), PLAYED_BY, TRICKS (10, =, +1, -2)
and SCORE (the NS score, checked against the contract when given). The export adds the board's
IMPs for each team (BOARD_HOME_IMPS, BOARD_AWAY_IMPS); the import ignores columns it does not know.
An import replaces all the match's board results, or, when any line is wrong, changes nothing and
lists every problem with its line number.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from club.csv_files import CsvProblem, FileRefused, column_name, csv_text
from club.csv_files import records as csv_records
from club.numbers import whole_number
from club.unit_of_work import unit_of_work
from teams.models import Match
from teams.room_results import RoomResult, read_room
from teams.selectors.scorecard import scorecard
from teams.services.matches import save_results

COLUMNS = ("BOARD_NUMBER", "ROOM", "CONTRACT", "PLAYED_BY", "TRICKS", "SCORE")
OPTIONAL = frozenset({"SCORE", "PLAYED_BY", "TRICKS"})
EXPORT_COLUMNS = (*COLUMNS, "BOARD_HOME_IMPS", "BOARD_AWAY_IMPS")
ROOMS = {"1": 1, "2": 2, "OPEN": 1, "CLOSED": 2}
_SCORE = re.compile(r"[+-]?\d+")
_FIELD_COLUMNS = {"contract": "CONTRACT", "declarer": "PLAYED_BY", "tricks": "TRICKS"}


def _header(line: int, cells: list[str]) -> tuple[dict[str, int], list[CsvProblem]]:
    names = [column_name(cell) for cell in cells]
    positions = {name: index for index, name in enumerate(names) if name in COLUMNS}
    missing = [name for name in COLUMNS if name not in positions and name not in OPTIONAL]
    if missing:
        return positions, [
            CsvProblem(
                line,
                _("the first line must name the columns %(columns)s; missing: %(missing)s.")
                % {"columns": ", ".join(COLUMNS), "missing": ", ".join(missing)},
            )
        ]
    return positions, []


def _read_line(line: int, cells: dict[str, str], boards: range) -> tuple[tuple[int, int, RoomResult] | None, list]:
    messages = []
    board = whole_number(cells["BOARD_NUMBER"], 1, boards[-1])
    if board not in boards:
        messages.append(
            _("BOARD_NUMBER: “%(value)s” is not a board of this match (%(first)s to %(last)s).")
            % {"value": cells["BOARD_NUMBER"], "first": boards[0], "last": boards[-1]}
        )
    room = ROOMS.get(cells["ROOM"].upper())
    if room is None:
        messages.append(_("ROOM: “%(value)s” is not 1 or 2.") % {"value": cells["ROOM"]})
    result = None
    try:
        result = read_room(board or boards[0], cells["CONTRACT"], cells.get("PLAYED_BY", ""), cells.get("TRICKS", ""))
    except ValidationError as error:
        messages += [
            f"{_FIELD_COLUMNS.get(field, field)}: {message}"
            for field, errors in error.message_dict.items()
            for message in errors
        ]
    score = cells.get("SCORE", "").replace("−", "-")
    if result is not None and board is not None and score and not result.adjusted:
        if not _SCORE.fullmatch(score) or int(score) != result.ns_score:
            messages.append(
                _("SCORE %(score)s does not agree with the contract, which scores %(expected)s for NS.")
                % {"score": score, "expected": result.ns_score}
            )
    if messages:
        return None, [CsvProblem(line, message) for message in messages]
    return (board, room, result), []


def parse_match(text: str, match: Match) -> tuple[dict[tuple[int, int], RoomResult], list[CsvProblem]]:
    """{(board, room): result} read from a CSV text, and every problem found (the rows count only without)."""
    try:
        return _parse_records(csv_records(text), match)
    except FileRefused as refused:  # not CSV at all: a NUL byte, a huge cell
        return {}, refused.problems


def _parse_records(
    records: Iterator[tuple[int, list[str]]], match: Match
) -> tuple[dict[tuple[int, int], RoomResult], list[CsvProblem]]:
    boards = match.board_numbers(match.event.boards_per_match)
    first = next(records, None)
    if first is None:
        return {}, [CsvProblem(None, _("The file is empty."))]
    positions, problems = _header(*first)
    if problems:
        return {}, problems
    results, lines = {}, {}
    for line, cells in records:
        cells += [""] * (len(first[1]) - len(cells))
        read, line_problems = _read_line(line, {name: cells[index] for name, index in positions.items()}, boards)
        problems += line_problems
        if read is None:
            continue
        board, room, result = read
        if (board, room) in lines:
            problems.append(
                CsvProblem(
                    line,
                    _("board %(board)s room %(room)s is already on line %(first)s.")
                    % {"board": board, "room": room, "first": lines[board, room]},
                )
            )
        lines[board, room] = line
        results[board, room] = result
    if not results and not problems:
        problems.append(CsvProblem(None, _("The file has a header but no results.")))
    return results, problems


@unit_of_work()
def import_match(*, match: Match, text: str, user=None) -> int:
    """Replaces the match's board results with the file's; raises FileRefused (nothing changed) on any problem."""
    results, problems = parse_match(text, match)
    if match.is_bye:
        problems.insert(0, CsvProblem(None, _("A bye has no boards to import.")))
    elif match.totals_only:
        problems.insert(0, CsvProblem(None, _("This match was entered as IMP totals: clear the totals first.")))
    if problems:
        raise FileRefused(problems)
    changes: dict = {(r.board, r.room): None for r in match.results.all()}
    changes.update(results)
    save_results(match=match, changes=changes, user=user)
    return len(results)


def match_rows(match: Match) -> list[list[str]]:
    """The header and a row per room result, with the board's IMPs to each team (one query)."""
    rows = [list(EXPORT_COLUMNS)]
    for board in scorecard(match, match.event):
        for result in (board.room1, board.room2):
            if result is None:
                continue
            score = board.score
            rows.append(
                [
                    str(board.number),
                    str(result.room),
                    result.adjusted or result.contract,
                    result.declarer,
                    "" if result.tricks is None else str(result.tricks),
                    "" if result.ns_score is None else str(result.ns_score),
                    "" if score is None else str(score.home_imps),
                    "" if score is None else str(score.away_imps),
                ]
            )
    return rows


def match_csv(match: Match) -> str:
    return csv_text(match_rows(match))
