"""Importing a USEBIO 1.2 XML file as a new session, then comparing the file's figures with the site's scoring.

The file is read by `interchange.usebio` (pure, defusedxml); each traveller line is then read exactly as a line
of the traveller CSV (`traveller_csv.read_row`, whose columns are USEBIO's names), so a file with any problem is
refused whole, every problem listed, and nothing is written. Teams events are refused (they are imported as a
teams match). Each section gets the standard Mitchell or Howell that schedules every line of it
(`recognise_movement`), else no movement (free entry), with the file's pairs; players are matched to members
by federation number (the member's number), else by their full name, else kept as guests.
"""

from __future__ import annotations

import dataclasses
import datetime
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from club.bridge_messages import line_problem
from club.csv_files import CsvProblem, FileRefused
from club.member_match import match_imported
from club.models import Member
from deals import DealRefused
from events.entry.services.locking import session_write
from events.files.services.interchange_compare import (
    ImportedPlayer,
    ImportReport,
    compare,
    compare_lines,
    compare_pairs,
    summary,
)
from events.files.services.interchange_fit import fit_conventions, fit_pair_total, said_by_file
from events.files.services.transfer import table_count, write_lines
from events.files.services.traveller_csv import (
    ImportedLine,
    ImportedSitOut,
    cross_check,
    pair_key_label,
    read_row,
    read_sit_out,
)
from events.files.services.usebio_messages import usebio_message
from events.hands.services.hands import store_deals
from events.models import Board, Pair, Section, Session
from events.plans import build_plan
from events.standings.selectors.conventions import convention_fields
from events.standings.services.rescoring import rescore_session
from interchange.usebio import UsebioError, UsebioEvent, UsebioLine, UsebioPair, read_usebio

__all__ = ["import_event", "import_usebio", "summary"]


def _key(pair_number: int, mitchell: bool, side: str) -> str:
    return f"{pair_number}{side if mitchell else ''}"


def _is_mitchell(pairs: list[UsebioPair], lines: list[UsebioLine]) -> bool:
    """Whether the section numbers its pairs by direction (a Mitchell): its pairs have a direction or a line sets
    pair 1 against pair 1; not when a pair number plays on both sides (a barometer whose pairs change direction,
    as Ruter writes one: the TotalScoreTable's direction is the pair's first)."""
    if any(line.ns == line.ew for line in lines):
        return True
    if {line.ns for line in lines} & {line.ew for line in lines}:
        return False
    return any(pair.direction for pair in pairs)


Read = tuple[bool, list[ImportedLine], list[ImportedSitOut]]  # a section: Mitchell or not, its lines and sit-outs


def read_rows(event: UsebioEvent) -> dict[str, Read]:
    """Each section's lines and sit-outs read as the traveller CSV reads them; raises FileRefused with every
    problem."""
    problems: list[CsvProblem] = []
    sections: dict[str, Read] = {}
    for letter in event.sections:
        lines = [line for line in event.lines if line.section == letter]
        if not lines:
            problems.append(CsvProblem(None, _("Section %(letter)s has no traveller lines.") % {"letter": letter}))
            continue
        mitchell = _is_mitchell([pair for pair in event.pairs if pair.section == letter], lines)
        rows = []
        for index, line in enumerate(lines, start=1):
            number = line.line or index  # a PBN file's line, else the line's place in its section
            cells = {
                "BOARD_NUMBER": str(line.board),
                "NS_PAIR_NUMBER": _key(line.ns, mitchell, "NS"),
                "EW_PAIR_NUMBER": _key(line.ew, mitchell, "EW"),
                **line.cells,
            }
            row, found = read_row(number, cells)
            problems += [_problem(line, letter, problem) for problem in found]
            if row is not None:
                rows.append(row)
        sit_outs = _sit_outs(event, letter, mitchell, len(lines), problems)
        problems += [_problem(lines[0], letter, problem) for problem in cross_check(rows, sit_outs)]
        sections[letter] = (mitchell, rows, sit_outs)
    if problems:
        raise FileRefused(problems)
    return sections


def _sit_outs(event: UsebioEvent, letter: str, mitchell: bool, after: int, problems: list) -> list[ImportedSitOut]:
    """The section's sit-outs, read as the traveller CSV reads a BYE row (numbered after its `after` lines)."""
    found = []
    sitting = [sit_out for sit_out in event.sit_outs if sit_out.section == letter]
    for index, sit_out in enumerate(sitting, start=after + 1):
        label = _key(sit_out.pair, mitchell, sit_out.side)
        cells = {"BOARD_NUMBER": str(sit_out.board), "CONTRACT": "BYE", "SCORE": ""}
        cells |= {f"{side}_PAIR_NUMBER": label if side == sit_out.side else "" for side in ("NS", "EW")}
        row, row_problems = read_sit_out(index, cells)
        problems += [CsvProblem(None, f"{letter} {problem.line}: {problem.message}") for problem in row_problems]
        found += [row] if row is not None else []
    return found


def _problem(line: UsebioLine, letter: str, problem: CsvProblem) -> CsvProblem:
    """A line's problem: at its line of a PBN file, or "A 3: ..." (section, line's place) in a USEBIO file."""
    if line.line:
        return problem
    return CsvProblem(None, f"{letter} {problem.line}: {problem.message}")


def import_usebio(*, data: bytes, preset: str = "", user=None, source_name: str = "") -> ImportReport:
    """Creates a session from a USEBIO file and compares the file's matchpoints or IMPs with the site's.

    ``preset`` (a name of `scoring.PRESETS`) sets the conventions the file does not state; ``source_name`` (the
    file's name) is kept with its deals. Raises FileRefused (nothing written) for a file that cannot be taken
    whole.
    """
    try:
        event = read_usebio(data)
    except UsebioError as error:
        raise FileRefused([CsvProblem(None, usebio_message(error))]) from None
    except DealRefused as refused:
        raise FileRefused([CsvProblem(None, line_problem(p.line, p)) for p in refused.problems]) from None
    return import_event(event=event, preset=preset, user=user, source_name=source_name)


def import_event(*, event: UsebioEvent, preset: str = "", user=None, source_name: str = "") -> ImportReport:
    """Creates a session from an imported file's event (USEBIO or PBN), with its deals, scores it and compares the
    file's figures with the site's; raises FileRefused (nothing written) for an event it cannot take."""
    if event.date is None:
        raise FileRefused([CsvProblem(None, _("The file gives no DATE for the event."))])
    preset, stated = said_by_file(event, preset)
    if preset and preset not in scoring.PRESETS:
        raise FileRefused([CsvProblem(None, _("Unknown preset “%(value)s”.") % {"value": preset})])
    sections = read_rows(event)
    boards = {line.board for line in event.lines}
    unknown = sorted(set(event.hands) - boards)
    if unknown:
        message = _("The file gives the hands of board %(board)s, which has no traveller line.")
        raise FileRefused([CsvProblem(None, message % {"board": number}) for number in unknown])
    with transaction.atomic():
        session = _create_session(event, preset, user, stated)
        with session_write(session.pk):
            result = ImportReport(session, 0)
            for letter, (mitchell, rows, sit_outs) in sections.items():
                pairs = [pair for pair in event.pairs if pair.section == letter]
                created = _create_section(session, letter, mitchell, (rows, sit_outs), pairs, result.players, user)
                result.lines += created
            rescore_session(session=session)
            fit_conventions(session=session, event=event, stated=stated, misfits=lambda mine: _misfits(event, mine))
            fit_pair_total(session=session, event=event, stated=stated, misfits=lambda mine: _pair_misfits(event, mine))
        if event.hands:
            result.deals = store_deals(session=session, deals=event.hands, source_name=source_name).count
    compare(event, result)
    return result


def _misfits(event: UsebioEvent, session: Session) -> int:
    """How many of the file's line figures differ from the session's as it is scored now."""
    trial = ImportReport(session, 0)
    compare_lines(event, trial)
    return len(trial.differences)


def _pair_misfits(event: UsebioEvent, session: Session) -> int:
    """How many of the file's pair totals differ from the session's standings as stored now."""
    trial = ImportReport(session, 0)
    compare_pairs(event, trial)
    return len(trial.pair_differences)


def _create_session(event: UsebioEvent, preset: str, user, stated: dict) -> Session:
    scale, conventions = scoring.preset(preset) if preset else (None, scoring.Conventions())
    conventions = dataclasses.replace(conventions, **stated)
    return Session.objects.create(
        name=event.name or _("Imported session"),
        date=event.date or datetime.date.today(),
        scoring=event.scoring,
        scale=event.scale or scale or Session.Scale.EBU,
        director=user if user is not None and user.is_authenticated else None,
        **convention_fields(conventions),
    )


def _create_section(session, letter, mitchell, read, usebio_pairs, matches, user) -> int:
    """One section with its pairs (players matched), boards, lines, seatings and sit-outs; returns its lines."""
    rows, sit_outs = read
    keys = {key for row in rows for key in (row.ns, row.ew)} | {sit_out.pair for sit_out in sit_outs}
    keys |= {(pair.number, pair.direction if mitchell else "") for pair in usebio_pairs}
    keys = sorted(keys, key=lambda key: (key[1], key[0]))
    numbers = sorted({row.board for row in rows} | {sit_out.board for sit_out in sit_outs})
    # Without a movement: one board a round over the boards' span, as the set-up page states a free-entry section
    # (so that the director can change the session's conventions there without touching the section).
    free = {"boards_per_round": 1, "rounds": numbers[-1] - numbers[0] + 1}
    movement = recognise_movement(keys, rows) or {"kind": Section.Kind.NONE, "tables": table_count(keys), **free}
    section = Section.objects.create(session=session, letter=letter, first_board=numbers[0], **movement)
    given = {(pair.number, pair.direction if mitchell else ""): pair for pair in usebio_pairs}
    members = list(Member.objects.filter(removed_on=None))  # a removed member is no longer matched by name
    new_pairs = []
    for number, direction in keys:
        pair = Pair(
            section=section, number=number, direction=direction, **_masterpoints(given.get((number, direction)))
        )
        for slot, player in enumerate(given[(number, direction)].players[:2] if (number, direction) in given else (),
                                      start=1):  # fmt: skip
            member, how = match_imported(player.federation, player.name, members)
            setattr(pair, f"player{slot}", member)
            setattr(pair, f"player{slot}_guest", "" if member else player.name)
            matches.append(ImportedPlayer(f"{letter} {number}{direction}", player.name, how))
        new_pairs.append(pair)
    Pair.objects.bulk_create(new_pairs)
    Board.objects.bulk_create([Board(section=section, number=number) for number in numbers])
    with session_write(session.pk):  # the caller's block: this one neither locks nor stores again
        return len(write_lines(section, rows, user=user, sit_outs=sit_outs))


def _masterpoints(pair: UsebioPair | None) -> dict:
    """The masterpoints the file awarded the pair (kept with it, shown on the ranking and exported again)."""
    if pair is None or pair.masterpoints is None or not 0 <= pair.masterpoints < 1_000_000:
        return {}
    return {"masterpoints": Decimal(str(round(pair.masterpoints, 2))), "masterpoint_type": pair.masterpoint_type}


def recognise_movement(keys: list[tuple[int, str]], rows: list[ImportedLine]) -> dict | None:
    """The settings of a whole standard Mitchell or Howell whose pairs are the file's and which schedules every
    line of it (a few boards a round), so that the section is ranked and scored as it was played; None when
    none fits (the section is then a free-entry one)."""
    labels = {pair_key_label(key) for key in keys}
    plays = {(row.board, pair_key_label(row.ns), pair_key_label(row.ew)) for row in rows}
    boards = {row.board for row in rows}
    mitchell = any(direction for _number, direction in keys)
    tables = sum(1 for _number, direction in keys if direction == "NS") if mitchell else (len(keys) + 1) // 2
    kinds = [("mitchell", "skip"), ("mitchell", "relay")] if mitchell else [("howell", "skip")]
    for kind, even in kinds:
        for per_round in range(1, 7):
            try:
                plan = build_plan(kind, tables, per_round, None, min(boards), even, "", False, "")
            except ValueError:
                continue
            if set(plan.pairs) != labels or set(plan.played_boards) != boards:
                continue
            if plays <= {(play.board, play.ns, play.ew) for play in plan.schedule}:
                return {"kind": kind, "tables": tables, "boards_per_round": per_round, "even_tables": even}
    return None
