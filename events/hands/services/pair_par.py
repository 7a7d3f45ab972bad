"""Each pair's results against par, stored on the pair with its standing: the boards with a par it played (a stored
analysis, a score, not adjusted, played) and the sum of its scores minus par on them, from its own side. The member
page's figure (`events.results.selectors.member_par`) draws a member's newest sessions from them, so that it never reads
the lines of the whole history. Stored with the standings (the lines changed: `events.standings.services.standings`) and
by `deals_changed` (the deals).
"""

from __future__ import annotations

from django.db.models import Count, F, Sum

from events.models import Pair, TravellerLine
from events.standings.services.bulk import update_by_pk

PAR_FIELDS = ("par_boards", "par_total")


def _sides(session_ids: list[int]) -> dict[int, tuple[int, int]]:
    """(boards, total) by pair id over the sessions' lines with a par: two grouped queries, one a side."""
    lines = TravellerLine.objects.filter(
        board__section__session_id__in=session_ids,
        board__deal__par_score__isnull=False,
        ns_score__isnull=False,
        adjusted="",
        not_played=False,
    ).order_by()
    par = F("board__deal__par_score")
    found: dict[int, tuple[int, int]] = {}
    for side, gain in (("ns_pair_id", F("ns_score") - par), ("ew_pair_id", par - F("ns_score"))):
        for pair_id, boards, total in lines.values_list(side).annotate(boards=Count("pk"), total=Sum(gain)):
            if pair_id is not None:
                before = found.get(pair_id, (0, 0))
                found[pair_id] = (before[0] + boards, before[1] + int(total))
    return found


def store_pair_par(*, session_ids: list[int]) -> list[int]:
    """Stores the par figures of every pair of the sessions that changed; returns those pairs' ids."""
    fresh = _sides(session_ids)
    stored = Pair.objects.filter(section__session_id__in=session_ids).order_by().values_list("pk", *PAR_FIELDS)
    changed = [(*fresh.get(pk, (0, 0)), pk) for pk, *values in stored if tuple(values) != fresh.get(pk, (0, 0))]
    update_by_pk(model=Pair, fields=PAR_FIELDS, rows=changed)
    return [row[-1] for row in changed]
