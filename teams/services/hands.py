"""Writes of a teams match's hand records: the deals of its boards (the same in both rooms), checked and stored
at once with their double-dummy analysis pending (the task `club.tasks.analyse_pending_hands`, enqueued when
they commit, analyses them off the request). A deal or file with any problem is refused whole
(`deals.DealRefused`): nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from club.background import enqueue_on_commit
from club.hand_analysis import PENDING_FIELDS, HandRecords
from club.tasks import analyse_pending_hands
from club.unit_of_work import EVENT, record_change
from deals import DealProblem, DealRefused, Hands, PbnDeals, read_hands, read_pbn_deals
from teams.models import Match, MatchDeal


def _outside_the_match(match: Match, numbers: Mapping[int, object], lines: Mapping[int, int]) -> list[DealProblem]:
    playable = match.board_numbers(match.event.boards_per_match)
    first, last = playable[0], playable[-1]
    return [
        DealProblem("match.board", lines.get(number), board=number, first=first, last=last)
        for number in sorted(numbers)
        if number not in playable
    ]


def store_match_deals(
    *,
    match: Match,
    deals: Mapping[int, Hands],
    source: str = MatchDeal.Source.PBN,
    source_name: str = "",
    lines: Mapping[int, int] | None = None,
) -> list[int]:
    """Stores ``deals`` (by board number) on the match's boards, their analysis pending; returns the numbers of
    the deals that changed (a deal stored again unchanged keeps its analysis)."""
    wrong = _outside_the_match(match, deals, lines or {})
    if wrong:
        raise DealRefused(wrong)
    stored = {item.board: item.deal for item in MatchDeal.objects.filter(match=match)}
    changed = [number for number in sorted(deals) if stored.get(number) != deals[number]]
    with transaction.atomic():
        for number in changed:
            deal = deals[number]
            MatchDeal.objects.update_or_create(
                match=match,
                board=number,
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
            record_change(EVENT, match.event_id)
            enqueue_on_commit(analyse_pending_hands)
    return changed


def read_match_pbn(*, match: Match, text: str) -> PbnDeals:
    """The deals of a PBN text for the match's boards; raises `DealRefused` listing every problem (the file's,
    else every deal of a board the match does not play, with its line)."""
    found = read_pbn_deals(text)
    wrong = _outside_the_match(match, found.deals, found.lines)
    if wrong:
        raise DealRefused(wrong)
    return found


def import_match_hands(*, match: Match, text: str, source_name: str = "") -> list[int]:
    """The deals of a PBN text stored on the match; raises `DealRefused` listing every problem with its line."""
    found = read_match_pbn(match=match, text=text)
    return store_match_deals(match=match, deals=found.deals, source_name=source_name, lines=found.lines)


def store_typed_match_deal(*, match: Match, number: int, hands: Mapping[str, str]) -> list[int]:
    """One board's deal typed in by a director (``{"N": "AKQ.JT9.876.5432", ...}``), with the same checks."""
    deal = read_hands(number, dict(hands))
    return store_match_deals(match=match, deals={number: deal}, source=MatchDeal.Source.TYPED)


def _events_changed(event_ids: set[int]) -> None:
    record_change(EVENT, *sorted(event_ids))


# The matches' deals for `club.hand_analysis`: their board numbers and the events whose pages show them.
HAND_RECORDS = HandRecords(MatchDeal, "board", "match__event_id", _events_changed)
