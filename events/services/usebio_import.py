"""Importing a USEBIO 1.2 XML file as a new session, then comparing the file's figures with the site's scoring.

The file is read by `interchange.usebio` (pure, defusedxml); each traveller line is then read exactly as a line
of the traveller CSV (`traveller_csv.read_row`, whose columns are USEBIO's names), so a file with any problem is
refused whole, every problem listed, and nothing is written. Teams events are refused (they are imported as a
teams match). Each section gets the standard Mitchell or Howell that schedules every line of it
(`recognise_movement`), else no movement (free entry), with the file's pairs; players are matched to members
by federation number (the member's number), else by their full name, else kept as guests.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

import scoring
from club.csv_files import CsvProblem
from club.models import Member
from events.models import Board, Pair, Seating, Section, Session, TravellerLine
from events.plans import build_plan
from events.services.locking import session_write
from events.services.rescoring import convention_fields, rescore_session
from events.services.transfer import table_count
from events.services.traveller_csv import ImportedLine, TravellersRefused, cross_check, pair_label, read_row
from events.services.usebio_messages import REASONS, usebio_message
from interchange.usebio import UsebioError, UsebioEvent, UsebioLine, UsebioPair, read_usebio

TOLERANCE = 0.011  # scorers print two decimals


@dataclass(frozen=True)
class ImportedPlayer:
    pair: str  # "A 3NS"
    name: str
    how: str  # "number", "name" or "guest"


@dataclass(frozen=True)
class Difference:
    section: str
    board: int
    line: str  # "1NS v 2EW"
    file_points: float
    site_points: float
    reason: str


@dataclass
class UsebioImport:
    session: Session
    lines: int
    compared: int = 0
    players: list[ImportedPlayer] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)


def _key(pair_number: int, mitchell: bool, side: str) -> str:
    return f"{pair_number}{side if mitchell else ''}"


def _is_mitchell(pairs: list[UsebioPair], lines: list[UsebioLine]) -> bool:
    return any(pair.direction for pair in pairs) or any(line.ns == line.ew for line in lines)


def read_rows(event: UsebioEvent) -> dict[str, tuple[bool, list[ImportedLine]]]:
    """Each section's lines read as the traveller CSV reads them; raises TravellersRefused with every problem."""
    problems: list[CsvProblem] = []
    sections: dict[str, tuple[bool, list[ImportedLine]]] = {}
    for letter in event.sections:
        lines = [line for line in event.lines if line.section == letter]
        mitchell = _is_mitchell([pair for pair in event.pairs if pair.section == letter], lines)
        rows = []
        for number, line in enumerate(lines, start=1):
            cells = {
                "BOARD_NUMBER": str(line.board),
                "NS_PAIR_NUMBER": _key(line.ns, mitchell, "NS"),
                "EW_PAIR_NUMBER": _key(line.ew, mitchell, "EW"),
                **line.cells,
            }
            row, found = read_row(number, cells)
            problems += [CsvProblem(None, f"{letter} {number}: {problem.message}") for problem in found]
            if row is not None:
                rows.append(row)
        problems += [CsvProblem(None, f"{letter} {problem.line}: {problem.message}") for problem in cross_check(rows)]
        sections[letter] = (mitchell, rows)
    if problems:
        raise TravellersRefused(problems)
    return sections


def import_usebio(*, data: bytes, preset: str = "", user=None) -> UsebioImport:
    """Creates a session from a USEBIO file and compares the file's matchpoints or IMPs with the site's.

    ``preset`` (a name of `scoring.PRESETS`) sets the conventions the file does not state. Raises
    TravellersRefused (nothing written) for a file that cannot be taken whole.
    """
    try:
        event = read_usebio(data)
    except UsebioError as error:
        raise TravellersRefused([CsvProblem(None, usebio_message(error))]) from None
    if event.date is None:
        raise TravellersRefused([CsvProblem(None, _("The file gives no DATE for the event."))])
    if preset and preset not in scoring.PRESETS:
        raise TravellersRefused([CsvProblem(None, _("Unknown preset “%(value)s”.") % {"value": preset})])
    sections = read_rows(event)
    with transaction.atomic():
        session = _create_session(event, preset, user)
        with session_write(session.pk):
            result = UsebioImport(session, 0)
            for letter, (mitchell, rows) in sections.items():
                pairs = [pair for pair in event.pairs if pair.section == letter]
                result.lines += _create_section(session, letter, mitchell, rows, pairs, result.players)
            rescore_session(session=session)
    compare(event, result)
    return result


def _create_session(event: UsebioEvent, preset: str, user) -> Session:
    scale, conventions = scoring.preset(preset) if preset else (None, scoring.Conventions())
    return Session.objects.create(
        name=event.name or _("Imported session"),
        date=event.date or datetime.date.today(),
        scoring=event.scoring,
        scale=event.scale or scale or Session.Scale.EBU,
        director=user if user is not None and user.is_authenticated else None,
        **convention_fields(conventions),
    )


def _create_section(session, letter, mitchell, rows, usebio_pairs, matches) -> int:
    """One free-entry section with its pairs (players matched), boards, lines and seatings; returns its lines."""
    keys = {key for row in rows for key in (row.ns, row.ew)}
    keys |= {(pair.number, pair.direction if mitchell else "") for pair in usebio_pairs}
    keys = sorted(keys, key=lambda key: (key[1], key[0]))
    numbers = sorted({row.board for row in rows})
    movement = recognise_movement(keys, rows) or {"kind": Section.Kind.NONE, "tables": table_count(keys)}
    section = Section.objects.create(session=session, letter=letter, first_board=numbers[0], **movement)
    players = {(pair.number, pair.direction if mitchell else ""): pair.players for pair in usebio_pairs}
    members = list(Member.objects.filter(removed_on=None))  # a removed member is no longer matched by name
    new_pairs = []
    for number, direction in keys:
        pair = Pair(section=section, number=number, direction=direction)
        for slot, player in enumerate(players.get((number, direction), ())[:2], start=1):
            member, how = match_member(player.federation, player.name, members)
            setattr(pair, f"player{slot}", member)
            setattr(pair, f"player{slot}_guest", "" if member else player.name)
            matches.append(ImportedPlayer(f"{letter} {number}{direction}", player.name, how))
        new_pairs.append(pair)
    Pair.objects.bulk_create(new_pairs)
    Board.objects.bulk_create([Board(section=section, number=number) for number in numbers])
    pairs = {(pair.number, pair.direction): pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    with session_write(session.pk):  # the caller's block: this one neither locks nor stores again
        lines = bulk_create_with_history([_line(row, boards, pairs) for row in rows], TravellerLine)
        Seating.objects.bulk_create(
            [Seating(line=line, board=line.board, pair=pair) for line in lines for pair in (line.ns_pair, line.ew_pair)]
        )
    return len(lines)


def recognise_movement(keys: list[tuple[int, str]], rows: list[ImportedLine]) -> dict | None:
    """The settings of a whole standard Mitchell or Howell whose pairs are the file's and which schedules every
    line of it (a few boards a round), so that the section is ranked and scored as it was played; None when
    none fits (the section is then a free-entry one)."""
    labels = {pair_label(key) for key in keys}
    plays = {(row.board, pair_label(row.ns), pair_label(row.ew)) for row in rows}
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


def _line(row: ImportedLine, boards: dict, pairs: dict) -> TravellerLine:
    result = row.result
    return TravellerLine(
        board=boards[row.board],
        ns_pair=pairs[row.ns],
        ew_pair=pairs[row.ew],
        contract=result.contract,
        declarer=result.declarer,
        tricks=result.tricks,
        adjusted=result.adjusted,
        not_played=result.not_played,
        ns_score=result.ns_score,
        lead=row.lead,
    )


def match_member(federation: str, name: str, members: list[Member]) -> tuple[Member | None, str]:
    """The member a file's player is: by federation (membership) number, else by a unique full name."""
    if federation:
        found = [member for member in members if member.number and member.number == federation]
        if found:
            return found[0], "number"
    folded = " ".join(name.split()).casefold()
    found = [member for member in members if member.real_name.casefold() == folded]
    if folded and len(found) == 1:
        return found[0], "name"
    return None, "guest"


def compare(event: UsebioEvent, result: UsebioImport) -> None:
    """Each line whose printed NS figure differs from the site's, with the likeliest reason."""
    stored = TravellerLine.objects.filter(board__section__session=result.session).select_related(
        "board__section", "ns_pair", "ew_pair"
    )
    site = {(line.board.section.letter, line.board.number, line.ns_pair.number, line.ew_pair.number): line
            for line in stored}  # fmt: skip
    played = Counter((line.section, line.board) for line in event.lines if line.cells.get("SCORE") != "NP")
    most = {letter: max((n for (s, _b), n in played.items() if s == letter), default=0) for letter in event.sections}
    for line in event.lines:
        mine = site.get((line.section, line.board, line.ns, line.ew))
        if line.ns_points is None or mine is None or mine.ns_points is None:
            continue
        result.compared += 1
        if abs(line.ns_points - mine.ns_points) <= TOLERANCE:
            continue
        short = played[(line.section, line.board)] < most[line.section]
        reason = likeliest_reason(event.scoring, line, mine, short)
        label = f"{mine.ns_pair.label} v {mine.ew_pair.label}"
        result.differences.append(Difference(line.section, line.board, label, line.ns_points, mine.ns_points, reason))


def likeliest_reason(method: str, line: UsebioLine, mine: TravellerLine, short: bool) -> str:
    """Why a printed figure most likely differs from the site's (a sentence in the reader's language)."""
    if method == "matchpoints":
        if line.ew_points is not None and abs(line.ns_points - line.ew_points) < TOLERANCE and not mine.adjusted:
            return str(REASONS["average"])
        return str(REASONS["short"] if short else REASONS["field"])
    if mine.adjusted:
        return str(REASONS["adjusted"])
    return str(REASONS["datum"] if method == "butler" else REASONS["other"])


def summary(result: UsebioImport) -> list[str]:
    """The comparison as lines of text: counts, each difference, then how players were matched."""
    out = [
        _("%(lines)s lines imported; %(compared)s figures compared with the file, %(differ)s differ.")
        % {"lines": result.lines, "compared": result.compared, "differ": len(result.differences)}
    ]
    for item in result.differences:
        out.append(
            _("Section %(section)s, board %(board)s, %(line)s: the file %(file)s, the site %(site)s (%(reason)s).")
            % {
                "section": item.section,
                "board": item.board,
                "line": item.line,
                "file": f"{item.file_points:g}",
                "site": f"{round(item.site_points, 2):g}",
                "reason": item.reason,
            }
        )
    counts = Counter(match.how for match in result.players)
    out.append(
        _("Players: %(number)s matched by federation number, %(name)s by name, %(guest)s kept as guests.")
        % {"number": counts["number"], "name": counts["name"], "guest": counts["guest"]}
    )
    return out
