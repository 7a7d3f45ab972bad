"""Table entry of a teams match, written: the director opens and closes it for the event; one side of a room
types a board on its own link (kept as typed, read by `teams.room_results.read_room`, the site's one reader of
typed results); the other side confirms it, and it is saved as the room's result through `save_results` (the
match scored at once). The side that typed it cannot confirm it; the other side's different result opens a
disagreement, settled by one side accepting the other's or by the director (`club.table_sides`, the pairs
tables' rules).

A board is keyed by match, room and board: sent twice (a retry, a double tap, two phones in one room) it is
stored once. Every write takes the match's row lock first, so a room's phones and the director take turns.
Once confirmed, only the director changes the room's result (on the match's entry page).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.table_entry import new_key, typed_values
from club.table_sides import DIRECTOR, TYPED_FIELDS, enter, other_version, table_reason, typed_version
from club.unit_of_work import unit_of_work
from teams.models import BoardResult, Match, RoomCorrectionRequest, TeamEvent, TeamTableEntry, TypedRoomResult
from teams.room_results import read_room
from teams.selectors.table_entry import RoomContext
from teams.services.matches import save_results


@unit_of_work()
def set_team_table_entry(*, event: TeamEvent, is_open: bool, late_minutes: int | None = None) -> TeamTableEntry:
    """Opens (a random key made the first time: it makes every room's secret) or closes table entry; the live
    view's late setting with it when given."""
    if is_open and event.status == TeamEvent.Status.FINAL:
        raise ValidationError(_("The event is published final: table entry stays closed."))
    entry, _created = TeamTableEntry.objects.select_for_update().get_or_create(event=event)
    if is_open and not entry.key:
        entry.key = new_key()
    entry.is_open = is_open
    if late_minutes is not None:
        entry.late_minutes = late_minutes
    entry.save()
    return entry


def _lock(context: RoomContext, board: int) -> tuple[Match, TypedRoomResult | None]:
    """The match locked (the room's writers take turns with each other and the director), the board checked,
    and what the room typed for it so far."""
    match = Match.objects.select_for_update().select_related("event").get(pk=context.match.pk)
    if board not in match.board_numbers(match.event.boards_per_match):
        raise ValidationError(_("Board %(board)s is not played in this match.") % {"board": board})
    if match.totals_only:
        raise ValidationError(_("This match was entered as IMP totals: ask the director."))
    typed = TypedRoomResult.objects.select_for_update().filter(match=match, room=context.room, board=board).first()
    return match, typed


def _saved_elsewhere(match: Match, room: int, board: int, typed: TypedRoomResult | None) -> bool:
    """The room's result saved by the director (or confirmed here before) rather than by this typed board."""
    line = BoardResult.objects.filter(match=match, room=room, board=board).values_list("pk", flat=True).first()
    return line is not None and (typed is None or typed.result_id != line)


def _refuse_done(board: int) -> ValidationError:
    return ValidationError(_("Board %(board)s is confirmed: only the director can change it now.") % {"board": board})


@unit_of_work()
def save_room_board(
    *, context: RoomContext, board: int, contract: str, declarer: str, tricks: str, lead: str
) -> TypedRoomResult:
    """Stores what the room typed (read at once, so the score shows); refused once the board is confirmed."""
    result = read_room(board, contract, declarer, tricks)
    match, typed = _lock(context, board)
    if (typed is not None and typed.confirmed) or _saved_elsewhere(match, context.room, board, typed):
        raise _refuse_done(board)
    values = typed_values(result, contract=contract, declarer=declarer, tricks=tricks, lead=lead)
    if typed is None:
        return TypedRoomResult.objects.create(match=match, room=context.room, board=board, side=context.side, **values)
    if enter(typed, values, context.side):
        typed.save()
    return typed


@unit_of_work()
def confirm_room_board(*, context: RoomContext, board: int, version: int) -> TypedRoomResult:
    """The other side confirms the board (or, in a disagreement, accepts the other side's result): saved as the
    room's result (the match scored at once). The side that typed it cannot confirm it; confirming again is
    harmless; confirming a version changed meanwhile on another phone is refused."""
    match, typed = _lock(context, board)
    if typed is None:
        raise ValidationError(_("Save the result of board %(board)s first.") % {"board": board})
    if typed.confirmed:
        return typed  # a retry or the other phone: stored once
    if _saved_elsewhere(match, context.room, board, typed):
        raise _refuse_done(board)
    _refuse_stale(typed, board, version)
    if not typed.in_dispute and typed.side == context.side:
        raise ValidationError(
            _("Board %(board)s was entered on this side's phone: the other team confirms it.") % {"board": board}
        )
    _save_agreed(match, typed, other_version(typed, context.side), by=context.side)
    return typed


def _refuse_stale(typed: TypedRoomResult, board: int, version: int) -> None:
    if typed.removed:
        raise ValidationError(
            _("The director removed the result of board %(board)s: enter it again.") % {"board": board}
        )
    if typed.version != version:
        raise ValidationError(
            _("Board %(board)s was changed on another phone: check the score again, then confirm.") % {"board": board}
        )


def _save_agreed(match: Match, typed: TypedRoomResult, accepted: dict, by: str, user=None) -> None:
    """The room's result both sides (or the director) agreed on, its history naming both versions when they
    disagreed; the typed board keeps the agreed version."""
    result = read_room(typed.board, accepted["contract"], accepted["declarer"], accepted["tricks"])
    source = table_reason(f"room{typed.room}", typed, by)
    save_results(match=match, changes={(typed.board, typed.room): result}, user=user, source=source)
    typed.result = BoardResult.objects.get(match=match, room=typed.room, board=typed.board)
    for name in TYPED_FIELDS:
        setattr(typed, name, accepted.get(name, getattr(typed, name)))
    typed.side, typed.disputed, typed.confirmed_at = accepted.get("side", typed.side), {}, timezone.now()
    typed.save()


@unit_of_work()
def settle_room_disagreement(*, typed: TypedRoomResult, side: str, version: int, user=None) -> TypedRoomResult:
    """The director settles a room's disagreement: the result `side` ('NS' or 'EW') typed becomes the room's."""
    match = Match.objects.select_for_update().select_related("event").get(pk=typed.match_id)
    typed = TypedRoomResult.objects.select_for_update().filter(pk=typed.pk).first()
    if typed is None or typed.confirmed or not typed.in_dispute:
        raise ValidationError(_("This board is settled already."))
    _refuse_stale(typed, typed.board, version)
    accepted = typed_version(typed) if typed.side == side else dict(typed.disputed)
    if accepted.get("side") != side:
        raise ValidationError(_("This side has entered no result for this board."))
    _save_agreed(match, typed, accepted, by=DIRECTOR, user=user)
    return typed


def request_room_correction(*, context: RoomContext, board: int, note: str) -> RoomCorrectionRequest:
    """A room asks the director to correct a board of its match (once per board while the request is open)."""
    with transaction.atomic():
        # The match's row locked: two phones asking at once make one request (the second finds the first).
        match = Match.objects.select_for_update().select_related("event").get(pk=context.match.pk)
        if board not in match.board_numbers(match.event.boards_per_match):
            raise ValidationError(_("Board %(board)s is not played in this match.") % {"board": board})
        correction, _created = RoomCorrectionRequest.objects.get_or_create(
            match=match, room=context.room, board=board, resolved=False, defaults={"note": note.strip()[:200]}
        )
    return correction


def resolve_room_correction(*, correction: RoomCorrectionRequest) -> None:
    """The director closes a room's request (closing it again, from an older page, changes nothing)."""
    RoomCorrectionRequest.objects.filter(pk=correction.pk).update(resolved=True)
