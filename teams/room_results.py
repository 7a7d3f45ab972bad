"""One room's result as typed, and one board's IMPs or board-a-match points from its two rooms.

Pure functions over `scoring`: the home team sits NS in room 1 and EW in room 2, so a played board
gives the home team `scoring.team_imps(room 1 NS score, room 2 NS score)`. An artificial adjusted
score in a room (A+, A, A- or A6040 ...) gives each team the IMPs of `scoring.ADJUSTED_IMPS`
(average plus +3, average 0, average minus -3) and the board is not compared.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from club.bridge_messages import translate
from club.typed_result import notation

BIG_SWING = 13  # IMPs: a swing this big is worth a second look at both slips


@dataclass(frozen=True)
class RoomResult:
    """What was typed for one room, read and scored: a contract, a passed-out board or an adjusted score."""

    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    adjusted: str = ""
    ns_score: int | None = None

    @property
    def entry(self) -> int | scoring.Adjusted:
        return scoring.parse_entry(self.adjusted) if self.adjusted else self.ns_score


def read_room(board: int, contract_text: str, declarer: str = "", tricks_text: str = "") -> RoomResult:
    """`scoring.read_result` for a team match's room (`4S` / `3NTX` / `PASS` / `A+` with declarer N E S W and
    tricks `10`, `=`, `+1`, `-2`): its refusals as a ValidationError keyed by the field at fault."""
    try:
        result = scoring.read_result(board, contract_text, declarer, tricks_text, team=True, notation=notation())
    except scoring.TypedResultError as error:
        raise ValidationError({problem.field: translate(problem) for problem in error.problems}) from error
    return RoomResult(
        contract=result.contract,
        declarer=result.declarer,
        tricks=result.tricks,
        adjusted=result.adjusted,
        ns_score=result.ns_score,
    )


@dataclass(frozen=True)
class BoardScore:
    """A board of a match: IMPs won by each team (the scorecard's two columns) and board-a-match points."""

    home_imps: int
    away_imps: int
    home_points: Decimal
    away_points: Decimal
    adjusted: bool = False

    @property
    def swing(self) -> int:
        """IMPs to the home team, net (negative: to the away team)."""
        return self.home_imps - self.away_imps


def _percent_points(percent: int) -> Decimal:
    return Decimal(2 * percent) / 100


def score_rooms(room1, room2) -> BoardScore | None:
    """The board's score from each room's entry (NS score, `scoring.Adjusted`, or None if not entered).

    None until the board can be scored: both rooms played, or at least one room adjusted.
    """
    adjusted = [(room, entry) for room, entry in ((1, room1), (2, room2)) if isinstance(entry, scoring.Adjusted)]
    if adjusted:
        return _adjusted_board(adjusted)
    if room1 is None or room2 is None:
        return None
    won = scoring.team_imps(room1, room2)
    points = scoring.board_a_match(room1, room2)
    return BoardScore(max(won, 0), max(-won, 0), Decimal(points), Decimal(2 - points))


def _adjusted_board(adjusted: list[tuple[int, scoring.Adjusted]]) -> BoardScore:
    home = away = 0
    home_percent = away_percent = 0
    for room, entry in adjusted:
        ns, ew = scoring.ADJUSTED_IMPS[entry.ns_percent], scoring.ADJUSTED_IMPS[entry.ew_percent]
        ns_percent, ew_percent = entry.ns_percent, entry.ew_percent
        if room == 2:
            ns, ew, ns_percent, ew_percent = ew, ns, ew_percent, ns_percent
        home, away = home + ns, away + ew
        home_percent, away_percent = home_percent + ns_percent, away_percent + ew_percent
    if home == -away:  # a balanced award: the winner's column only, as on a played board
        home, away = max(home, 0), max(away, 0)
    count = len(adjusted)
    return BoardScore(
        home, away, _percent_points(home_percent) / count, _percent_points(away_percent) / count, adjusted=True
    )


def room_warnings(room1: RoomResult | None, room2: RoomResult | None, score: BoardScore | None) -> list[str]:
    """Non-blocking notes for the director: a passed-out room, a very big swing."""
    notes = []
    if any(room is not None and room.contract == "PASS" for room in (room1, room2)):
        notes.append(_("Passed out in a room."))
    if score is not None and not score.adjusted and abs(score.swing) >= BIG_SWING:
        notes.append(
            ngettext(
                "A swing of %(imps)s IMP: check both rooms' slips.",
                "A swing of %(imps)s IMPs: check both rooms' slips.",
                abs(score.swing),
            )
            % {"imps": abs(score.swing)}
        )
    return notes
