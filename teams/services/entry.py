"""The match entry page as plain data: two rows (rooms) per board, read and saved all at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from club.drawn_rows import compare_row, token
from club.form_errors import add_errors
from club.typed_result import notation
from club.unit_of_work import unit_of_work
from teams.models import BoardResult, Match, TeamEvent
from teams.room_results import read_room
from teams.selectors.scorecard import ScorecardBoard, scorecard
from teams.services.matches import save_results


@dataclass
class RoomRow:
    room: int
    form: forms.Form  # the room as typed: made by the page (`teams.forms.entry.room_form`)
    result: BoardResult | None = None

    @property
    def drawn(self) -> str:
        """The result and version this row is drawn from (a hidden field of the page)."""
        return token(self.result)


@dataclass
class EntryBoard:
    card: ScorecardBoard
    rows: list[RoomRow]

    @property
    def number(self) -> int:
        return self.card.number


def entry_boards(
    match: Match, event: TeamEvent, data=None, *, make_form: Callable[..., forms.Form]
) -> list[EntryBoard]:
    """The boards of the match with a form per room (none for a bye), made by `make_form(data, prefix, result)`."""
    if match.is_bye:
        return []
    boards = []
    for card in scorecard(match, event):
        rows = [
            RoomRow(
                room,
                make_form(data, f"b{card.number}r{room}", card.room(room)),
                card.room(room),
            )
            for room in (1, 2)
        ]
        boards.append(EntryBoard(card, rows))
    return boards


def focus_prefix(boards: list[EntryBoard]) -> str | None:
    """The room whose contract gets the cursor when the page opens: the first with an error, else the first
    still without a result (the prefix of its form; None when every room is entered)."""
    rows = [row for board in boards for row in board.rows]
    target = next((row for row in rows if row.form.is_bound and row.form.errors), None)
    target = target or next((row for row in rows if row.result is None), None)
    return target.form.prefix if target else None


def _change(board: EntryBoard, row: RoomRow):
    """(True, RoomResult or None to remove) for a changed row, (False, None) otherwise; errors go on the form."""
    form = row.form
    if not any(form.add_prefix(name) in form.data for name in form.fields):
        return False, None  # the row was not sent at all: leave it as it is
    if not form.is_valid() or not form.has_changed():
        return False, None
    data = form.cleaned_data
    if not data["contract"].strip():
        if row.result is not None:
            return True, None
        if data["declarer"].strip() or data["tricks"].strip():
            form.add_error("contract", _("Enter the contract too."))
        return False, None
    try:
        return True, read_room(board.number, data["contract"], data["declarer"], data["tricks"])
    except ValidationError as error:
        add_errors(form, error)
        return False, None


def _check_drawn(match: Match, boards: list[EntryBoard]) -> int:
    """Each sent row against its room's result as it is now (under the match's lock), as `club.drawn_rows` says:
    an untouched row takes the result as saved (counted), a typed row is refused with who changed it."""
    current = {(result.board, result.room): result for result in match.results.all()}
    taken = 0
    for board in boards:
        for row in board.rows:
            row.result = current.get((board.number, row.room))
            row.form, took = compare_row(
                row.form, row.result, history=BoardResult.history, club_path="match__event__club", initial=room_initial
            )
            taken += took
    return taken


@dataclass(frozen=True)
class EntrySaved:
    """What `save_entry` did: rows saved (-1 when refused), messages above the table, and rows left as drawn
    whose result another director had changed since (kept as they saved it)."""

    count: int
    problems: list[str] = field(default_factory=list)
    taken: int = 0


@unit_of_work()
def save_entry(*, match: Match, boards: list[EntryBoard], user=None) -> EntrySaved:
    """Saves every changed row or none. Refused rows carry their messages and keep what was typed; a row whose
    result another director changed since the page was drawn refuses the page (see `_check_drawn`)."""
    match = Match.objects.select_for_update().get(pk=match.pk)  # no save of this match between check and write
    taken = _check_drawn(match, boards)
    changes = {}
    for board in boards:
        for row in board.rows:
            changed, result = _change(board, row)
            if changed:
                changes[board.number, row.room] = result
    if any(row.form.errors for board in boards for row in board.rows):
        return EntrySaved(-1, taken=taken)
    if not changes:
        return EntrySaved(0, taken=taken)
    try:
        save_results(match=match, changes=changes, user=user)
    except ValidationError as error:
        return EntrySaved(-1, error.messages, taken)
    return EntrySaved(len(changes), taken=taken)


def room_initial(result: BoardResult | None) -> dict:
    """A saved room's result as the director types it, in the reader's notation (``4C`` for 4♥ in Spanish: the
    letters are read back in the same language)."""
    if result is None:
        return {}
    shown = notation()
    return {
        "contract": result.adjusted or shown.contract(result.contract),
        "declarer": shown.seat(result.declarer),
        "tricks": "" if result.tricks is None else str(result.tricks),
    }
