"""Table entry, read: each table's secret and link, which table a link opens, and what the table's page shows
(the current round from the movement, each board's state, where everyone goes next)."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from django.db import connection
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.urls import reverse

from club.limits import MAX_ID
from club.statements import columns, db_column, read_models, table
from club.table_entry import secret_matches
from club.table_entry import table_secret as signed
from club.tenancy import in_scope
from events.models import Board, CorrectionRequest, Pair, Section, Session, TableEntry, TableResult, TravellerLine
from events.plans import section_plan
from events.tables.selectors.table_tag import tag_parts_sql
from movement_generators.api import BoardPlay, Movement
from movements.models import CustomMovement

SIDES = {"ns": "NS", "ew": "EW"}  # a side's part of a table's link, and the side it names


def session_table_secret(entry: TableEntry, section_id: int, table: int, side: str) -> str:
    """The secret of a side's link at a table: an HMAC of the section, table and side ('ns' or 'ew') under the
    session's random key (and the site's)."""
    return signed(entry.key, entry.session_id, section_id, table, side)


def table_path(entry: TableEntry, section: Section, table: int, side: str) -> str:
    return reverse(
        "events:table",
        kwargs={
            "session_id": entry.session_id,
            "letter": section.letter,
            "table": table,
            "side": side,
            "secret": session_table_secret(entry, section.pk, table, side),
        },
    )


@dataclass(frozen=True)
class TableLink:
    """A table's two links (and QR codes): one for the North-South pair's phone, one for the East-West pair's."""

    section: Section
    table: int
    ns_path: str
    ew_path: str

    @property
    def name(self) -> str:
        return f"{self.section.letter}{self.table}"

    @property
    def sides(self) -> list[tuple[str, str]]:
        return [("ns", self.ns_path), ("ew", self.ew_path)]


def table_links(session: Session) -> list[TableLink]:
    """Every table of every section with a movement, with its link (empty while table entry was never opened)."""
    entry = TableEntry.objects.filter(session=session).first()
    if entry is None or not entry.key:
        return []
    links = []
    for section in session.sections.select_related("custom_movement", "session"):
        plan = section_plan(section)
        if not plan.has_schedule:
            continue
        links += [
            TableLink(section, table, *(table_path(entry, section, table, side) for side in SIDES))
            for table in range(1, plan.tables + 1)
        ]
    return links


@dataclass
class TableContext:
    """The table a valid link opens, and the side whose link it is ('NS' or 'EW')."""

    entry: TableEntry
    section: Section
    table: int
    plan: Movement
    side: str = "NS"
    sections: int | None = None  # the session's number of sections, when read with the table (`find_table`)
    tag_parts: tuple[str, ...] = ()  # what the table's tag hashes, when read with the table (`table_tag`)

    @property
    def session(self) -> Session:
        return self.section.session


def find_table(session_id: int, letter: str, table: int, side: str, secret: str) -> tuple[TableContext | None, str]:
    """The table of a side's link, or None with why: 'unknown' (no such table or side, or a wrong secret),
    'closed' (table entry switched off), 'final' (the session published final)."""
    if not 0 < session_id <= MAX_ID or not 0 < table <= MAX_ID or side not in SIDES:  # too large for SQLite's integers
        return None, "unknown"
    found = _table_section(session_id, letter, table)
    if found is None:
        return None, "unknown"
    section, sections, tag_parts = found
    entry = section.session.table_entry
    if not entry.key or not in_scope(section.session.club_id):  # read by one statement: no manager narrowed it
        return None, "unknown"
    plan = section_plan(section)
    expected = session_table_secret(entry, section.pk, table, side)
    if not plan.has_schedule or not 1 <= table <= plan.tables or not secret_matches(expected, secret):
        return None, "unknown"
    if entry.session.status == Session.Status.FINAL:
        return None, "final"
    if not entry.is_open:
        return None, "closed"
    return TableContext(entry, section, table, plan, SIDES[side], sections, tag_parts), ""


@cache
def _lookup_sql(vendor: str) -> str:
    """`_table_section`'s one statement (written once: the ORM's building of its joins cost a phone's poll most of
    its CPU): every field of the section, its session, the session's table entry and the section's custom
    movement (as `select_related` read them), the session's number of sections and the table's tag (its parts:
    the table named three times, then the session and the section's letter)."""
    session = db_column(Section, "session", "s")
    return (
        f"SELECT {columns(Section, 's')}, {columns(Session, 'e')}, {columns(TableEntry, 't')}, "
        f"{columns(CustomMovement, 'm')}, (SELECT COUNT(*) FROM {table(Section)} o "
        f"WHERE {db_column(Section, 'session', 'o')} = {session}), {tag_parts_sql(db_column(Section, 'id', 's'))} "
        f"FROM {table(Section)} s JOIN {table(Session)} e ON {session} = {db_column(Session, 'id', 'e')} "
        f"JOIN {table(TableEntry)} t ON {db_column(TableEntry, 'session', 't')} = {db_column(Session, 'id', 'e')} "
        f"LEFT JOIN {table(CustomMovement)} m "
        f"ON {db_column(Section, 'custom_movement', 's')} = {db_column(CustomMovement, 'id', 'm')} "
        f"WHERE {session} = %s AND {db_column(Section, 'letter', 's')} = %s"
    )


def _table_section(session_id: int, letter: str, table: int) -> tuple[Section, int, tuple[str, ...]] | None:
    """The session's section of `letter` with its session, the session's table entry and its custom movement, the
    session's number of sections and the parts of `table`'s tag (read before anything the page shows: a change
    made meanwhile moves the tag at the next poll), in one query (None without the section or the entry)."""
    rows = read_models(
        _lookup_sql(connection.vendor),
        [table, table, table, session_id, letter],
        (Section, Session, TableEntry, CustomMovement),
    )
    if not rows:
        return None
    section, session, entry, movement, sections, *tag_parts = rows[0]
    section.session, session.table_entry = session, entry
    section.custom_movement = movement if section.custom_movement_id is not None else None
    return section, sections, tuple(tag_parts)


@dataclass
class BoardState:
    """One board at the table in a round: the play from the movement, what was typed, the saved line."""

    play: BoardPlay
    board: Board
    typed: TableResult | None = None
    line: TravellerLine | None = None

    @property
    def done(self) -> bool:
        return self.line is not None

    @property
    def confirmed_here(self) -> bool:
        return self.typed is not None and self.typed.confirmed


@dataclass(frozen=True)
class Move:
    pair: str
    table: int | None
    direction: str | None


@dataclass
class TableState:
    context: TableContext
    rounds: list[int]
    round: int | None  # the round being played; None when the table has played every round
    boards: list[BoardState] = field(default_factory=list)
    ns: Pair | None = None
    ew: Pair | None = None
    previous: int | None = None  # the round just finished, whose moves the page shows
    moves: list[Move] = field(default_factory=list)
    boards_to: tuple[int, ...] = ()
    boards_relay: bool = False
    played: list[int] = field(default_factory=list)  # the boards this table has played (a correction may be asked)
    corrections: list[CorrectionRequest] = field(default_factory=list)  # the table's requests, the latest first

    @property
    def finished(self) -> bool:
        return self.round is None

    @property
    def version(self) -> str:
        """Changes whenever anything shown changes: two phones at one table compare it to stay the same."""
        parts = [str(self.round)] + [
            f"{b.board.number}:{b.typed.version if b.typed else 0}:{b.typed.confirmed if b.typed else 0}:"
            f"{b.typed.removed if b.typed else 0}:"
            f"{b.line.pk if b.line else 0}"
            for b in self.boards
        ]
        parts += [f"c{c.pk}:{c.resolved}" for c in self.corrections]
        return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def board_states(context: TableContext, rounds: list[int], *, lines: bool = True) -> dict[int, list[BoardState]]:
    """Every board of the table in each of `rounds`, in four queries however many rounds (three without the
    `lines` themselves: their ids only, all the poll's version needs)."""
    plays = {round_: context.plan.plays_at(context.table, round_) for round_ in rounds}
    numbers = {play.board for round_plays in plays.values() for play in round_plays}
    # Keyed, not ordered: no joins for the models' orderings (by section, then session).
    boards = {b.number: b for b in context.section.boards.filter(number__in=numbers).order_by()}
    typed = TableResult.objects.filter(section=context.section, table=context.table).order_by()
    typed = {(t.round, t.board_id): t for t in typed}
    wanted = {(boards[play.board].pk, play.ns, play.ew) for round_plays in plays.values() for play in round_plays}
    by_pairs = _table_lines(boards.values(), wanted, full=lines)
    return {
        round_: [
            BoardState(
                play,
                boards[play.board],
                typed.get((round_, boards[play.board].pk)),
                by_pairs.get((boards[play.board].pk, play.ns, play.ew)),
            )
            for play in round_plays
        ]
        for round_, round_plays in plays.items()
    }


def _table_lines(boards, wanted: set[tuple[int, str, str]], *, full: bool) -> dict[tuple, TravellerLine]:
    """The lines of the table's plays, by (board id, North-South's label, East-West's), `wanted` among every line
    of its boards (the whole room's): the room's lines read as ids and labels (no line or pair built for the other
    tables'), then the table's own with their pairs, or, not `full`, as their ids alone."""
    rows = TravellerLine.objects.filter(board__in=boards)
    numbers = {ns.rstrip("NSEW") for _board, ns, _ew in wanted}
    if all(number.isascii() and number.isdigit() for number in numbers):  # the North-South pairs' lines alone
        rows = rows.filter(ns_pair__number__in=[int(number) for number in numbers])
    rows = rows.order_by().values_list(  # matched, not ordered: no join for the model's ordering
        "pk", "board_id", "ns_pair__number", "ns_pair__direction", "ew_pair__number", "ew_pair__direction"
    )
    ids = {}
    for pk, board_id, ns_number, ns_direction, ew_number, ew_direction in rows:
        key = (board_id, f"{ns_number}{ns_direction}", f"{ew_number}{ew_direction}")
        if key in wanted:
            ids[key] = pk
    if not full:
        return {key: TravellerLine(pk=pk, board_id=key[0]) for key, pk in ids.items()}
    lines = TravellerLine.objects.filter(pk__in=ids.values()).select_related("ns_pair", "ew_pair")
    return {(line.board_id, line.ns_pair.label, line.ew_pair.label): line for line in lines}


def table_state(context: TableContext, *, pairs: bool = True) -> TableState:
    """The table's page: the first round of the table still missing a result, its boards, and the moves after
    the round before it (without the round's pairs, and its lines as ids alone, when not `pairs`: the phones'
    polling needs only the version)."""
    plan, table = context.plan, context.table
    rounds = [r for r in range(1, plan.rounds + 1) if plan.plays_at(table, r)]
    state = TableState(context, rounds, None)
    every_round = board_states(context, rounds, lines=pairs)
    for round_ in rounds:
        boards = every_round[round_]
        if not all(board.done for board in boards):
            state.round, state.boards = round_, boards
            break
        state.previous = round_
        state.played += [board.board.number for board in boards]
    state.played += [board.board.number for board in state.boards if board.done]
    if state.round is not None and pairs:
        encounter = plan.encounter(state.round, table)
        pairs = {pair.label: pair for pair in context.section.pairs.all()}
        state.ns, state.ew = pairs.get(encounter.ns or ""), pairs.get(encounter.ew or "")
    if state.previous is not None:
        add_moves(state, plan, table, state.previous)
    state.corrections = table_corrections(context)
    return state


def table_corrections(context: TableContext) -> list[CorrectionRequest]:
    """The table's latest correction requests, each with its board's result as it stands (the director's answer
    once it is done)."""
    requests = list(
        CorrectionRequest.objects.filter(section=context.section, table=context.table)
        .select_related("board")
        .order_by("-created_at", "-pk")[:5]
    )
    plays = {play.board: play for play in context.plan.schedule if play.table == context.table}
    lines = TravellerLine.objects.filter(board__in=[r.board for r in requests]).select_related("ns_pair", "ew_pair")
    for request in requests:
        play = plays.get(request.board.number)
        request.line = next(
            (
                line
                for line in lines
                if play
                and line.board_id == request.board_id
                and (line.ns_pair.label, line.ew_pair.label) == (play.ns, play.ew)
            ),
            None,
        )
    return requests


@cache
def _rounds_sql(vendor: str) -> str:
    """The table's lines counted by round (written once, as `_lookup_sql`)."""
    line, board = TravellerLine, Board
    return (
        f"SELECT {db_column(line, 'round', 'l')}, COUNT(*) FROM {table(line)} l "
        f"JOIN {table(board)} b ON {db_column(line, 'board', 'l')} = {db_column(board, 'id', 'b')} "
        f"WHERE {db_column(board, 'section', 'b')} = %s AND {db_column(line, 'table', 'l')} = %s "
        f"GROUP BY {db_column(line, 'round', 'l')}"
    )


def round_window(context: TableContext) -> set[int]:
    """The rounds a table's link acts on: the round the table is on (its first round with a board still without
    its line) and the one before (a late board); the last round once every round is in (a board the director
    removed, entered again). One query: the table's lines counted by round."""
    plan, table = context.plan, context.table
    rounds = [r for r in range(1, plan.rounds + 1) if plan.plays_at(table, r)]
    with connection.cursor() as cursor:
        cursor.execute(_rounds_sql(connection.vendor), [context.section.pk, table])
        counts = Counter(dict(cursor.fetchall()))
    current = next((r for r in rounds if counts[r] < len(plan.plays_at(table, r))), None)
    if current is None:
        return set(rounds[-1:])
    index = rounds.index(current)
    return set(rounds[max(index - 1, 0) : index + 1])


def add_moves(state: TableState, plan: Movement, table: int, round_: int) -> None:
    """Where the pairs and boards of `table` in `round_` go for the next round."""
    encounter = plan.encounter(round_, table)
    for label in encounter.pairs if encounter else ():
        row = next((row for row in plan.pair_guide(label) if row.round == round_ + 1), None)
        if row is None or row.sits_out:
            state.moves.append(Move(label, None, None))  # sits out next round, or the session is over
        else:
            state.moves.append(Move(label, row.table, row.direction))
    destination = plan.boards_next(table, round_)
    state.boards_to, state.boards_relay = destination.tables, destination.via_relay


def typed_results() -> QuerySet[TableResult]:
    """The boards typed at the tables, with their section and board (the director's settling of a disagreement)."""
    return TableResult.objects.select_related("section", "board")


def director_section(session_id: int, section_id: int) -> Section:
    """The session's section, with its session (a 404 when there is none)."""
    return get_object_or_404(Section.objects.select_related("session"), pk=section_id, session_id=session_id)


def correction_request(request_id: int) -> CorrectionRequest:
    return get_object_or_404(CorrectionRequest.objects.select_related("section"), pk=request_id)
