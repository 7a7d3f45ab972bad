"""Result entry as plain data: the rows of a traveller or of a table's slip, and saving them all at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from club.drawn_rows import token
from club.form_errors import add_errors
from club.typed_result import notation, read_typed_result
from events.checks.selectors.warnings import board_warnings
from events.entry.services.lines import save_line
from events.entry.services.locking import session_write
from events.entry.services.sit_outs import add_sit_out
from events.entry.services.versions import check_drawn
from events.models import Board, Pair, Section, TravellerLine
from events.setup.services.setup import split_label
from movement_generators.api import BoardPlay, Movement

FREE_ROWS = 4


@dataclass
class Row:
    board: Board
    form: forms.Form  # the row as typed: made by the page (`events.entry.forms.entry.row_form`)
    slot: BoardPlay | None = None
    line: TravellerLine | None = None
    warnings: list[str] = field(default_factory=list)
    focus: bool = False
    at: tuple[int, int] | None = None  # (table, round) of a free-entry slip's row

    @property
    def round(self) -> int | None:
        if self.slot:
            return self.slot.round
        return self.line.round if self.line else (self.at[1] if self.at else None)

    @property
    def table(self) -> int | None:
        if self.slot:
            return self.slot.table
        return self.line.table if self.line else (self.at[0] if self.at else None)

    @property
    def drawn(self) -> str:
        """The line and version this row is drawn from (a hidden field of the page)."""
        return token(self.line)

    @property
    def ns_label(self) -> str:
        return self.slot.ns if self.slot else (self.line.ns_pair.label if self.line else "")

    @property
    def ew_label(self) -> str:
        return self.slot.ew if self.slot else (self.line.ew_pair.label if self.line else "")


# The page's row form: (data, prefix, line or None, free) -> a form drawn from the line (free: pairs typed).
RowForm = Callable[..., forms.Form]


def traveller_rows(section: Section, plan: Movement, board: Board, data=None, *, make_form: RowForm) -> list[Row]:
    """A row for every scheduled play of the board (or free rows), plus lines the movement did not expect."""
    lines = list(board.lines.select_related("ns_pair", "ew_pair"))
    warnings = board_warnings(lines)
    by_pairs = {(line.ns_pair.label, line.ew_pair.label): line for line in lines}
    rows = []
    for index, slot in enumerate(plan.board_plays(board.number)):
        line = by_pairs.pop((slot.ns, slot.ew), None)
        rows.append(Row(board, make_form(data, f"r{index}", line, False), slot, line))
    free = not plan.has_schedule
    for index, line in enumerate(by_pairs.values(), start=len(rows)):
        rows.append(Row(board, make_form(data, f"r{index}", line, free), None, line))
    if free:
        rows += [Row(board, make_form(data, f"n{index}", None, True)) for index in range(FREE_ROWS)]
    for row in rows:
        row.warnings = warnings.get(row.line.pk, []) if row.line else []
    return rows


def has_slip(plan: Movement, table: int, round_: int) -> bool:
    """Whether the table plays in the round: by the movement, or without one any table and round of the section."""
    if plan.has_schedule:
        return bool(plan.plays_at(table, round_))
    return 1 <= table <= plan.tables and 1 <= round_ <= plan.rounds


def table_rows(
    plan: Movement, boards: dict[int, Board], table: int, round_: int, data=None, *, make_form: RowForm
) -> list[Row]:
    """One row per board that the table plays in the round (a score slip); without a movement, the lines
    entered at the table in the round, then a free row (pairs typed) for each board of the section."""
    if not plan.has_schedule:
        return _free_slip_rows(boards, table, round_, data, make_form)
    slots = plan.plays_at(table, round_)
    lines = {
        (line.board_id, line.ns_pair.label, line.ew_pair.label): line
        for line in TravellerLine.objects.filter(board__in=[boards[s.board] for s in slots]).select_related(
            "ns_pair", "ew_pair"
        )
    }
    rows = []
    for index, slot in enumerate(slots):
        board = boards[slot.board]
        line = lines.get((board.pk, slot.ns, slot.ew))
        rows.append(Row(board, make_form(data, f"r{index}", line, False), slot, line))
    return rows


def _free_slip_rows(boards: dict[int, Board], table: int, round_: int, data, make_form: RowForm) -> list[Row]:
    lines = (
        TravellerLine.objects.filter(board__in=boards.values(), table=table, round=round_)
        .select_related("ns_pair", "ew_pair")
        .order_by("board__number", "pk")
    )
    by_board = {board.pk: board for board in boards.values()}
    rows = [
        Row(by_board[line.board_id], make_form(data, f"r{index}", line, True), None, line)
        for index, line in enumerate(lines)
    ]
    rows += [
        Row(board, make_form(data, f"n{number}", None, True), at=(table, round_))
        for number, board in sorted(boards.items())
    ]
    return rows


def set_focus(rows: list[Row]) -> bool:
    """Puts the cursor in the first row with an error, else the first row still to enter; False if none."""
    target = next((row for row in rows if row.form.is_bound and row.form.errors), None)
    target = target or next((row for row in rows if row.line is None), None)
    if target is not None:
        target.focus = True
    return target is not None


@dataclass(frozen=True)
class SaveResult:
    """What `save_rows` did: how many lines it saved, or that it refused them all (the forms then carry the
    messages and keep what was typed); `taken`: rows left as drawn whose line another director had changed
    since (the page now shows them as they are)."""

    saved: int = 0
    refused: bool = False
    taken: int = 0
    message: str = ""  # why the whole page was refused (a final session), shown above it
    sat_out: str = ""  # the label of the pair recorded as sitting out the board (the traveller page)


def _pair(section: Section, pairs: dict[str, Pair], label: str, form, field_name: str) -> Pair | None:
    try:
        number, direction = split_label(notation().read_pair_label(label))
    except ValueError as error:
        form.add_error(field_name, str(error))
        return None
    pair = pairs.get(f"{number}{direction}")
    both = [notation().pair_label(f"{number}{side}") for side in ("NS", "EW") if f"{number}{side}" in pairs]
    if pair is None and not direction and both:  # a Mitchell's number without its direction
        form.add_error(
            field_name,
            _("Section %(section)s has pairs %(pairs)s: type which one.")
            % {"section": section.letter, "pairs": _(" and ").join(both)},
        )
    elif pair is None:
        form.add_error(
            field_name,
            _("Section %(section)s has no pair %(label)s.") % {"section": section.letter, "label": label.upper()},
        )
    return pair


def _changes(section: Section, rows: list[Row]) -> list:
    """(row, result, NS pair, EW pair) for every row sent and changed; errors go on the rows' forms."""
    pairs = {pair.label: pair for pair in section.pairs.all()}
    changes = []
    for row in rows:
        form = row.form
        if not any(form.add_prefix(name) in form.data for name in form.fields):
            continue  # the row was not sent at all: leave it as it is
        if not form.is_valid() or not form.has_changed():
            continue
        data = form.cleaned_data
        if not data["contract"].strip() and not data["score"].strip():
            if row.line is not None:
                form.add_error("contract", _("To remove this result, use its Remove button."))
            elif any(data.get(name) for name in ("declarer", "tricks", "lead")):
                form.add_error("contract", _("Enter the contract too."))
            continue
        try:
            result = read_typed_result(
                row.board.number, data["contract"], data["declarer"], data["tricks"], data["score"]
            )
        except ValidationError as error:
            add_errors(form, error)
            continue
        ns_label = data.get("ns_pair") or row.ns_label
        ew_label = data.get("ew_pair") or row.ew_label
        if not ns_label or not ew_label:
            form.add_error(None, _("Enter both pair numbers."))
            continue
        ns, ew = _pair(section, pairs, ns_label, form, "ns_pair"), _pair(section, pairs, ew_label, form, "ew_pair")
        if ns and ew:
            changes.append((row, result, ns, ew))
    return changes


def save_traveller(*, section: Section, board: Board, rows: list[Row], sit_out_form: forms.Form, user) -> SaveResult:
    """Saves a traveller page: its changed rows and the pair typed as sitting out, all or nothing (as `save_rows`).
    A refused sit-out keeps its message on `sit_out_form` and refuses the rows too, so nothing typed is lost."""
    try:
        with session_write(section.session_id):
            pair = None
            label = sit_out_form.cleaned_data["pair"].strip() if sit_out_form.is_valid() else ""
            if label:
                pairs = {pair.label: pair for pair in section.pairs.all()}
                pair = _pair(section, pairs, label, sit_out_form, "pair")
            saved = _save_checked(section, rows, user)
            if pair is not None and not saved.refused:
                try:
                    add_sit_out(board=board, pair=pair, user=user)
                except ValidationError as error:
                    sit_out_form.add_error("pair", error)
            if sit_out_form.errors:
                transaction.set_rollback(True)
                return SaveResult(refused=True, taken=saved.taken)
            sat_out = pair.label if pair is not None and not saved.refused else ""
            return SaveResult(saved=saved.saved, refused=saved.refused, taken=saved.taken, sat_out=sat_out)
    except ValidationError as error:  # the session is final: session_write refuses it
        return SaveResult(refused=True, message=" ".join(error.messages))


def save_rows(*, section: Section, rows: list[Row], user) -> SaveResult:
    """Saves every changed row, or none of them. Under the session's lock each row is first compared with the
    line it was drawn from (`versions.check_drawn`): a row another director changed since refuses the page.
    A final session is read-only: the page is refused with the reason."""
    try:
        return _save_checked(section, rows, user)
    except ValidationError as error:  # the session is final: session_write refuses it
        return SaveResult(refused=True, message=" ".join(error.messages))


def _save_checked(section: Section, rows: list[Row], user) -> SaveResult:
    with session_write(section.session_id):  # the standings stored once for all the rows saved
        taken = check_drawn(rows)
        changes = _changes(section, rows)
        for row, result, ns, ew in changes if not any(row.form.errors for row in rows) else []:
            try:
                row.line = save_line(
                    board=row.board,
                    ns_pair=ns,
                    ew_pair=ew,
                    result=result,
                    lead=row.form.cleaned_data["lead"],
                    round_=row.round,
                    table=row.table,
                    line=row.line,
                    user=user,
                )
            except ValidationError as error:
                add_errors(row.form, error)
        if any(row.form.errors for row in rows):
            transaction.set_rollback(True)  # none saved: session_write then stores nothing either
            return SaveResult(refused=True, taken=taken)
    return SaveResult(saved=len(changes), taken=taken)
