"""The one way to write a session's traveller lines: `with session_write(session_id):`.

It opens a transaction, takes the session's row lock first (then the writer locks its lines: always that
order, so two directors' saves are scored and ranked one after the other), and on the way out, unless an
error or `transaction.set_rollback(True)` undoes the writes, records the session's change in its unit of work
(`club.unit_of_work`: the block is one) with `stale=True`: at the unit's end the session's standings are derived
again from that record (`events.standings.services.standings.DERIVATION`), then the versions of the pages that show it
move on (a session in progress: its own only; the services that change a session without writing lines, such as its
status or players, record their change themselves).
Nested blocks for the same session (a slip saving many lines, each through `save_line`) lock and record
once, in the outermost block.

`tests/events/test_session_write.py` fails if a service writes lines outside such a block.

A table's confirmation writes one board: `session_write(session_id, shared=True)` takes the session's lock shared
(on PostgreSQL many tables confirm at once; the director's writes, which take it alone, wait for them and they for
the director), and `save_line` serialises each board's writers by the board's row. Its block marks the standings
stale instead of storing them, and after its commit `refresh_stale_standings` stores them, at most once a second:
a room's thirty confirmations in one second are ranked once, not thirty times one after the other. Nothing shows
the stored standings of a session in progress (its pages rank its lines as they are); they are stored again
before it is published. A published session's pages read its stored standings: its shared writers store them in
their own transaction, one after the other (an advisory lock held to the commit), so they are always exact.

A final session is read-only: `session_write` refuses it (a ValidationError) before any write, whichever service
asked. The director reopens it (`events.checks.services.corrections.reopen_session`, with a reason); while it is open
for correction, `correction_reason(session_id)` gives the reason that the lines' history records with each change.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from club.background import enqueue_later
from club.statements import db_column, table
from club.unit_of_work import SESSION, record_change, unit_of_work
from events.models import Correction, Session, TableEntry

_open_sessions: ContextVar[frozenset[int]] = ContextVar("open_session_writes", default=frozenset())


def lock_session(session_id: int, *, final_allowed: bool = False, shared: bool = False) -> str | None:
    """Takes the session's row lock (SQLite writes one transaction at a time), `shared` with the other shared
    holders (PostgreSQL's FOR SHARE, which Django's ORM cannot say), and refuses a final session, unless
    `final_allowed` (a write that changes no result, such as the boards' hand records). Returns its status, which
    cannot change while the lock is held."""
    if shared and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT status, name FROM {Session._meta.db_table} WHERE id = %s FOR SHARE", [session_id])
            row = cursor.fetchone()
    else:
        sessions = Session.objects.filter(pk=session_id).order_by()  # one row: no ordering
        if connection.features.has_select_for_update:
            sessions = sessions.select_for_update(of=("self",))
        row = sessions.values_list("status", "name").first()
    if row is not None and row[0] == Session.Status.FINAL and not final_allowed:
        raise ValidationError(
            _(
                "“%(name)s” is final: its results can no longer change. To correct it, reopen it on its checks page "
                "(giving the reason), correct it, then publish it again."
            )
            % {"name": row[1]},
            code="final",
        )
    return row[0] if row is not None else None


# simple_history's `history_change_reason` column (varchar(100) on PostgreSQL, which refuses a longer value).
HISTORY_REASON_LENGTH = 100


def history_reason(reason: str) -> str:
    """`reason` as a history record keeps it: cut to the column's 100 characters (the correction keeps it whole)."""
    return reason if len(reason) <= HISTORY_REASON_LENGTH else reason[: HISTORY_REASON_LENGTH - 1] + "…"


class _OpenReason:
    """The reason of the correction open on a session, read at its first use inside the session's `session_write`
    block (under its lock), then kept: most writes never ask (a table's confirmation names its table instead)."""

    def __init__(self, session_id: int) -> None:
        self.session_id = session_id
        self.text: str | None = None

    def __call__(self) -> str:
        if self.text is None:
            # The model's order within the session, without its join to the session (ordered by date and name).
            found = Correction.objects.filter(session_id=self.session_id, closed_at__isnull=True)
            self.text = found.order_by("reopened_at", "pk").values_list("reason", flat=True).first() or ""
        return self.text


_reasons: ContextVar[tuple[tuple[int, _OpenReason], ...]] = ContextVar("correction_reasons", default=())


def correction_reason(session_id: int) -> str:
    """The reason of the correction open on the session (inside its `session_write` block), fitted to a history
    record, or ""."""
    reason = dict(_reasons.get()).get(session_id)
    return history_reason(reason()) if reason is not None else ""


@contextmanager
def session_write(session_id: int, *, shared: bool = False, read: TableEntry | None = None) -> Iterator[None]:
    """Locks the session for the block's writes and stores its standings after them; `shared`, for one board's
    write at a table, holds the lock with the other tables and has the standings stored after the commit (see the
    module). `read`: the session's table entry as the request read it before the block (a table's confirmation):
    standings it shows stored less than `STANDINGS_EVERY` ago are not due, and no refresh is tried after the
    commit (`_stored_recently`)."""
    if session_id in _open_sessions.get():
        yield  # an outer block for this session locked it and stores the standings
        return
    with unit_of_work():
        # Shared writers of a session in progress leave its standings to after their commit; those of a published
        # one (whose stored standings its pages read) store them in their transaction, one after the other.
        status = lock_session(session_id, shared=shared)
        deferred = status == Session.Status.IN_PROGRESS and shared
        token = _open_sessions.set(_open_sessions.get() | {session_id})
        reasons = _reasons.set((*_reasons.get(), (session_id, _OpenReason(session_id))))
        try:
            yield
        finally:
            _open_sessions.reset(token)
            _reasons.reset(reasons)
        if transaction.get_rollback():  # the block refused its writes: nothing to store
            return
        if deferred:  # the last write: the entry's row is locked only until the commit
            with connection.cursor() as cursor:
                cursor.execute(_mark_sql(connection.vendor), [session_id])
        else:  # alone on the session, or after the other shared writers: what the tables marked is derived too
            if shared:
                _wait_for_refresh_lock(session_id)
            TableEntry.objects.stale().filter(session_id=session_id).update(
                standings_stored=F("standings_marked"), standings_at=timezone.now()
            )
        # The unit derives the standings from this record when it ends (unless the tables' marks wait for after it).
        record_change(SESSION, session_id, published=status != Session.Status.IN_PROGRESS, stale=not deferred)
    if deferred and (_stored_recently(read) or not refresh_stale_standings(session_id=session_id)):
        standings_left(session_id)


@functools.cache
def _mark_sql(vendor: str) -> str:
    """The session's standings marked stale once more (written once, `club.statements`: a room's every
    confirmation sends it)."""
    marked = db_column(TableEntry, "standings_marked")
    return f"UPDATE {table(TableEntry)} SET {marked} = {marked} + 1 WHERE {db_column(TableEntry, 'session')} = %s"


# Two keys of PostgreSQL's advisory locks: this one's kind, then the session's id.
_REFRESH_LOCK = 4817
# The tables' confirmations store the standings at most this often: a room's burst is ranked about once a second.
STANDINGS_EVERY = datetime.timedelta(seconds=1)


# `every=NOW`: what the tables marked stale is stored now (before an export reads them, or from a task).
NOW = datetime.timedelta(0)


def refresh_stale_standings(
    *, session_id: int, every: datetime.timedelta = STANDINGS_EVERY, read: TableEntry | None = None
) -> bool:
    """Stores the session's standings if a table's confirmation marked them stale and they were stored more than
    `every` ago (`NOW`: whenever marked); says whether it did. `read`: the session's table entry as a page read it
    (a phone's poll): no query unless it was marked and due.

    One writer at a time, in one transaction: PostgreSQL's advisory lock, tried without waiting (a writer that finds
    it taken leaves), then the session's lock shared; the confirmations' count is read before the lines, and the
    count the standings include is written last (the entry's row locked only then): a confirmation committed after
    that read counts past it, and stays stale. A failure undoes it all. A mark left (stored too recently, or marked
    during a refresh) is taken by the task the confirmation enqueues (`standings_left`), the next confirmation,
    the tables' polls (`table_page_state`, every few seconds), the worker's sweep (`events.tasks`) or any
    director's write; a session is never published with it, since publishing rescores the whole session.

    The standings are derived from the session's record (`stale=True`) at once when no unit of work is open
    (after the confirmation's commit), else at that unit's end: later than the count written, so a confirmation
    committed meanwhile stays marked and is stored again."""
    if read is not None and not read.standings_due(timezone.now(), every):
        return False
    with transaction.atomic():
        if not _try_refresh_lock(session_id):
            return False
        status = lock_session(session_id, final_allowed=True, shared=True)
        entries = TableEntry.objects.filter(session_id=session_id)
        entry = entries.only("session_id", "standings_marked", "standings_stored", "standings_at").first()
        now = timezone.now()
        if entry is None or not entry.standings_due(now, every):
            return False
        record_change(SESSION, session_id, published=status != Session.Status.IN_PROGRESS, stale=True)
        entries.update(standings_stored=entry.standings_marked, standings_at=now)
        return True


def _stored_recently(read: TableEntry | None, every: datetime.timedelta = STANDINGS_EVERY) -> bool:
    """The table entry `read` (earlier) shows the standings stored less than `every` ago: `refresh_stale_standings`
    would find them not due now (they are only ever stored later, never earlier), so it is not tried: no
    transaction, lock or read for the room's every confirmation within the second."""
    return read is not None and read.standings_at is not None and timezone.now() - read.standings_at < every


def standings_left(session_id: int) -> None:
    """A confirmation whose refresh found the standings stored too recently (or being stored) leaves its mark to
    the task `events.tasks.refresh_stale_standings_task`, enqueued to run `STANDINGS_EVERY` later: at most one a
    session a second (the cache's `add`), since that one stores every mark committed before it runs."""
    if cache.add(f"standings-task:{session_id}", 1, timeout=1):
        from events.tasks import refresh_stale_standings_task  # the tasks module reads this one

        enqueue_later(refresh_stale_standings_task, STANDINGS_EVERY, session_id)


def _try_refresh_lock(session_id: int) -> bool:
    """Held until the transaction ends, if free."""
    if connection.vendor != "postgresql":
        return True  # SQLite: one write transaction at a time already
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", [_REFRESH_LOCK, session_id])
        return bool(cursor.fetchone()[0])


def _wait_for_refresh_lock(session_id: int) -> None:
    """Held until the transaction ends: the next writer ranks the lines this one committed."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_REFRESH_LOCK, session_id])
