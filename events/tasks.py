"""The pairs sessions' background tasks (see `club.background`): the standings the tables' confirmations marked
stale, the member summaries a change marked stale, and the sweep that takes over what was left (every minute,
`settings.PERIODIC_TASKS`). Each may run twice, or in two workers at once: what it writes is found already
written (the standings' counts under their lock, the summaries' `stale` flag under their rows' locks)."""

from __future__ import annotations

from django_tasks import task

from club.background import retried_task
from club.tenancy import all_clubs
from events.entry.services.locking import NOW, refresh_stale_standings
from events.federation.services.ladder import refresh_ladders
from events.models import TableEntry
from events.standings.services.member_summaries import refresh_stale_member_summaries


@retried_task
def refresh_stale_standings_task(session_id: int) -> bool:
    """The session's standings the tables marked, stored (none left: nothing done)."""
    return refresh_stale_standings(session_id=session_id, every=NOW)


@retried_task
def refresh_summaries() -> int:
    """The member summaries marked stale, written again (none left: one query)."""
    return refresh_stale_member_summaries()


@retried_task
def refresh_ladders_task() -> int:
    """The host's season ladders marked stale, computed again (many clubs only; none stale: two queries)."""
    return refresh_ladders()


@task
def refresh_stale_work() -> int:
    """The sweep: every session's marked standings and every stale summary (what a lost task left), every club's; the
    host's ladders stale or never computed (many clubs only)."""
    with all_clubs():
        marked = list(TableEntry.objects.stale().values_list("session_id", flat=True))
        stored = sum(refresh_stale_standings(session_id=session_id, every=NOW) for session_id in marked)
        return stored + refresh_stale_member_summaries() + refresh_ladders()
