"""A match's scorecard: board by board, both rooms' results and the IMPs (or board-a-match points) each way."""

from __future__ import annotations

from dataclasses import dataclass, field

from teams.models import BoardResult, Match, TeamEvent
from teams.room_results import BoardScore, RoomResult, room_warnings, score_rooms


@dataclass
class ScorecardBoard:
    number: int
    room1: BoardResult | None = None
    room2: BoardResult | None = None
    score: BoardScore | None = None
    warnings: list[str] = field(default_factory=list)

    def room(self, room: int) -> BoardResult | None:
        return self.room1 if room == 1 else self.room2


def _room_result(result: BoardResult | None) -> RoomResult | None:
    if result is None:
        return None
    return RoomResult(
        contract=result.contract,
        declarer=result.declarer,
        tricks=result.tricks,
        adjusted=result.adjusted,
        ns_score=result.ns_score,
    )


def scorecard(match: Match, event: TeamEvent, results: list[BoardResult] | None = None) -> list[ScorecardBoard]:
    """Every board of the match in order (one query, or none when `results` are given)."""
    results = list(match.results.all()) if results is None else results
    boards = {number: ScorecardBoard(number) for number in match.board_numbers(event.boards_per_match)}
    for result in results:
        board = boards.setdefault(result.board, ScorecardBoard(result.board))
        setattr(board, f"room{result.room}", result)
    for board in boards.values():
        room1, room2 = _room_result(board.room1), _room_result(board.room2)
        board.score = score_rooms(room1 and room1.entry, room2 and room2.entry)
        board.warnings = room_warnings(room1, room2, board.score)
    return [boards[number] for number in sorted(boards)]
