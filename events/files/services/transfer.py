"""Import and export of traveller lines as CSV, with the USEBIO traveller column names.

`parse_file` (`parse_travellers` without the sit-outs) reads a file into validated rows and collects every problem
(with its line number); `import_travellers` creates a whole session from a file in one transaction, or nothing
at all; `export_rows` / `export_csv` give a session's lines back with their points.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from simple_history.utils import bulk_create_with_history

import scoring
from club.csv_files import CsvProblem, FileRefused, csv_text
from events.entry.services.locking import session_write
from events.files.services.traveller_csv import (  # noqa: F401  (imported from here by the callers of the CSV import)
    COLUMNS,
    IMP_COLUMNS,
    MATCHPOINT_COLUMNS,
    SECTION_COLUMN,
    ImportedLine,
    ImportedSitOut,
    ImportResult,
    PairKey,
    parse_file,
    parse_travellers,
)
from events.models import Board, Pair, Seating, Section, Session, SitOut, TravellerLine
from events.standings.selectors.conventions import convention_fields
from events.standings.services.rescoring import rescore_session


def check_session_fields(name: str, scoring_method: str, scale: str) -> list[CsvProblem]:
    """Problems with the new session's name, scoring method and matchpoint scale."""
    problems = []
    max_length = Session._meta.get_field("name").max_length
    if not name.strip() or len(name.strip()) > max_length:
        problems.append(
            CsvProblem(None, _("The session needs a name of 1 to %(max)s characters.") % {"max": max_length})
        )
    if scoring_method not in Session.Scoring.values:
        problems.append(
            CsvProblem(
                None,
                _("Unknown scoring method “%(value)s”: use %(choices)s.")
                % {"value": scoring_method, "choices": ", ".join(Session.Scoring.values)},
            )
        )
    if scale not in Session.Scale.values:
        problems.append(
            CsvProblem(
                None,
                _("Unknown matchpoint scale “%(value)s”: use %(choices)s.")
                % {"value": scale, "choices": ", ".join(Session.Scale.values)},
            )
        )
    return problems


def table_count(pairs: Iterable[PairKey]) -> int:
    """Tables of a free-entry section: its NS pairs in a Mitchell, half its pairs (rounded up) in a Howell."""
    pairs = set(pairs)
    if any(direction for _number, direction in pairs):
        return max(1, sum(1 for _number, direction in pairs if direction == "NS"))
    return max(1, (len(pairs) + 1) // 2)


def import_travellers(
    *,
    text: str,
    name: str,
    date: datetime.date,
    scoring_method: str,
    scale: str = Session.Scale.EBU,
    user=None,
    conventions: scoring.Conventions | None = None,
) -> ImportResult:
    """Creates a session (one free-entry section) with its pairs, boards and scored lines from a CSV text.

    Raises FileRefused, listing every problem, when anything is wrong; nothing is then written.
    """
    problems = check_session_fields(name, scoring_method, scale)
    rows, sit_outs, file_problems = parse_file(text)
    problems += file_problems
    if problems:
        raise FileRefused(problems)
    fields = {"scoring": scoring_method, "scale": scale, **convention_fields(conventions or scoring.Conventions())}
    return _create_session(rows, sit_outs, name=name.strip(), date=date, fields=fields, user=user)


@transaction.atomic
def _create_session(
    rows: list[ImportedLine], sit_outs: list[ImportedSitOut], *, name: str, date: datetime.date, fields: dict, user
) -> ImportResult:
    """Writes validated rows as a new session: a constant number of queries plus two per board (rescoring)."""
    user = user if user is not None and user.is_authenticated else None
    session = Session.objects.create(name=name, date=date, director=user, **fields)
    with session_write(session.pk):
        keys = {key for row in rows for key in (row.ns, row.ew)} | {sit_out.pair for sit_out in sit_outs}
        pair_keys = sorted(keys, key=lambda key: (key[1], key[0]))
        board_numbers = sorted({row.board for row in rows} | {sit_out.board for sit_out in sit_outs})
        section = Section.objects.create(
            session=session,
            letter="A",
            kind=Section.Kind.NONE,
            tables=table_count(pair_keys),
            first_board=board_numbers[0],
        )
        Pair.objects.bulk_create(
            [Pair(section=section, number=number, direction=direction) for number, direction in pair_keys]
        )
        Board.objects.bulk_create([Board(section=section, number=number) for number in board_numbers])
        lines = write_lines(section, rows, user=user, sit_outs=sit_outs)
        rescore_session(session=session)
    return ImportResult(session, len(lines), len(board_numbers), len(pair_keys))


def write_lines(
    section: Section, rows: list[ImportedLine], *, user, sit_outs: Sequence[ImportedSitOut] = ()
) -> list[TravellerLine]:
    """An imported file's lines (read and checked) written into `section`, whose pairs and boards exist: with their
    history (by `user`) and seatings, and its sit-outs (with their history). The one writer of imported lines (the
    CSV, USEBIO and PBN imports)."""
    pairs = {(pair.number, pair.direction): pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    with session_write(section.session_id):  # inside the caller's block: neither locks nor stores again
        if sit_outs:
            bulk_create_with_history(
                [SitOut(board=boards[row.board], pair=pairs[row.pair]) for row in sit_outs],
                SitOut,
                default_user=user if user is not None and user.is_authenticated else None,
            )
        lines = bulk_create_with_history(
            [
                TravellerLine(
                    board=boards[row.board],
                    ns_pair=pairs[row.ns],
                    ew_pair=pairs[row.ew],
                    contract=row.result.contract,
                    declarer=row.result.declarer,
                    tricks=row.result.tricks,
                    adjusted=row.result.adjusted,
                    not_played=row.result.not_played,
                    ns_score=row.result.ns_score,
                    bare_average=row.result.bare_average,
                    lead=row.lead,
                )
                for row in rows
            ],
            TravellerLine,
            default_user=user if user is not None and user.is_authenticated else None,
        )
        Seating.objects.bulk_create(
            [Seating(line=line, board=line.board, pair=pair) for line in lines for pair in (line.ns_pair, line.ew_pair)]
        )
    return lines


def refused_summary(problems: list[CsvProblem]) -> str:
    """One sentence saying that a file was not imported and how many problems it has."""
    return ngettext(
        "The file was not imported: %(count)d problem.", "The file was not imported: %(count)d problems.", len(problems)
    ) % {"count": len(problems)}


# --- exporting ------------------------------------------------------------------------------


def _points(value: float | None) -> str:
    return "" if value is None else f"{value + 0.0:.2f}"  # + 0.0 turns -0.0 into 0.0


def export_header(session: Session, with_section: bool = False) -> list[str]:
    """The export's columns: USEBIO traveller columns, then matchpoints or IMPs for each side."""
    points = IMP_COLUMNS if session.uses_imps else MATCHPOINT_COLUMNS
    return ([SECTION_COLUMN] if with_section else []) + list(COLUMNS) + list(points)


def export_rows(session: Session) -> list[list[str]]:
    """The header and one row per traveller line of the session, and one per sit-out (the pair in its column, BYE
    in CONTRACT), in three queries whatever its size.

    A SECTION column comes first when the session has more than one section.
    """
    with_section = session.sections.count() > 1
    lines = (
        TravellerLine.objects.filter(board__section__session=session)
        .select_related("board__section", "ns_pair", "ew_pair")
        .order_by(
            "board__section__letter",
            "board__number",
            F("round").asc(nulls_last=True),
            F("table").asc(nulls_last=True),
            "pk",
        )
    )
    rows = [export_header(session, with_section)]
    for line in _with_sit_outs(session, list(lines)):
        if isinstance(line, SitOut):
            rows.append(([line.board.section.letter] if with_section else []) + sit_out_cells(line))
            continue
        rows.append(
            ([line.board.section.letter] if with_section else [])
            + [
                str(line.board.number),
                line.ns_pair.label,
                line.ew_pair.label,
                "NP" if line.not_played else line.contract,
                line.declarer,
                line.lead,
                "" if line.tricks is None else str(line.tricks),
                line.adjusted or ("" if line.ns_score is None else str(line.ns_score)),
                _points(line.ns_points),
                _points(line.ew_points),
            ]
        )
    return rows


def sit_out_cells(sit_out: SitOut) -> list[str]:
    """A sit-out's row of the export: the pair in its own column (a Howell pair's in NS), BYE as the contract."""
    label, east_west = sit_out.pair.label, sit_out.pair.direction == "EW"
    return [str(sit_out.board.number), "" if east_west else label, label if east_west else "", "BYE"] + [""] * 6


def _with_sit_outs(session: Session, lines: list[TravellerLine]) -> list[TravellerLine | SitOut]:
    """The lines with the session's sit-outs among them, in section, board and round order."""
    sit_outs = SitOut.objects.filter(board__section__session=session).select_related("board__section", "pair")
    last = 10_000  # after every round and table

    def key(item: TravellerLine | SitOut) -> tuple:
        table = getattr(item, "table", None)
        return (
            item.board.section.letter,
            item.board.number,
            last if item.round is None else item.round,
            last if table is None else table,
            isinstance(item, SitOut),
        )

    return sorted([*lines, *sit_outs], key=key)


def export_csv(session: Session) -> str:
    """The session's export as CSV text."""
    return csv_text(export_rows(session))
