"""Reads of a teams match's hand records for the pages and the PBN export: the stored deals, a board's deal with
both rooms' results against double dummy and par. Nothing here runs DDS: the analysis was stored with the deal."""

from __future__ import annotations

from dataclasses import dataclass

from deals.pbn_write import ExportBoard, write_pbn
from deals.view import AgainstPar, HandView, against_par, hand_view
from teams.models import BoardResult, Match, MatchDeal


@dataclass(frozen=True)
class RoomAgainstPar:
    room: int
    ns_team: str
    result: BoardResult | None
    against_par: AgainstPar | None


def match_records(match: Match) -> dict[int, MatchDeal]:
    """The match's stored deals by board number (one query)."""
    return {record.board: record for record in MatchDeal.objects.filter(match=match).order_by("board")}


def match_record_view(record: MatchDeal) -> HandView:
    return hand_view(record.board, record.deal, record.dd_tricks, record.par_score, record.par_contracts)


def rooms_against_par(match: Match, number: int, record: MatchDeal | None) -> list[RoomAgainstPar]:
    """Each room's result on the board (room 1: the home team North-South) against DD and par, when the deal is
    stored and analysed (one query)."""
    results = {result.room: result for result in BoardResult.objects.filter(match=match, board=number)}
    rooms = []
    for room, team in ((1, match.home), (2, match.away)):
        result = results.get(room)
        compared = None
        if result is not None and record is not None and not result.adjusted:
            compared = against_par(
                result.contract, result.declarer, result.ns_score, record.dd_tricks, record.par_score
            )
        rooms.append(RoomAgainstPar(room, team.name if team else "", result, compared))
    return rooms


def match_pbn(match: Match, site: str = "") -> str:
    """The match's deals as a PBN 2.1 file with their DD table and par (`deals.pbn_write`)."""
    boards = [
        ExportBoard(number, record.deal, record.stored_analysis(), [])
        for number, record in match_records(match).items()
    ]
    away = match.away.name if match.away else ""
    event = f"{match.event.name}: {match.home.name} v {away}" if away else match.event.name
    return write_pbn(boards, event=event, site=site, date=f"{match.event.date:%Y.%m.%d}")
