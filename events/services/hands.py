"""Writes of hand records: a session's deals from a PBN file or typed in, checked and analysed once.

A deal is stored on every board of that number in the session (its sections play the same boards). Only the
deals that change are analysed, all in one batch call to DDS (`deals.analysis.analyse`) made before the
transaction, so the session is locked only while the rows are written. A file or a deal with any problem is
refused whole (`deals.DealRefused`): nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.db import transaction

from deals import DealProblem, DealRefused, Hands, PbnDeals, read_hands, read_pbn_deals
from deals.analysis import Analysis, analyse
from events.models import Board, BoardDeal, Session
from events.services.locking import lock_session
from events.services.pages import session_pages_changed


@dataclass
class StoredDeals:
    """What a store did: the board numbers stored, how many deals were analysed afresh, the file's warnings."""

    numbers: list[int] = field(default_factory=list)
    analysed: int = 0
    warnings: list[DealProblem] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.numbers)


def analysis_fields(analysis: Analysis) -> dict[str, object]:
    return {
        "dd_tricks": analysis.tricks,
        "par_score": analysis.par_score,
        "par_contracts": [contract.as_dict() for contract in analysis.par_contracts],
    }


def _unknown_boards(numbers: Mapping[int, Hands], known: set[int], lines: Mapping[int, int]) -> list[DealProblem]:
    missing = [number for number in sorted(numbers) if number not in known]
    return [DealProblem("session.board", lines.get(number), board=number) for number in missing]


def read_session_pbn(*, session: Session, text: str) -> PbnDeals:
    """The deals of a PBN text for the session's boards; raises `DealRefused` listing every problem."""
    known = set(Board.objects.filter(section__session=session).values_list("number", flat=True))
    return read_pbn_deals(text, playable=known)


def _changes(board: Board, deal: Hands | None) -> bool:
    """Whether ``deal`` (None: no deal for this board) differs from the board's stored deal or lacks analysis."""
    if deal is None:
        return False
    stored = getattr(board, "deal", None)
    return stored is None or stored.deal != deal or not stored.analysed


def store_deals(
    *,
    session: Session,
    deals: Mapping[int, Hands],
    source: str = BoardDeal.Source.PBN,
    source_name: str = "",
    lines: Mapping[int, int] | None = None,
) -> StoredDeals:
    """Stores ``deals`` (by board number) on the session's boards; raises `DealRefused` for a board it lacks."""
    boards = list(Board.objects.filter(section__session=session).select_related("deal"))
    problems = _unknown_boards(deals, {board.number for board in boards}, lines or {})
    if problems:
        raise DealRefused(problems)
    changed = sorted({board.number for board in boards if _changes(board, deals.get(board.number))})
    analyses = dict(zip(changed, analyse([(number, deals[number]) for number in changed]), strict=True))
    with transaction.atomic():
        lock_session(session.pk, final_allowed=True)  # hand records change no result: a final session takes them
        for board in boards:
            if board.number not in analyses:
                continue
            deal = deals[board.number]
            BoardDeal.objects.update_or_create(
                board=board,
                defaults={
                    "north": deal.north,
                    "east": deal.east,
                    "south": deal.south,
                    "west": deal.west,
                    "source": source,
                    "source_name": source_name[:120],
                    **analysis_fields(analyses[board.number]),
                },
            )
        if analyses:
            session_pages_changed(session.pk)  # the traveller and the hand records show the deals
    return StoredDeals(numbers=sorted(set(deals)), analysed=len(changed))


def import_hands(*, session: Session, text: str, source_name: str = "") -> StoredDeals:
    """The deals of a PBN text stored on the session; raises `DealRefused` listing every problem with its line."""
    found = read_session_pbn(session=session, text=text)
    result = store_deals(session=session, deals=found.deals, source_name=source_name, lines=found.lines)
    result.warnings = found.warnings
    return result


def store_typed_deal(*, session: Session, number: int, hands: Mapping[str, str]) -> StoredDeals:
    """One board's deal typed in by a director (``{"N": "AKQ.JT9.876.5432", ...}``), with the same checks."""
    deal = read_hands(number, dict(hands))
    return store_deals(session=session, deals={number: deal}, source=BoardDeal.Source.TYPED)
