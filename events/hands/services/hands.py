"""Writes of hand records: a session's deals from a PBN file or typed in, checked, stored at once with their
double-dummy analysis pending.

A deal is stored on every board of that number in the session (its sections play the same boards). Only the
deals that change are stored again, their analysis pending: the task `club.tasks.analyse_pending_hands`,
enqueued when they commit, analyses them off the request (`club.hand_analysis`) and moves the session's pages
on. A file or a deal with any problem is refused whole (`deals.DealRefused`): nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.db import transaction

from club.background import enqueue_on_commit
from club.hand_analysis import PENDING_FIELDS, HandRecords
from club.tasks import analyse_pending_hands
from club.unit_of_work import MEMBER, SESSION, record_change
from deals import DealProblem, DealRefused, Hands, PbnDeals, read_hands, read_pbn_deals
from events.entry.services.locking import lock_session
from events.hands.services.pair_par import store_pair_par
from events.models import Board, BoardDeal, Session
from events.standings.services.member_summaries import members_of_pairs


@dataclass
class StoredDeals:
    """What a store did: the board numbers stored, how many deals changed (their analysis pending), the file's
    warnings."""

    numbers: list[int] = field(default_factory=list)
    pending: int = 0
    warnings: list[DealProblem] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.numbers)


def _unknown_boards(numbers: Mapping[int, Hands], known: set[int], lines: Mapping[int, int]) -> list[DealProblem]:
    missing = [number for number in sorted(numbers) if number not in known]
    return [DealProblem("session.board", lines.get(number), board=number) for number in missing]


def read_session_pbn(*, session: Session, text: str) -> PbnDeals:
    """The deals of a PBN text for the session's boards; raises `DealRefused` listing every problem."""
    known = set(Board.objects.filter(section__session=session).values_list("number", flat=True))
    return read_pbn_deals(text, playable=known)


def _changes(board: Board, deal: Hands | None) -> bool:
    """Whether ``deal`` (None: no deal for this board) differs from the board's stored deal (a deal stored again
    unchanged keeps its analysis, or its place in the queue)."""
    if deal is None:
        return False
    stored = getattr(board, "deal", None)
    return stored is None or stored.deal != deal


def store_deals(
    *,
    session: Session,
    deals: Mapping[int, Hands],
    source: str = BoardDeal.Source.PBN,
    source_name: str = "",
    lines: Mapping[int, int] | None = None,
) -> StoredDeals:
    """Stores ``deals`` (by board number) on the session's boards, their analysis pending; raises `DealRefused`
    for a board the session lacks."""
    boards = list(Board.objects.filter(section__session=session).select_related("deal"))
    problems = _unknown_boards(deals, {board.number for board in boards}, lines or {})
    if problems:
        raise DealRefused(problems)
    changed = {board.number for board in boards if _changes(board, deals.get(board.number))}
    with transaction.atomic():
        lock_session(session.pk, final_allowed=True)  # hand records change no result: a final session takes them
        for board in boards:
            if board.number not in changed:
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
                    **PENDING_FIELDS,
                },
            )
        if changed:
            deals_changed({session.pk})  # the traveller and the hand records show the deals
            enqueue_on_commit(analyse_pending_hands)
    return StoredDeals(numbers=sorted(set(deals)), pending=len(changed))


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


def deals_changed(session_ids: set[int]) -> None:
    """The sessions' deals or their analysis changed: the pairs' figures against par, the summaries of the
    published sessions' members (their page's figure) and the sessions' pages."""
    ordered = sorted(session_ids)
    moved = store_pair_par(session_ids=ordered)
    record_change(MEMBER, *sorted(members_of_pairs(pair_ids=moved, published_only=True)), stale=True)
    record_change(SESSION, *ordered)


# The session's deals for `club.hand_analysis`: their board numbers and the sessions whose pages show them.
HAND_RECORDS = HandRecords(BoardDeal, "board__number", "board__section__session_id", deals_changed)
