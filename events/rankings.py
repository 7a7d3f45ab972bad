"""Session rankings as plain data, computed from the saved points of every traveller line."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import scoring
from events.models import Pair, Section, Session, TravellerLine
from events.plans import Plan, section_plan
from events.services import expected_results


@dataclass
class RankingRow:
    pair: Pair
    score: float = 0.0
    maximum: float = 0.0
    boards: int = 0
    place: str = ""

    @property
    def percentage(self) -> float | None:
        return 100 * self.score / self.maximum if self.maximum else None


@dataclass
class FieldRanking:
    section: Section
    field: str  # "NS", "EW" or "" for a one-winner field
    uses_imps: bool
    rows: list[RankingRow] = field(default_factory=list)


def board_tops(section: Section, plan: Plan, counts: dict[int, int]) -> dict[int, float]:
    """The matchpoint top of each board number, from the number of results it has or was due."""
    scale = section.session.scale
    return {number: scoring.matchpoint_top(expected_results(section, plan, number, played), scale)
            for number, played in counts.items()}


def assign_places(rows: list[RankingRow], key) -> None:
    """Sorts best first and writes places, ties shown as '=2'."""
    rows.sort(key=lambda row: (-round(key(row) or 0, 6), row.pair.number))
    index = 0
    while index < len(rows):
        value = round(key(rows[index]) or 0, 6)
        end = index
        while end + 1 < len(rows) and round(key(rows[end + 1]) or 0, 6) == value:
            end += 1
        place = str(index + 1) if end == index else f"={index + 1}"
        for row in rows[index:end + 1]:
            row.place = place
        index = end + 1


def session_ranking(session: Session) -> list[FieldRanking]:
    sections = list(session.sections.select_related("custom_movement", "session"))
    pairs = Pair.objects.filter(section__session=session).select_related("player1", "player2")
    rows = {pair.pk: RankingRow(pair) for pair in pairs}
    lines = list(TravellerLine.objects.filter(board__section__session=session).values_list(
        "board__section_id", "board__number", "ns_pair_id", "ew_pair_id", "ns_points", "ew_points", "not_played"))
    counts: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for section_id, number, _ns, _ew, _nsp, _ewp, not_played in lines:
        if not not_played:
            counts[section_id][number] += 1
    plans = {section.pk: section_plan(section) for section in sections}
    tops = {} if session.uses_imps else {
        section.pk: board_tops(section, plans[section.pk], counts[section.pk]) for section in sections}
    for section_id, number, ns, ew, ns_points, ew_points, not_played in lines:
        if not_played or ns_points is None:
            continue
        top = 0 if session.uses_imps else tops[section_id][number]
        for pair_id, points in ((ns, ns_points), (ew, ew_points)):
            row = rows[pair_id]
            row.score += points
            row.maximum += top
            row.boards += 1
    result = []
    for section in sections:
        plan = plans[section.pk]
        for field_name in plan.fields:
            field_rows = [row for row in rows.values() if row.pair.section_id == section.pk
                          and (not field_name or row.pair.direction == field_name)]
            key = (lambda row: row.score) if session.uses_imps else (lambda row: row.percentage)
            assign_places(field_rows, key)
            result.append(FieldRanking(section, field_name, session.uses_imps, field_rows))
    return result
