"""Table entry of a teams match, read: each room's side's secret and link (the North-South and East-West of a room
are different teams: each has its own link, `club.table_sides`), which room and side a link opens, and what the room's
phone page shows (the match's boards, who sits where, each board typed, confirmed or still to play)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache

from django.db import connection
from django.urls import reverse

from club.limits import MAX_ID
from club.statements import db_column, table
from club.table_entry import secret_matches, state_tag, table_secret
from teams.models import BoardResult, Match, Team, TeamEvent, TeamTableEntry, TypedRoomResult

ROOMS = (1, 2)
SIDES = ("NS", "EW")


def room_secret(entry: TeamTableEntry, match_id: int, room: int, side: str) -> str:
    return table_secret(entry.key, "teams", entry.event_id, match_id, room, side)


def room_path(entry: TeamTableEntry, match_id: int, room: int, side: str) -> str:
    secret = room_secret(entry, match_id, room, side)
    kwargs = {"match_id": match_id, "room": room, "side": side.lower(), "secret": secret}
    return reverse("teams:room", kwargs=kwargs)


@dataclass(frozen=True)
class RoomLink:
    match: Match
    room: int
    side: str
    path: str

    @property
    def team(self) -> Team:
        """The team that sits this side of this room (the home team North-South in room 1)."""
        home = (self.room == 1) == (self.side == "NS")
        return self.match.home if home else self.match.away


def room_links(event: TeamEvent) -> list[RoomLink]:
    """Both rooms of every match that is played (not a bye), with their links; empty until table entry opens."""
    entry = TeamTableEntry.objects.filter(event=event).first()
    if entry is None or not entry.key:
        return []
    matches = event.matches.filter(away__isnull=False).select_related("home", "away")
    return [
        RoomLink(match, room, side, room_path(entry, match.pk, room, side))
        for match in matches
        for room in ROOMS
        for side in SIDES
    ]


def match_rooms(match: Match) -> list[RoomLink]:
    """The match's two rooms' sides with their links while table entry is open (none for a bye)."""
    entry = TeamTableEntry.objects.filter(event_id=match.event_id, is_open=True).first()
    if entry is None or not entry.key or match.is_bye:
        return []
    return [RoomLink(match, room, side, room_path(entry, match.pk, room, side)) for room in ROOMS for side in SIDES]


@dataclass
class RoomContext:
    """The room and side ('NS' or 'EW') a valid link opens."""

    entry: TeamTableEntry
    match: Match
    room: int
    side: str = ""

    @property
    def event(self) -> TeamEvent:
        return self.match.event

    @property
    def ns(self) -> Team:
        """The home team sits North-South in room 1, the away team in room 2."""
        return self.match.home if self.room == 1 else self.match.away

    @property
    def ew(self) -> Team:
        return self.match.away if self.room == 1 else self.match.home


def find_room(match_id: int, room: int, side: str, secret: str) -> tuple[RoomContext | None, str]:
    """The room and side of a link, or None with why: 'unknown' (no such room or a wrong secret), 'closed' (table
    entry switched off), 'final' (the event published final: the phones stop polling)."""
    side = side.upper()
    if not 0 < match_id <= MAX_ID or room not in ROOMS or side not in SIDES:
        return None, "unknown"
    match = Match.objects.select_related("event", "home", "away").filter(pk=match_id, away__isnull=False).first()
    entry = TeamTableEntry.objects.filter(event_id=match.event_id).first() if match else None
    if match is None or entry is None or not entry.key:
        return None, "unknown"
    if not secret_matches(room_secret(entry, match.pk, room, side), secret):
        return None, "unknown"
    if match.event.status == TeamEvent.Status.FINAL:
        return None, "final"
    if not entry.is_open:
        return None, "closed"
    return RoomContext(entry, match, room, side), ""


@dataclass
class RoomBoard:
    number: int
    typed: TypedRoomResult | None = None
    line: BoardResult | None = None  # the room's result as saved (by this table or by the director)

    @property
    def done(self) -> bool:
        return self.line is not None


@dataclass
class RoomState:
    context: RoomContext
    boards: list[RoomBoard] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return all(board.done for board in self.boards)

    @property
    def played(self) -> list[int]:
        """The boards saved for this room: a correction may be asked of the director."""
        return [board.number for board in self.boards if board.done]

    @property
    def version(self) -> str:
        """Changes whenever anything shown changes: two phones at one room compare it to stay the same."""
        parts = [
            f"{b.number}:{b.typed.version if b.typed else 0}:{b.typed.confirmed if b.typed else 0}:"
            f"{b.typed.in_dispute if b.typed else 0}:"
            f"{b.line.pk if b.line else 0}:{b.line.version if b.line else 0}"
            for b in self.boards
        ]
        return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def room_state(context: RoomContext) -> RoomState:
    """Every board of the match in this room (two queries)."""
    match, room = context.match, context.room
    typed = {t.board: t for t in TypedRoomResult.objects.filter(match=match, room=room)}
    lines = {line.board: line for line in BoardResult.objects.filter(match=match, room=room)}
    numbers = match.board_numbers(context.event.boards_per_match)
    return RoomState(context, [RoomBoard(number, typed.get(number), lines.get(number)) for number in numbers])


@cache
def _tag_sql(vendor: str) -> str:
    """The room tag's one statement (written once: `club.statements`): its typed boards and its results, each part
    named by its first column."""
    typed, line = TypedRoomResult, BoardResult

    def where(model) -> str:
        return f"WHERE {db_column(model, 'match')} = %s AND {db_column(model, 'room')} = %s"

    return (
        f"SELECT 1, COUNT(*), SUM({db_column(typed, 'id')}), SUM({db_column(typed, 'version')}), "
        f"SUM({db_column(typed, 'result')}), COUNT({db_column(typed, 'confirmed_at')}) "
        f"FROM {table(typed)} {where(typed)} "
        f"UNION ALL SELECT 2, COUNT(*), SUM({db_column(line, 'id')}), SUM({db_column(line, 'version')}), 0, 0 "
        f"FROM {table(line)} {where(line)}"
    )


def room_tag(context: RoomContext) -> str:
    """The room's tag for its phones' polls (`club.table_entry.polled_state`), read in one query without building
    the state: it moves whenever `RoomState.version` would. The version reads each of the match's boards' typed
    result (version, confirmation, disagreement: a disagreement opened or closed moves the version, a confirmation
    sets its time; a result the director removed leaves its typed board without its result) and result (id,
    version: the director's changes raise it); the tag reads the same rows in sums and counts, with the match's
    boards."""
    match, room = context.match, context.room
    with connection.cursor() as cursor:
        cursor.execute(_tag_sql(connection.vendor), [match.pk, room] * 2)
        rows = sorted(cursor.fetchall())
    return state_tag("teams", match.pk, room, list(match.board_numbers(context.event.boards_per_match)), rows)
