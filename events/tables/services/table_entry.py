"""Table entry, written: the director opens and closes it; a table types a result (kept as typed), the East-West
pair confirms it (then it is saved as the board's line through `save_line`, scored at once), and the table may
ask the director to correct a confirmed board.

A result is keyed by section, table, round and board: sent twice (a retry, a double tap, two phones at one
table) it is stored once. A confirmation writes its board in `session_write(shared=True)`: the tables of a room
confirm at once, each board's writers one after the other.
"""

from __future__ import annotations

from functools import cache

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.statements import columns, db_column, for_update, read_models, save_fields, table
from club.table_entry import new_key, typed_values
from club.table_sides import TYPED_FIELDS, enter, other_version, table_reason, typed_version
from club.typed_result import LineResult, read_typed_result
from club.unit_of_work import SESSION, record_change
from events.entry.services.lines import board_lines, check_placement, save_line
from events.entry.services.locking import session_write
from events.models import Board, CorrectionRequest, Pair, Section, Session, TableEntry, TableResult
from events.plans import section_plan
from events.tables.selectors.table_entry import TableContext, round_window
from movement_generators.api import BoardPlay


@transaction.atomic
def set_table_entry(*, session: Session, is_open: bool, late_minutes: int | None = None) -> TableEntry:
    """Opens (a random key made the first time: it makes every table's secret) or closes table entry."""
    entry, _created = TableEntry.objects.select_for_update().get_or_create(session=session)
    if is_open and not entry.key:
        entry.key = new_key()
    if is_open and not entry.is_open:
        entry.opened_at = timezone.now()
    entry.is_open = is_open
    if late_minutes is not None:
        entry.late_minutes = late_minutes
    entry.save()
    return entry


@transaction.atomic
def set_live_results(*, session: Session, on: bool) -> TableEntry:
    """Shows the ranking as it stands publicly, marked provisional, while the session is in progress (or hides
    it again). The session's cached pages move on: its page sends visitors to the live page, or stops."""
    entry, _created = TableEntry.objects.select_for_update().get_or_create(session=session)
    entry.live_results = on
    entry.save(update_fields=["live_results"])
    record_change(SESSION, session.pk, published=session.status != Session.Status.IN_PROGRESS)
    return entry


def _play(context: TableContext, round_: int, board_number: int) -> BoardPlay:
    """The movement's play of the board at this table in this round, or the refusal."""
    plays = context.plan.plays_at(context.table, round_)
    if not plays:
        raise ValidationError(
            _("Table %(table)s does not play in round %(round)s.") % {"table": context.table, "round": round_}
        )
    play = next((play for play in plays if play.board == board_number), None)
    if play is None:
        raise ValidationError(
            _("Board %(board)s is not played at table %(table)s in round %(round)s.")
            % {"board": board_number, "table": context.table, "round": round_}
        )
    return play


def _pairs(context: TableContext, play: BoardPlay) -> tuple[Pair, Pair]:
    """The play's two pairs, read alone (not the section's every pair)."""
    numbers = sorted({label.rstrip("NSEW") for label in (play.ns, play.ew)})
    if all(number.isascii() and number.isdigit() for number in numbers):
        params = [context.section.pk, *(int(number) for number in numbers)]
        section_pairs = [row[0] for row in read_models(_pairs_sql(connection.vendor, len(numbers)), params, (Pair,))]
    else:
        section_pairs = context.section.pairs.order_by()  # keyed by label: no ordering's joins to section and session
    pairs = {pair.label: pair for pair in section_pairs}
    return pairs[play.ns], pairs[play.ew]


@cache
def _pairs_sql(vendor: str, count: int) -> str:
    """The section's pairs of `count` numbers (written once: `club.statements`)."""
    numbers = ", ".join(["%s"] * count)
    return (
        f"SELECT {columns(Pair, 'p')} FROM {table(Pair)} p "
        f"WHERE {db_column(Pair, 'section', 'p')} = %s AND {db_column(Pair, 'number', 'p')} IN ({numbers})"
    )


@cache
def _typed_sql(vendor: str) -> str:
    """A board's typed result at a table in a round, with its board, its row alone locked (`_locked`; written once:
    `club.statements`)."""
    typed, board = TableResult, Board
    where = " AND ".join(f"{db_column(typed, name, 'r')} = %s" for name in ("section", "table", "round"))
    return (
        f"SELECT {columns(typed, 'r')}, {columns(board, 'b')} FROM {table(typed)} r "
        f"JOIN {table(board)} b ON {db_column(typed, 'board', 'r')} = {db_column(board, 'id', 'b')} "
        f"WHERE {where} AND {db_column(board, 'number', 'b')} = %s ORDER BY {db_column(typed, 'id', 'r')} "
        f"LIMIT 1{for_update('r')}"
    )


def _locked_typed(context: TableContext, round_: int, board_number: int) -> TableResult | None:
    """The board's typed result at the table in `round_`, with its board, its row locked (the confirmation's)."""
    params = [context.section.pk, context.table, round_, board_number]
    rows = read_models(_typed_sql(connection.vendor), params, (TableResult, Board))
    if not rows:
        return None
    typed, board = rows[0]
    typed.board = board
    return typed


@cache
def _board_sql(vendor: str) -> str:
    """The section's board of a number (written once: `club.statements`)."""
    where = f"{db_column(Board, 'section', 'b')} = %s AND {db_column(Board, 'number', 'b')} = %s"
    return f"SELECT {columns(Board, 'b')} FROM {table(Board)} b WHERE {where}"


def _board_and_pairs(context: TableContext, play: BoardPlay, board: Board | None = None) -> tuple:
    """The play's board (`board` when already read, with the typed result) and its two pairs."""
    if board is None:
        found = read_models(_board_sql(connection.vendor), [context.section.pk, play.board], (Board,))
        if not found:
            raise Board.DoesNotExist(play.board)
        board = found[0][0]
    board.section = context.section
    return board, *_pairs(context, play)


def _check(context: TableContext, play: BoardPlay, typed: TableResult | None) -> tuple:
    """The board (the typed result's, when there is one) and its pairs, refused if a pair already has a result on
    the board."""
    board, ns, ew = _board_and_pairs(context, play, typed.board if typed is not None else None)
    others = [line for line in board_lines(board.pk) if typed is None or line.pk != typed.line_id]
    check_placement(context.plan, board, ns, ew, play.round, others)
    return board, ns, ew


def _check_round(context: TableContext, round_: int) -> None:
    """A table's link acts on its current round, and the round before for a late board: never on a round ahead
    (or long past)."""
    if round_ not in round_window(context):
        raise ValidationError(
            _("Round %(round)s is not the round of table %(table)s now: scan the code on your table again.")
            % {"round": round_, "table": context.table}
        )


def save_table_result(
    *, context: TableContext, round_: int, board_number: int, contract: str, declarer: str, tricks: str, lead: str
) -> TableResult:
    """Stores what one side of the table typed (read by the one reader of typed results, so the score shows at
    once); refused once the board is confirmed. The other side's different result does not replace it: the two
    are kept side by side, a disagreement (`enter`).

    A typed result is no line: it changes no score, standing or page, so it takes only its own row's lock, not
    the session's (the tables of a room save at once instead of one after the other). The placement check is
    made again, under the session's lock, when the board is confirmed. `find_table` has refused a final
    session; publishing meanwhile stops the confirmation."""
    _check_round(context, round_)
    play = _play(context, round_, board_number)
    result: LineResult = read_typed_result(board_number, contract, declarer, tricks)
    key = {"section": context.section, "table": context.table, "round": round_}
    values = typed_values(result, contract=contract, declarer=declarer, tricks=tricks, lead=lead)
    with transaction.atomic():
        typed = _locked_typed(context, round_, board_number)
        _refuse_confirmed(typed, board_number)
        board, _ns, _ew = _check(context, play, typed)
        if typed is None:
            try:
                with transaction.atomic():  # two phones at one table creating it at once: one row (the key)
                    return TableResult.objects.create(**key, board=board, side=context.side, **values)
            except IntegrityError:
                typed = _locked(TableResult.objects.filter(**key, board=board)).get()
                _refuse_confirmed(typed, board_number)
        if enter(typed, values, context.side):
            typed.save()
        return typed


def _locked(results):
    """The typed result's row alone locked: not its board's nor its section's (their rows, joined by the model's
    ordering, would make every table of a section write one after the other)."""
    return results.select_for_update(of=("self",)).order_by("pk")


def _refuse_confirmed(typed: TableResult | None, board_number: int) -> None:
    if typed is not None and typed.confirmed:
        raise ValidationError(
            _("Board %(board)s is confirmed: only the director can change it now (ask for a correction).")
            % {"board": board_number}
        )


def confirm_table_result(*, context: TableContext, round_: int, board_number: int, version: int) -> TableResult:
    """The other side confirms the board (or, in a disagreement, accepts the other side's result): the line is
    saved (and the board scored) with the table as its source. The side that entered a result cannot confirm it;
    confirming again is harmless; confirming a version changed meanwhile, or a board whose line the director has
    removed since, is refused (never replayed over the director's decision)."""
    _check_round(context, round_)
    play = _play(context, round_, board_number)
    # One board: the other tables confirm meanwhile. The entry as `find_table` read it: a refresh not yet due is
    # not tried after the commit.
    with session_write(context.section.session_id, shared=True, read=context.entry):
        typed = _locked_typed(context, round_, board_number)
        if typed is None:
            raise ValidationError(_("Save the result of board %(board)s first.") % {"board": board_number})
        if typed.confirmed:
            return typed  # a retry or the other phone: already stored once
        _refuse_stale(typed, board_number, version)
        if not typed.in_dispute and typed.side == context.side:
            raise ValidationError(
                _("Board %(board)s was entered on this side's phone: the other pair confirms it.")
                % {"board": board_number}
            )
        accepted = other_version(typed, context.side)
        _save_agreed(context, play, typed, accepted, by=context.side)
        return typed


def _refuse_stale(typed: TableResult, board_number: int, version: int) -> None:
    if typed.removed:
        raise ValidationError(
            _("The director removed the result of board %(board)s: enter it again.") % {"board": board_number}
        )
    if typed.version != version:
        raise ValidationError(
            _("Board %(board)s was changed on another phone: check the score again, then confirm.")
            % {"board": board_number}
        )


# What `_save_agreed` changes in a typed result (the rest of the row as the other side left it).
_AGREED_FIELDS = (*TYPED_FIELDS, "side", "disputed", "confirmed_at", "updated_at", "line")


def _save_agreed(context: TableContext, play: BoardPlay, typed: TableResult, accepted: dict, by: str, user=None):
    """The line of the result both sides (or the director) agreed on, its history naming both versions when they
    disagreed; the typed result keeps the agreed version."""
    board, ns, ew = _board_and_pairs(context, play, typed.board)  # `save_line` checks them against its lines
    result = read_typed_result(play.board, accepted["contract"], accepted["declarer"], accepted["tricks"])
    typed.line = save_line(
        board=board,
        ns_pair=ns,
        ew_pair=ew,
        result=result,
        round_=play.round,
        table=context.table,
        lead=accepted.get("lead", ""),
        source=table_reason(table_name(context), typed, by),
        user=user,
    )
    for name in TYPED_FIELDS:
        setattr(typed, name, accepted.get(name, getattr(typed, name)))
    typed.side, typed.disputed, typed.confirmed_at = accepted["side"], {}, timezone.now()
    save_fields(typed, _AGREED_FIELDS)  # no history or listener: the line keeps the history


def settle_disagreement(*, result: TableResult, side: str, version: int, user=None) -> TableResult:
    """The director settles a table's disagreement: the result `side` ('NS' or 'EW') entered becomes the line."""
    section = Section.objects.select_related("session", "custom_movement").get(pk=result.section_id)
    context = TableContext(section.session.table_entry, section, result.table, section_plan(section), side)
    play = _play(context, result.round, result.board.number)
    with session_write(section.session_id, shared=True):
        typed = _locked(TableResult.objects.filter(pk=result.pk).select_related("board")).first()
        if typed is None or typed.confirmed:
            raise ValidationError(_("This board is settled already."))
        _refuse_stale(typed, result.board.number, version)
        accepted = typed_version(typed) if typed.side == side else dict(typed.disputed)
        if accepted.get("side") != side:
            raise ValidationError(_("This side has entered no result for this board."))
        _save_agreed(context, play, typed, accepted, by="TD", user=user)
        return typed


def table_name(context: TableContext) -> str:
    """'3', or 'B3' when the session has more than one section."""
    sections = context.sections if context.sections is not None else context.section.session.sections.count()
    several = sections > 1
    return f"{context.section.letter}{context.table}" if several else str(context.table)


def request_correction(*, context: TableContext, board_number: int, note: str) -> CorrectionRequest:
    """A table asks the director to correct a board it played (once per board while the request is open)."""
    board = context.section.boards.filter(number=board_number).first()
    plays = [p for p in context.plan.schedule if p.board == board_number and p.table == context.table]
    if board is None or not plays:
        raise ValidationError(
            _("Board %(board)s is not played at table %(table)s.") % {"board": board_number, "table": context.table}
        )
    with transaction.atomic():
        # The section's row locked: two phones asking at once make one request (the second finds the first).
        Section.objects.select_for_update().filter(pk=context.section.pk).first()
        correction, _created = CorrectionRequest.objects.get_or_create(
            section=context.section,
            table=context.table,
            board=board,
            resolved=False,
            defaults={"note": note.strip()[:200]},
        )
    return correction


def resolve_correction(*, correction: CorrectionRequest) -> None:
    """The director closes a table's request (closing it again, from an older page, changes nothing)."""
    CorrectionRequest.objects.filter(pk=correction.pk).update(resolved=True)
