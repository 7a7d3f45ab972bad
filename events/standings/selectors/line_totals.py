"""Pair totals summed line by line, for the sections whose top varies from board to board (`ranking.pair_totals`):
no movement, no Neuberg, scored across the field (`Conventions.across_field`) or totalled as Compscore does
(`Conventions.factor_totals`); and the tops of a field's boards, which the traveller, the scorecard and the ranking's
sentence on the tops read too."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

import scoring
from events.models import TravellerLine
from events.setup.selectors.pairs_and_sections import SectionInfo

if TYPE_CHECKING:
    from events.standings.selectors.ranking import Totals


def add_line_by_line(
    sections: dict[int, SectionInfo], varying: list[int], totals: dict[int, Totals], pair_sections: dict[int, int]
) -> None:
    """The totals of the sections whose top varies from board to board, line by line: a board's top is its
    section's (or, scored across the field, the field's: `field_board_tops`); Compscore's totals (`factor_totals`)
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
    field_tops = field_board_tops(sections, counts, most)
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
    every pair of the field has (a Mitchell's missing pair) is no board missed: those totals stay as they are.

    The rule comes from Compscore3's Howell file (abftech/cobalt, results/tests/test_files/mp_pairs_howell.xml):
    pair 1's 124 matchpoints over 26 of the 27 boards are printed 128.77 = 124 x 27 / 26. Compscore factors the
    total because it ranks the pairs by it; an IMP event (Butler, cross-IMPs) is ranked by its total IMPs too, so
    its total is factored the same way (its IMPs per board times the full boards; a line of IMPs has no top, so
    there is no Neuberg step). Compscore's Butler and cross-IMP files kept by the same project (butler_howell.xml,
    cross_imp_howell.xml) have every pair play every board of its field, so they agree either way. A session whose
    IMP totals are averaged per board (`pair_total`) is not factored: an average is already per board."""
    full: dict[tuple[int, str], int] = defaultdict(int)
    for pair_id, total in totals.items():
        key = (pair_sections[pair_id], directions.get(pair_id, ""))
        full[key] = max(full[key], total.boards)
    for pair_id, total in totals.items():
        section = sections[pair_sections[pair_id]]
        if section.factor_totals and not (section.uses_imps and section.pair_total == "average"):
            wanted = full[(section.id, directions.get(pair_id, ""))]
            total.score, total.maximum = scoring.factored(total.score, total.maximum, total.boards, wanted)


def field_expected(sections, counts, most) -> dict[tuple[int, int], int]:
    """The results each (session, board number) scored across the field is scored against: the sum of the results
    each of its sections was due (Neuberg's E of the field; `scoring.score_field`). `counts`: section id -> board
    number -> results; `most`: section id -> its most results on a board."""
    due: dict[tuple[int, int], int] = defaultdict(int)
    for section_id, by_board in counts.items():
        section = sections[section_id]
        if not section.across_field:
            continue
        for number, played in by_board.items():
            due[(section.session_id, number)] += section.expected(number, played, most.get(section_id, played))
    return dict(due)


def field_board_tops(sections, counts, most) -> dict[tuple[int, int], float]:
    """The matchpoint top of each (session, board number) scored across the field: one top over the results every
    section was due (nothing for IMP sessions, which have no top)."""
    scales = {section.session_id: section.scale for section in sections.values() if not section.uses_imps}
    return {
        key: scoring.matchpoint_top(expected, scales[key[0]])
        for key, expected in field_expected(sections, counts, most).items()
        if expected and key[0] in scales
    }


def average_totals(sections, totals: dict[int, Totals], pair_sections: dict[int, int]) -> None:
    """A pair's IMP total averaged per board it played (`Conventions.pair_total`), in the sessions that say so."""
    for pair_id, total in totals.items():
        section = sections[pair_sections[pair_id]]
        if section.uses_imps and section.pair_total == "average" and total.boards:
            total.score /= total.boards
