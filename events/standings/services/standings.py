"""Each pair's standing stored on the pair: score, highest possible score, boards scored, place and field size.

The standings are those of the session's ranking (`events.standings.selectors.ranking.rank_sessions`), stored so that a
member's whole history reads them with the pairs instead of totalling every line of every session on
each view. They are derived data, derived from the unit of work's records (`club.unit_of_work`): every service that
changes what a session's ranking depends on (a line saved or deleted, a board or the whole session rescored, pairs
added or removed by the set-up) writes inside `session_write`, which records the session's change with
`stale=True`; at the unit's end `DERIVATION` stores the standings of the sessions so recorded, in the same
transaction, so the stored standings never differ from the ranking. No service stores them by hand.

Two verbs, no more: `store_standings` (stores them now: a command after a data load, every session) and
`events.entry.services.locking.refresh_stale_standings` (stores those a table's confirmation marked stale).
"""

from __future__ import annotations

from collections.abc import Iterable

from club.unit_of_work import MEMBER, SESSION, Change, record_change, unit_of_work
from events.hands.services.pair_par import store_pair_par
from events.models import Pair, Session
from events.models.core import STANDING_FIELDS
from events.standings.selectors.ranking import rank_sessions
from events.standings.services.bulk import update_by_pk
from events.standings.services.member_summaries import members_of_pairs, refresh_all_member_summaries

__all__ = ["DERIVATION", "STANDING_FIELDS", "store_standings"]
BATCH = 200  # sessions ranked at once when storing many


def store_standings(*, session_ids: Iterable[int] | None = None) -> int:
    """Stores again now the ranking's standing of every pair of the sessions (every session: None, a batch at a time,
    then every member's summary once: after a data load that went around the services); returns how many pairs'
    standings changed.

    Each batch is one unit of work: the sessions' locks first (a save committed meanwhile by another director is
    then in the ranking), the standings stored, the sessions' change recorded (their pages move).
    """
    every = session_ids is None
    ids = list(Session.objects.order_by("pk").values_list("pk", flat=True)) if every else list(session_ids or [])
    changed = 0
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        with unit_of_work():
            list(Session.objects.select_for_update(of=("self",)).filter(pk__in=batch).values_list("pk"))
            changed += _store_now(batch, summaries=not every)
            record_change(SESSION, *batch)
    if every:
        refresh_all_member_summaries()
    return changed


def _derive(changes: list[Change]) -> None:
    """The unit of work's derivation of sessions whose results changed (their locks held by `session_write`)."""
    _store_now([change.pk for change in changes if change.pk is not None], summaries=True)


DERIVATION = _derive


def _store_now(session_ids: list[int], *, summaries: bool) -> int:
    """The standings of sessions whose locks the caller holds: six or seven queries for the rankings and the stored
    values, plus one update for the pairs whose standing changed; then the pairs' figures against par, and the
    members of the pairs whose standing or figure changed in a published session recorded stale (their summaries
    derived in turn: `member_summaries`; `summaries=False` only for a caller that writes every member's summary
    afterwards). What else a summary shows of a session (its name, date, status, players) is recorded by the
    services that change it."""
    if not session_ids:
        return 0
    changed = _rank_and_store(session_ids)
    moved = store_pair_par(session_ids=session_ids)
    if summaries and (changed or moved):
        members = members_of_pairs(pair_ids=[*changed, *moved], published_only=True)
        record_change(MEMBER, *sorted(members), stale=True)
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
