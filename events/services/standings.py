"""Each pair's standing stored on the pair: score, highest possible score, boards scored, place and field size.

The standings are those of the session's ranking (`events.selectors.ranking.rank_sessions`), stored so that a
member's whole history reads them with the pairs instead of totalling every line of every session on
each view. Every service that changes what a session's ranking depends on (a line saved or deleted,
a board or the whole session rescored, pairs added or removed by the set-up) calls
`refresh_standings` in the same transaction, so the stored standings never differ from the ranking.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from club.unit_of_work import SESSION, record_change
from events.models import Pair, Session
from events.models.core import STANDING_FIELDS
from events.selectors.ranking import rank_sessions
from events.services.bulk import update_by_pk
from events.services.member_summaries import mark_summaries_stale, members_of_pairs, refresh_all_member_summaries
from events.services.pair_par import store_pair_par

__all__ = ["STANDING_FIELDS", "refresh_all_standings", "refresh_standings", "store_standings"]
BATCH = 200  # sessions ranked at once when refreshing many


def refresh_standings(*, session_ids: Iterable[int], summaries: bool = True) -> int:
    """Stores the ranking's standing of every pair of the given sessions; returns how many pairs changed.

    Takes the sessions' locks first (a save committed meanwhile by another director is then in the
    ranking), then stores as `store_standings` does.
    """
    session_ids = list(session_ids)
    if not session_ids:
        return 0
    with transaction.atomic():
        list(Session.objects.select_for_update(of=("self",)).filter(pk__in=session_ids).values_list("pk"))
        changed = store_standings(session_ids=session_ids, summaries=summaries)
        record_change(SESSION, *session_ids)
        return changed


def store_standings(*, session_ids: list[int], summaries: bool = True) -> int:
    """The standings of sessions whose locks the caller holds (`session_write`): six or seven queries for the
    rankings and the stored values, plus one update for the pairs whose standing changed; then the pairs' figures
    against par, and the summaries of the members of the pairs whose standing or figure changed in a published
    session marked stale (`member_summaries`; `summaries=False` only for a caller that writes every member's summary
    afterwards). What else a summary shows of a session (its name, date, status, players) is written again by the
    services that change it."""
    changed = _rank_and_store(session_ids)
    moved = store_pair_par(session_ids=session_ids)
    if summaries and (changed or moved):
        mark_summaries_stale(member_ids=members_of_pairs(pair_ids=[*changed, *moved], published_only=True))
    return len(changed)


def _rank_and_store(session_ids: list[int]) -> list[int]:
    try:
        results = rank_sessions(session_ids, names=False)
    except ValueError:  # a custom movement that cannot be read (the checks page says so): rank the others
        if len(session_ids) == 1:
            return []
        return [pk for session_id in session_ids for pk in _rank_and_store([session_id])]
    return _store(session_ids, results)


def _store(session_ids: list[int], results) -> list[int]:
    """Writes the standings of `results` (from rank_sessions) that differ from those stored."""
    fresh: dict[int, tuple] = {}
    for result in results.values():
        for ranking in result.fields:
            for row in ranking.rows:
                fresh[row.pair.id] = (row.score, row.maximum, row.boards, row.place, ranking.size)
    stored = Pair.objects.filter(section__session_id__in=session_ids).order_by().values_list("id", *STANDING_FIELDS)
    changed = []
    for pair_id, *values in stored:
        standing = fresh.get(pair_id, (0.0, 0.0, 0, "", 0))  # a pair in no field (e.g. no direction)
        if tuple(values) != standing:
            changed.append((*standing, pair_id))
    update_by_pk(model=Pair, fields=STANDING_FIELDS, rows=changed)
    return [row[-1] for row in changed]


def refresh_all_standings() -> int:
    """Every session's standings (after a data load that went around the services), a batch at a time, then every
    member's summary once."""
    session_ids = list(Session.objects.order_by("pk").values_list("pk", flat=True))
    changed = sum(
        refresh_standings(session_ids=session_ids[start : start + BATCH], summaries=False)
        for start in range(0, len(session_ids), BATCH)
    )
    refresh_all_member_summaries()
    return changed
