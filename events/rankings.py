"""Ranking helpers shared by the pages: board tops and places with ties (rankings: `events.results`)."""

from __future__ import annotations

import scoring
from events.models import Section
from events.plans import Plan
from events.services import expected_results


def board_tops(section: Section, plan: Plan, counts: dict[int, int]) -> dict[int, float]:
    """The matchpoint top of each board number, from the number of results it has or was due."""
    scale = section.session.scale
    return {number: scoring.matchpoint_top(expected_results(section, plan, number, played), scale)
            for number, played in counts.items()}


def assign_places(rows: list, key) -> None:
    """Sorts rows (each with `.pair.number` and a writable `.place`) best first; ties share a place, "=2"."""
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
