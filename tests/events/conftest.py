"""The reference ranking the fast rankings are held to (the builders are in tests/builders/)."""

from collections import defaultdict
from types import SimpleNamespace

import pytest

from events.models import Pair, TravellerLine
from events.plans import section_plan
from events.standings.selectors.ranking import assign_places
from events.standings.services.rescoring import board_tops


def _reference_ranking(session):
    """A plain, line-by-line ranking of one session: the oracle `events.results.rank_sessions` is held to.

    Returns [(section, field, rows)] with rows of (pair, score, maximum, boards, place, percentage).
    """
    sections = list(session.sections.select_related("custom_movement", "session"))
    rows = {
        pair.pk: SimpleNamespace(pair=pair, score=0.0, maximum=0.0, boards=0, place="")
        for pair in Pair.objects.filter(section__session=session)
    }
    lines = list(
        TravellerLine.objects.filter(board__section__session=session, not_played=False).values_list(
            "board__section_id", "board__number", "ns_pair_id", "ew_pair_id", "ns_points", "ew_points"
        )
    )
    counts = defaultdict(lambda: defaultdict(int))
    for section_id, number, *_rest in lines:
        counts[section_id][number] += 1
    plans = {section.pk: section_plan(section) for section in sections}
    tops = {section.pk: board_tops(section, plans[section.pk], counts[section.pk]) for section in sections}
    for section_id, number, ns, ew, ns_points, ew_points in lines:
        top = 0 if session.uses_imps else tops[section_id][number]
        for pair_id, points in ((ns, ns_points), (ew, ew_points)):
            rows[pair_id].score += points
            rows[pair_id].maximum += top
            rows[pair_id].boards += 1
    for row in rows.values():
        row.percentage = 100 * row.score / row.maximum if row.maximum else None
    result = []
    for section in sections:
        for field_name in plans[section.pk].fields:
            field_rows = [
                row
                for row in rows.values()
                if row.pair.section_id == section.pk and (not field_name or row.pair.direction == field_name)
            ]
            assign_places(field_rows, (lambda r: r.score) if session.uses_imps else (lambda r: r.percentage))
            result.append((section, field_name, field_rows))
    return result


@pytest.fixture
def reference_ranking():
    """reference_ranking(session) → [(section, field, rows)], computed line by line."""
    return _reference_ranking
