"""Writes of a teams match's hand records: the deals of its boards (the same in both rooms), checked and
analysed once, in one batch call to DDS, before the transaction. A deal or file with any problem is refused
whole (`deals.DealRefused`): nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from deals import DealProblem, DealRefused, Hands, read_pbn_deals
from deals.analysis import analyse
from teams.models import Match, MatchDeal


def store_match_deals(
    *, match: Match, deals: Mapping[int, Hands], source: str = MatchDeal.Source.PBN, source_name: str = ""
) -> list[int]:
    """Stores ``deals`` (by board number) on the match's boards; returns the numbers of the deals analysed."""
    numbers = match.board_numbers(match.event.boards_per_match)
    wrong = [number for number in sorted(deals) if number not in numbers]
    if wrong:
        first, last = numbers[0], numbers[-1]
        raise DealRefused([DealProblem("match.board", board=number, first=first, last=last) for number in wrong])
    stored = {item.board: item for item in MatchDeal.objects.filter(match=match)}
    changed = [
        number
        for number in sorted(deals)
        if number not in stored or stored[number].deal != deals[number] or not stored[number].analysed
    ]
    analyses = analyse([(number, deals[number]) for number in changed])
    with transaction.atomic():
        for number, analysis in zip(changed, analyses, strict=True):
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
                    "dd_tricks": analysis.tricks,
                    "par_score": analysis.par_score,
                    "par_contracts": [contract.as_dict() for contract in analysis.par_contracts],
                },
            )
    return changed


def import_match_hands(*, match: Match, text: str, source_name: str = "") -> list[int]:
    """The deals of a PBN text stored on the match; raises `DealRefused` listing every problem with its line."""
    found = read_pbn_deals(text)
    return store_match_deals(match=match, deals=found.deals, source_name=source_name)
