"""What a board is scored with, read from the session: its conventions as `scoring` takes them and how many results
each board is scored against (read by the rescoring services and by the traveller's page alike)."""

from __future__ import annotations

from django.db.models import Count, Max

import scoring
from events.models import Section, Session, TravellerLine
from movement_generators.api import Movement


def expected_results(
    section: Section, plan: Movement, board_number: int, entries: int, most_played: int | None = None
) -> int:
    """How many results a board is scored against (Neuberg's E: `Movement.scored_against`).

    Without a movement, Neuberg scores every board against the section's most results on a board:
    `most_played` when the caller has counted them, else one query.
    """
    neuberg = section.session.short_boards_neuberg
    if most_played is None and neuberg and not plan.has_schedule:
        most_played = (
            TravellerLine.objects.filter(board__section=section, not_played=False)
            .values("board")
            .annotate(n=Count("id"))
            .aggregate(most=Max("n"))["most"]
            or 0
        )
    return plan.scored_against(board_number, entries, neuberg, most_played or 0)


def conventions_of(session: Session) -> scoring.Conventions:
    """The session's scoring conventions as `scoring` takes them."""
    return scoring.Conventions(
        short_boards="neuberg" if session.short_boards_neuberg else "own-top",
        datum_discard=session.datum_discard,
        datum_from=session.datum_from,
        datum_rounding=session.datum_rounding,
        award=scoring.ImpAward(session.adjusted_imps, float(session.adjusted_imps_size)),
        across_field=session.across_field,
        cross_imps=session.cross_imps,
        factor_totals=session.factor_totals,
        pair_total=session.pair_total,
    )


def convention_fields(conventions: scoring.Conventions) -> dict[str, object]:
    """The session fields that hold `conventions` (the inverse of `conventions_of`: the one mapping between the
    session's fields and `scoring`'s conventions, both ways, is this module's)."""
    return {
        "short_boards_neuberg": conventions.neuberg,
        "datum_discard": conventions.datum_discard,
        "datum_from": conventions.datum_from,
        "datum_rounding": conventions.datum_rounding,
        "adjusted_imps": conventions.award.mode,
        "adjusted_imps_size": conventions.award.size,
        "across_field": conventions.across_field,
        "cross_imps": conventions.cross_imps,
        "factor_totals": conventions.factor_totals,
        "pair_total": conventions.pair_total,
    }
