"""Reads of hand records for the pages: a board's stored deal and analysis (one query), and each traveller
line against double dummy and par. Nothing here runs DDS: the analysis was stored with the deal."""

from __future__ import annotations

from collections.abc import Iterable

from deals.pbn_write import ExportBoard, ScoreRow, write_pbn
from deals.view import AgainstPar, HandView, against_par, hand_view
from events.models import BoardDeal, Section, Session, TravellerLine
from events.results.selectors.traveller import TravellerRow


def board_record(section: Section, number: int) -> BoardDeal | None:
    return BoardDeal.objects.filter(board__section=section, board__number=number).first()


def session_record_view(record: BoardDeal, number: int) -> HandView:
    return hand_view(number, record.deal, record.dd_tricks, record.par_score, record.par_contracts)


def lines_against_par(rows: Iterable[TravellerRow], record: BoardDeal) -> dict[int, AgainstPar]:
    """Each played line's DD tricks and its score against par, by line id (adjusted and not-played lines left out)."""
    found = {}
    for row in rows:
        if not row.played:
            continue
        compared = against_par(row.contract, row.declarer, row.ns_score, record.dd_tricks, record.par_score)
        if compared is not None:
            found[row.line_id] = compared
    return found


def load_hand(section: Section, number: int, rows: Iterable[TravellerRow]) -> HandView | None:
    """The board's hand record, with ``against_par`` set on each played row; None (rows untouched) without one."""
    record = board_record(section, number)
    if record is None:
        return None
    compared = lines_against_par(rows, record)
    for row in rows:
        row.against_par = compared.get(row.line_id)
    return session_record_view(record, number)


def session_records(session: Session) -> dict[int, BoardDeal]:
    """The session's stored deals by board number (the first section's, when several sections share a number)."""
    found: dict[int, BoardDeal] = {}
    for record in BoardDeal.objects.filter(board__section__session=session).select_related("board__section"):
        found.setdefault(record.board.number, record)
    return dict(sorted(found.items()))


def _score_rows(session: Session, several_sections: bool) -> dict[int, list[ScoreRow]]:
    """Each board number's played lines (contract, pass or adjusted score left out) for the PBN ScoreTable."""
    rows: dict[int, list[ScoreRow]] = {}
    lines = (
        TravellerLine.objects.filter(board__section__session=session, not_played=False, adjusted="")
        .exclude(contract="")
        .select_related("board__section", "ns_pair", "ew_pair")
        .order_by("board__number", "board__section__letter", "ns_pair__number")
    )
    for line in lines:
        prefix = line.board.section.letter if several_sections else ""
        rows.setdefault(line.board.number, []).append(
            ScoreRow(
                ns_pair=f"{prefix}{line.ns_pair.number}",
                ew_pair=f"{prefix}{line.ew_pair.number}",
                contract="Pass" if line.contract == "PASS" else line.contract,
                declarer=line.declarer,
                tricks=line.tricks,
                ns_score=line.ns_score,
            )
        )
    return rows


def session_pbn(session: Session, site: str = "") -> str:
    """The session's deals as a PBN 2.1 file: tags, DD table, par and the board's results (`deals.pbn_write`)."""
    records = session_records(session)
    several = session.sections.count() > 1
    scores = _score_rows(session, several)
    boards = [
        ExportBoard(number, record.deal, record.stored_analysis(), scores.get(number, []))
        for number, record in records.items()
    ]
    return write_pbn(boards, event=session.name, site=site, date=f"{session.date:%Y.%m.%d}")
