"""Custom movements as CSV: the RoundData layout of Bridgemate .bws files, so movements from other programs load.

Columns (a header row is required; names are case-insensitive, spaces and underscores ignored, so
``NSPair``, ``ns_pair`` and ``NS pair`` are the same column; columns may come in any order)::

    round, table, ns_pair, ew_pair, low_board, high_board

Optional columns: ``section`` (a single section only) and ``arrow_switch`` (yes/true/1 for an arrow-switched
round at that table).  Any other column is ignored.  Commas, semicolons or tabs separate fields.  An empty
pair, or pair 0, is a missing pair: the other pair sits out.

Pair numbers: in a Howell-style movement each pair has its own number; in a Mitchell-style movement North-South
pair 1 and East-West pair 1 are different pairs.  ``numbering="auto"`` tells them apart: when the same number
is both North-South and East-West within a round, the movement is Mitchell-style (labels ``"1NS"``/``"1EW"``,
two winners); otherwise Howell-style (labels ``"1"``, one winner).  A value may also be written ``3NS``/``3EW``.

Two tables with exactly the same boards in the same round share them (a relay): that is declared sharing,
which `movement_generators.checks.check` accepts.  Boards overlapping only in part are reported by `check`.

`parse_movement_csv` reports every problem of form (bad numbers, missing columns, low board above high board...)
at once, in a `MovementError`; `check` then validates the movement's meaning, citing the same line numbers.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, Protocol

from .encounters import EW, NS, Encounter, pair_sort_key
from .movement import Movement
from .texts import Text, TextError

COLUMNS = ("round", "table", "ns_pair", "ew_pair", "low_board", "high_board")
_ALIASES = {
    "round": "round",
    "table": "table",
    "nspair": "ns_pair",
    "ewpair": "ew_pair",
    "lowboard": "low_board",
    "highboard": "high_board",
    "section": "section",
    "arrowswitch": "arrow_switch",
    "arrowswitched": "arrow_switch",
}
# What a movement can hold (a larger number is refused, never expanded into a range of boards); rounds and
# tables are bounded for the whole movement by the form (`movements.forms`), here only to six digits.
MAXIMA = {"low_board": 999, "high_board": 999, "pair": 999}
MAX_WHOLE = 999_999
_TRUE = {"1", "y", "yes", "true", "x", "*"}
_FALSE = {"", "0", "n", "no", "false"}
_LABEL = re.compile(r"(\d+)\s*(NS|EW|N|E)?", re.IGNORECASE)
NUMBERINGS = ("auto", "single", "two-field")


@dataclass(frozen=True, slots=True)
class MovementProblem:
    """A problem in the CSV text, at a line of the text (the first line is 1); ``message`` is a `Text`."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


class MovementError(ValueError):
    """The CSV could not be read as a movement; ``problems`` lists every problem with its line."""

    def __init__(self, problems: list[MovementProblem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))


@dataclass(frozen=True, slots=True)
class _Row:
    line: int
    round: int
    table: int
    ns: tuple[int, str | None] | None  # (number, explicit direction) or None for a missing pair
    ew: tuple[int, str | None] | None
    low: int
    high: int
    arrow_switched: bool


def _normal(name: str) -> str:
    return re.sub(r"[\s_\-]+", "", name.strip().lower())


def _delimiter(header: str) -> str:
    counts = {delimiter: header.count(delimiter) for delimiter in (",", ";", "\t")}
    best = max(counts, key=counts.__getitem__)
    return best if counts[best] else ","


def _whole(value: str, column: str, line: int, problems: list[MovementProblem], minimum: int = 1) -> int | None:
    text = value.strip()
    if not text:
        problems.append(MovementProblem(line, Text("csv.value_empty", column=column)))
        return None
    if not (text.isascii() and re.fullmatch(r"[+-]?\d+", text)):
        problems.append(MovementProblem(line, Text("csv.not_whole", column=column, value=text)))
        return None
    maximum = MAXIMA.get(column, MAX_WHOLE)
    if len(text.lstrip("+-")) > 6 or int(text) > maximum:
        problems.append(MovementProblem(line, Text("csv.too_large", column=column, maximum=maximum, value=text)))
        return None
    number = int(text)
    if number < minimum:
        problems.append(MovementProblem(line, Text("csv.too_small", column=column, minimum=minimum, number=number)))
        return None
    return number


def _pair(
    value: str, column: str, line: int, problems: list[MovementProblem]
) -> tuple[int, str | None] | None | Literal[False]:
    """(number, direction or None), None for a missing pair, False when invalid (problem recorded)."""
    text = value.strip()
    if not text or text == "0":
        return None
    match = _LABEL.fullmatch(text) if text.isascii() else None
    if match and (len(match.group(1)) > 6 or int(match.group(1)) > MAXIMA["pair"]):
        problems.append(MovementProblem(line, Text("csv.too_large", column=column, maximum=MAXIMA["pair"], value=text)))
        return False
    if not match:
        problems.append(MovementProblem(line, Text("csv.not_pair", column=column, value=text)))
        return False
    number = int(match.group(1))
    if number == 0:
        return None
    direction = match.group(2)
    if direction:
        direction = NS if direction.upper().startswith("N") else EW
    return number, direction


class _Reader(Protocol):
    """A `csv.reader`: its records, and the number of the last line read."""

    line_num: int

    def __next__(self) -> list[str]: ...


def _records(reader: _Reader, problems: list[MovementProblem]) -> Iterator[list[str]]:
    """The reader's records; a CSV syntax error (e.g. an unclosed quote) becomes a problem and ends the file."""
    while True:
        try:
            yield next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            problems.append(MovementProblem(max(reader.line_num, 1), Text("csv.unreadable", error=str(error))))
            return


def _read_rows(text: str) -> list[_Row]:
    problems: list[MovementProblem] = []
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    first = next((index for index, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise MovementError([MovementProblem(1, Text("csv.empty", columns=", ".join(COLUMNS)))])
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(lines[first]))
    header: list[str] | None = None
    header_line = needed = 0
    positions: dict[str, int] = {}
    rows: list[_Row] = []
    sections: dict[str, int] = {}
    for record in _records(reader, problems):
        line = reader.line_num
        if not any(field.strip() for field in record):
            continue
        if header is None:
            header, header_line = record, line
            for index, name in enumerate(record):
                column = _ALIASES.get(_normal(name))
                if column is None:
                    continue
                if column in positions:
                    problems.append(MovementProblem(line, Text("csv.column_twice", column=column)))
                positions.setdefault(column, index)
            missing = [column for column in COLUMNS if column not in positions]
            if len(missing) == len(COLUMNS):
                problems.append(MovementProblem(line, Text("csv.no_header", columns=", ".join(COLUMNS))))
                raise MovementError(problems)
            if missing:
                code = "csv.missing_columns" if len(missing) > 1 else "csv.missing_column"
                problems.append(MovementProblem(line, Text(code, columns=", ".join(missing), count=len(missing))))
                raise MovementError(problems)
            needed = max(positions.values()) + 1
            continue
        if len(record) < needed or any(field.strip() for field in record[len(header) :]):
            problems.append(MovementProblem(line, Text("csv.field_count", expected=len(header), found=len(record))))
            continue
        before = len(problems)
        values = {column: record[index] for column, index in positions.items()}
        round = _whole(values["round"], "round", line, problems)
        table = _whole(values["table"], "table", line, problems)
        ns = _pair(values["ns_pair"], "ns_pair", line, problems)
        ew = _pair(values["ew_pair"], "ew_pair", line, problems)
        low = _whole(values["low_board"], "low_board", line, problems)
        high = _whole(values["high_board"], "high_board", line, problems)
        switched = False
        if "arrow_switch" in values:
            flag = values["arrow_switch"].strip().lower()
            if flag in _TRUE:
                switched = True
            elif flag not in _FALSE:
                problems.append(MovementProblem(line, Text("csv.arrow_switch", value=values["arrow_switch"].strip())))
        if "section" in values:
            sections.setdefault(values["section"].strip(), line)
        if ns is None and ew is None:
            problems.append(MovementProblem(line, Text("csv.no_pairs")))
        for value, column, side in ((ns, "ns_pair", NS), (ew, "ew_pair", EW)):
            if value and value[1] is not None and value[1] != side:
                code = "csv.ew_pair" if value[1] == EW else "csv.ns_pair"
                problems.append(MovementProblem(line, Text(code, column=column, value=values[column].strip())))
        if low is not None and high is not None and low > high:
            problems.append(MovementProblem(line, Text("csv.board_range", low=low, high=high)))
        if len(problems) == before:  # every value was read: a value that was not has recorded its problem
            assert round is not None and table is not None and low is not None and high is not None
            assert ns is not False and ew is not False
            rows.append(_Row(line, round, table, ns, ew, low, high, switched))
    if header is None and not problems:
        problems.append(MovementProblem(1, Text("csv.empty", columns=", ".join(COLUMNS))))
    elif not rows and not problems:
        problems.append(MovementProblem(header_line, Text("csv.no_rows")))
    if len(sections) > 1:
        names = ", ".join(repr(name) for name in sections)
        problems.append(MovementProblem(list(sections.values())[1], Text("csv.sections", names=names)))
    if problems:
        raise MovementError(problems)
    return rows


def _two_field(rows: list[_Row]) -> bool:
    """Mitchell-style numbering: the same number sits North-South and East-West in most rounds."""
    if any(side and side[1] for row in rows for side in (row.ns, row.ew)):
        return True
    by_round: dict[int, tuple[set[int], set[int]]] = {}
    for row in rows:
        ns_numbers, ew_numbers = by_round.setdefault(row.round, (set(), set()))
        if row.ns:
            ns_numbers.add(row.ns[0])
        if row.ew:
            ew_numbers.add(row.ew[0])
    overlapping = sum(1 for ns_numbers, ew_numbers in by_round.values() if ns_numbers & ew_numbers)
    return overlapping * 2 > len(by_round)


def parse_movement_csv(
    text: str, name: str = "Custom movement", *, numbering: str = "auto", allow_sharing: bool = True
) -> Movement:
    """Read a movement from CSV text (see the module docstring).  Raises `MovementError` listing every problem.

    ``allow_sharing=False`` treats two tables with the same boards in one round as a mistake (`check` reports
    it) instead of as declared sharing.
    """
    if numbering not in NUMBERINGS:
        raise TextError("csv.numbering", numberings=", ".join(NUMBERINGS), value=numbering)
    rows = _read_rows(text)
    two_field = _two_field(rows) if numbering == "auto" else numbering == "two-field"

    def label(side: tuple[int, str | None] | None, direction: str) -> str | None:
        if side is None:
            return None
        number, explicit = side
        return f"{number}{explicit or direction}" if two_field else str(number)

    ranges = sorted({(row.low, row.high) for row in rows})
    set_numbers = {board_range: index for index, board_range in enumerate(ranges, 1)}
    sharing: dict[tuple[int, int, int], list[int]] = {}
    for row in rows:
        sharing.setdefault((row.round, row.low, row.high), []).append(row.table)
    encounters = []
    for row in rows:
        shared: tuple[int, ...] = ()
        if allow_sharing:
            shared = tuple(sorted({t for t in sharing[(row.round, row.low, row.high)] if t != row.table}))
        encounters.append(
            Encounter(
                round=row.round,
                table=row.table,
                ns=label(row.ns, NS),
                ew=label(row.ew, EW),
                boards=tuple(range(row.low, row.high + 1)),
                board_set=set_numbers[(row.low, row.high)],
                arrow_switched=row.arrow_switched,
                shared_with=shared,
                row=row.line,
            )
        )
    sizes = {row.high - row.low + 1 for row in rows}
    pairs = sorted({pair for encounter in encounters for pair in encounter.pairs}, key=pair_sort_key)
    return Movement(
        kind="custom",
        name=name,
        tables=max(row.table for row in rows),
        rounds=max(row.round for row in rows),
        boards_per_round=sizes.pop() if len(sizes) == 1 else None,
        board_sets={number: tuple(range(low, high + 1)) for (low, high), number in set_numbers.items()},
        winners=2 if two_field and not any(row.arrow_switched for row in rows) else 1,
        pairs=tuple(pairs),
        encounters=tuple(encounters),
    )


def _csv_pair(label: str | None) -> str:
    if label is None:
        return ""
    if label.endswith((NS, EW)) and label[:-2].isascii() and label[:-2].isdigit():
        return label[:-2]
    return label


def movement_to_csv(movement: Movement) -> str:
    """The movement as CSV, one line per encounter (the reverse of `parse_movement_csv`).

    An ``arrow_switch`` column is added when some round is arrow-switched.  Raises ``ValueError`` when an
    encounter's boards are not a run of consecutive numbers (a CSV row holds a low and a high board only).
    """
    with_switch = any(encounter.arrow_switched for encounter in movement.encounters)
    output = io.StringIO()
    writer = csv.writer(output, lineterminator="\n")
    writer.writerow(COLUMNS + (("arrow_switch",) if with_switch else ()))
    for encounter in movement.encounters:
        boards = encounter.boards
        if not boards or boards != tuple(range(boards[0], boards[-1] + 1)):
            raise ValueError(
                f"round {encounter.round}, table {encounter.table}: boards {boards} are not consecutive numbers"
            )
        row = [
            encounter.round,
            encounter.table,
            _csv_pair(encounter.ns),
            _csv_pair(encounter.ew),
            boards[0],
            boards[-1],
        ]
        if with_switch:
            row.append("yes" if encounter.arrow_switched else "")
        writer.writerow(row)
    return output.getvalue()
