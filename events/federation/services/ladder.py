"""The cross-club season ladder, stored (`events.models.Ladder`): derived from every club's published results and
kept fresh by the unit of work's machinery (`club.unit_of_work`), never computed per request.

A ladder reads every club's season (hundreds of thousands of pairs at a federation's size): the page reads it stored.
Whatever changes a member's published history records the member stale (`record_change(MEMBER, ..., stale=True)`:
the standings' derivation, a publication or one taken back, the players, a merge, a session deleted); the members'
derivation (`with_ladders`, registered in `events.apps`) then also marks the stored ladders stale, in one statement
that changes nothing when they are stale already, and the task `events.tasks.refresh_ladders_task` is enqueued when
the unit commits. The task (and the minute's sweep, `events.tasks.refresh_stale_work`, which also makes the ladders
of seasons never computed and of a rule just changed) computes each stale ladder again: it marks it fresh first,
then reads, so a change committed meanwhile marks it stale again and is never lost. With one club (the default)
there is no host and no ladder: nothing is marked, read or stored.
"""

from __future__ import annotations

import datetime

from django.utils import timezone

from club.background import enqueue_on_commit
from club.tenancy import all_clubs, many_clubs
from club.unit_of_work import Change, Derivation
from events.federation.selectors.ladder import ladder_seasons, season_results
from events.federation.selectors.ladder_rule import ladder_rule, rank_ladder
from events.models import Ladder


def mark_ladders_stale() -> None:
    """Every stored ladder is to be computed again (in the caller's transaction; the task enqueued on commit)."""
    if not many_clubs():
        return
    if Ladder.objects.filter(stale=False).update(stale=True):
        from events.tasks import refresh_ladders_task  # the tasks module reads these services

        enqueue_on_commit(refresh_ladders_task)


def with_ladders(derivation: Derivation) -> Derivation:
    """The members' derivation, followed by the ladders marked stale (a member's published history changed)."""

    def derive(changes: list[Change]) -> None:
        derivation(changes)
        mark_ladders_stale()

    return derive


def refresh_ladders(*, today: datetime.date | None = None) -> int:
    """Computes and stores the ladders that are stale, missing (a season never computed) or of another rule; returns
    how many. Two queries when none is due."""
    if not many_clubs():
        return 0
    rule = ladder_rule()
    seasons = ladder_seasons(rule, today or timezone.localdate())
    with all_clubs():
        found = {ladder.season: ladder for ladder in Ladder.objects.filter(rule=rule.key, season__in=seasons)}
        due = [season for season in seasons if season not in found or found[season].stale]
        if not due:
            return 0
        Ladder.objects.bulk_create(
            [Ladder(season=season, rule=rule.key) for season in due if season not in found], ignore_conflicts=True
        )
        Ladder.objects.filter(rule=rule.key, season__in=due).update(stale=False)  # fresh before reading: see above
        for season in due:
            rows = rank_ladder(season_results(season, rule), rule)
            Ladder.objects.filter(rule=rule.key, season=season).update(rows=rows, computed_at=timezone.now())
    return len(due)
