"""Pair totals summed line by line, for the sections whose top varies from board to board (`ranking.pair_totals`):
no movement, no Neuberg, scored across the field (`Conventions.across_field`) or totalled as Compscore does
(`Conventions.factor_totals`)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

import scoring
from events.models import TravellerLine
from events.selectors.pairs_and_sections import SectionInfo

if TYPE_CHECKING:
    from events.selectors.ranking import Totals


def add_line_by_line(
    sections: dict[int, SectionInfo], varying: list[int], totals: dict[int, Totals], pair_sections: dict[int, int]
) -> None:
    """The totals of the sections whose top varies from board to board, line by line: a board's top is its
    section's (or, scored across the field, the field's: `_field_tops`); Compscore's totals (`factor_totals`)
    count a board played fewer times with Neuberg's formula and factor a pair's total to the full boards."""
    lines = list(
        TravellerLine.objects.filter(board__section_id__in=varying, not_played=False)
        .order_by()
        .values_list("board__section_id", "board__number", "ns_pair_id", "ew_pair_id", "ns_points", "ew_points")
    )
    counts: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for section_id, number, *_rest in lines:
        counts[section_id][number] += 1
    most = {section_id: max(by_board.values()) for section_id, by_board in counts.items()}
    field_tops = _field_tops(sections, counts, most)
    for section_id, number, ns, ew, ns_points, ew_points in lines:
        if ns_points is None:
            continue
        section, played = sections[section_id], counts[section_id][number]
        top = field_tops.get((section.session_id, number)) or section.top(number, played, most[section_id])
        factor = section.factor_totals and not section.uses_imps
        if factor:
            top = scoring.matchpoint_top(most[section_id], section.scale)
        for pair_id, points in ((ns, ns_points), (ew, ew_points)):
            total = totals.get(pair_id)
            if total is not None:
                total.score += scoring.total_line(points, played, most[section_id], section.scale) if factor else points
                total.maximum += top
                total.boards += 1


def factor_totals(
    sections, totals: dict[int, Totals], pair_sections: dict[int, int], directions: dict[int, str]
) -> None:
    """Compscore's totals: a pair that played fewer boards than the most any pair of its field (its section and
    direction) played has its total and highest possible total factored up to them (`scoring.factored`). A sit-out
    every pair of the field has (a Mitchell's missing pair) is no board missed: those totals stay as they are."""
    full: dict[tuple[int, str], int] = defaultdict(int)
    for pair_id, total in totals.items():
        key = (pair_sections[pair_id], directions.get(pair_id, ""))
        full[key] = max(full[key], total.boards)
    for pair_id, total in totals.items():
        section = sections[pair_sections[pair_id]]
        if section.factor_totals and not section.uses_imps:
            wanted = full[(section.id, directions.get(pair_id, ""))]
            total.score, total.maximum = scoring.factored(total.score, total.maximum, total.boards, wanted)


def _field_tops(sections, counts, most) -> dict[tuple[int, int], float]:
    """The top of each (session, board number) scored across the field: over the results each section was due."""
    due: dict[tuple[int, int], int] = defaultdict(int)
    scales: dict[tuple[int, int], str] = {}
    for section_id, by_board in counts.items():
        section = sections[section_id]
        if not section.across_field or section.uses_imps:
            continue
        for number, played in by_board.items():
            due[(section.session_id, number)] += section.expected(number, played, most[section_id])
            scales[(section.session_id, number)] = section.scale
    return {key: scoring.matchpoint_top(expected, scales[key]) for key, expected in due.items() if expected}
