"""The director's live view of a teams event's round: every played match's two rooms, each board typed, confirmed
or still to play, the room's state (`club.live_states`: not started, entering, done, late), the results arriving,
the rooms' correction requests, the boards still missing and the match scores as they stand.

A room's step is its next board: the room is late when its last board was confirmed (or, before that, play began
at the first board typed in any room of the round) more than the event's `late_minutes` ago. The same rule as a
pairs session's round, and the same setting on the event's *Table entry* page.

A round costs the same few queries whatever the number of matches in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.utils import timezone

from club.live_states import DISPUTE, DONE, ENTERING, WAITING, late_after, play_began, step_state
from teams.models import BoardResult, Match, RoomCorrectionRequest, TeamEvent, TeamTableEntry, TypedRoomResult
from teams.selectors.standings import MatchScore, match_scores
from teams.selectors.table_entry import ROOMS, room_path

ARRIVED_SHOWN = 12


@dataclass(frozen=True)
class BoardCell:
    number: int
    state: str  # done, entering or waiting
    ns_score: int | None = None  # the room's NS score once saved


@dataclass
class LiveRoom:
    match: Match
    room: int
    state: str
    cells: list[BoardCell]
    path: str  # the room's phone page ("" while table entry has no key)

    @property
    def missing(self) -> int:
        return sum(1 for cell in self.cells if cell.state != DONE)

    @property
    def ns(self):
        return self.match.home if self.room == 1 else self.match.away

    @property
    def ew(self):
        return self.match.away if self.room == 1 else self.match.home


@dataclass
class LiveMatch:
    score: MatchScore
    rooms: list[LiveRoom]

    @property
    def match(self) -> Match:
        return self.score.match


@dataclass
class LiveRound:
    event: TeamEvent
    entry: TeamTableEntry | None
    round: int
    rounds: list[int]
    matches: list[LiveMatch] = field(default_factory=list)
    arrived: list[TypedRoomResult] = field(default_factory=list)
    corrections: list[RoomCorrectionRequest] = field(default_factory=list)
    disputes: list[TypedRoomResult] = field(default_factory=list)  # the boards a room's two sides disagree on

    @property
    def missing(self) -> int:
        return sum(room.missing for match in self.matches for room in match.rooms)


def event_rounds(event: TeamEvent) -> list[int]:
    """The rounds with a played match (not only byes)."""
    rounds = event.matches.filter(away__isnull=False).values_list("round", flat=True).distinct()
    return sorted(set(rounds))


def current_round(event: TeamEvent, rounds: list[int]) -> int | None:
    """The first round with a match still missing boards, else the last round."""
    unfinished = event.matches.filter(away__isnull=False, complete=False, round__in=rounds)
    first = unfinished.order_by("round").values_list("round", flat=True).first()
    return first if first is not None else (rounds[-1] if rounds else None)


def _typed_state(typed: TypedRoomResult | None) -> str:
    """A board not saved yet: the two sides disagree on it (the director may settle it), typed, or to play."""
    if typed is None:
        return WAITING
    return DISPUTE if typed.in_dispute else ENTERING


def _room_row(match: Match, room: int, numbers: list[int], found: dict, clock: dict) -> LiveRoom:
    """One room: its boards' cells and its state. `found`: the round's saved results and typed boards by
    (match, room, board); `clock`: when play began, the time now and the late setting."""
    lines, typed = found["lines"], found["typed"]
    cells = []
    for number in numbers:
        key = (match.pk, room, number)
        if key in lines:
            cells.append(BoardCell(number, DONE, lines[key].ns_score))
        else:
            cells.append(BoardCell(number, _typed_state(typed.get(key))))
    confirmed = [t.confirmed_at for t in typed.values() if t.match_id == match.pk and t.room == room and t.confirmed]
    begun = max(confirmed, default=clock["began"])
    state = step_state(
        done=all(cell.state == DONE for cell in cells),
        typed=any(cell.state in (ENTERING, DISPUTE) for cell in cells),
        begun=begun,
        now=clock["now"],
        late=clock["late"],
    )
    path = room_path(clock["entry"], match.pk, room, "NS") if clock["entry"] is not None and clock["entry"].key else ""
    return LiveRoom(match, room, state, cells, path)


def round_live(event: TeamEvent, round_: int | None = None, now: datetime | None = None) -> LiveRound | None:
    """The live view of `round_` (None: the current round); None when the round has no played match."""
    rounds = event_rounds(event)
    round_ = current_round(event, rounds) if round_ is None else round_
    if round_ not in rounds:
        return None
    entry = TeamTableEntry.objects.filter(event=event).first()
    matches = list(event.matches.filter(round=round_, away__isnull=False).select_related("home", "away"))
    typed_rows = list(TypedRoomResult.objects.filter(match__in=matches))
    lines = BoardResult.objects.filter(match__in=matches).only("match_id", "room", "board", "ns_score")
    found = {
        "lines": {(line.match_id, line.room, line.board): line for line in lines},
        "typed": {(t.match_id, t.room, t.board): t for t in typed_rows},
    }
    clock = {
        "began": play_began([t.updated_at for t in typed_rows]),
        "now": now or timezone.now(),
        "late": late_after(entry.late_minutes if entry else None),
        "entry": entry,
    }
    per_match = {m.pk: list(m.board_numbers(event.boards_per_match)) for m in matches}
    live = LiveRound(event, entry, round_, rounds)
    for score in match_scores(event, matches):
        numbers = per_match[score.match.pk]
        rooms = [_room_row(score.match, room, numbers, found, clock) for room in ROOMS]
        live.matches.append(LiveMatch(score, rooms))
    by_pk = {m.pk: m for m in matches}
    arrived = sorted((t for t in typed_rows if t.confirmed), key=lambda t: t.confirmed_at, reverse=True)
    live.arrived = arrived[:ARRIVED_SHOWN]
    for typed in live.arrived:
        typed.match = by_pk[typed.match_id]  # already read: no query per line
    live.disputes = [t for t in typed_rows if t.in_dispute and not t.confirmed]
    for typed in live.disputes:
        typed.match = by_pk[typed.match_id]
    live.corrections = list(RoomCorrectionRequest.objects.filter(match__in=matches, resolved=False))
    for correction in live.corrections:
        correction.match = by_pk[correction.match_id]
    return live
