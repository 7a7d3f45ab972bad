"""The one way to write a session's traveller lines: `with session_write(session_id):`.

It opens a transaction, takes the session's row lock first (then the writer locks its lines: always that
order, so two directors' saves are scored and ranked one after the other), and on the way out, unless an
error or `transaction.set_rollback(True)` undoes the writes, stores the session's standings again and moves
on the version of the session's cached pages (`session_pages_changed`, which the services that change a
session without writing lines, such as its status or players, call themselves).
Nested blocks for the same session (a slip saving many lines, each through `save_line`) lock and store
once, in the outermost block.

`tests/events/test_session_write.py` fails if a service writes lines outside such a block.

A final session is read-only: `session_write` refuses it (a ValidationError) before any write, whichever service
asked. The director reopens it (`events.services.corrections.reopen_session`, with a reason); while it is open
for correction, `correction_reason(session_id)` gives the reason that the lines' history records with each change.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils.translation import gettext as _

from events.models import Correction, Session
from events.services.pages import session_pages_changed
from events.services.standings import store_standings

_open_sessions: ContextVar[frozenset[int]] = ContextVar("open_session_writes", default=frozenset())
_reasons: ContextVar[tuple[tuple[int, str], ...]] = ContextVar("correction_reasons", default=())


def lock_session(session_id: int, *, final_allowed: bool = False) -> None:
    """Takes the session's row lock (SQLite writes one transaction at a time) and refuses a final session, unless
    `final_allowed` (a write that changes no result, such as the boards' hand records)."""
    sessions = Session.objects.filter(pk=session_id)
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


# simple_history's `history_change_reason` column (varchar(100) on PostgreSQL, which refuses a longer value).
HISTORY_REASON_LENGTH = 100


def history_reason(reason: str) -> str:
    """`reason` as a history record keeps it: cut to the column's 100 characters (the correction keeps it whole)."""
    return reason if len(reason) <= HISTORY_REASON_LENGTH else reason[: HISTORY_REASON_LENGTH - 1] + "…"


def correction_reason(session_id: int) -> str:
    """The reason of the correction open on the session (inside its `session_write` block), fitted to a history
    record, or ""."""
    return history_reason(dict(_reasons.get()).get(session_id, ""))


@contextmanager
def session_write(session_id: int) -> Iterator[None]:
    """Locks the session for the block's writes and stores its standings after them (see the module)."""
    if session_id in _open_sessions.get():
        yield  # an outer block for this session locked it and stores the standings
        return
    with transaction.atomic():
        lock_session(session_id)
        reason = Correction.objects.filter(session_id=session_id, closed_at__isnull=True).values_list("reason")
        token = _open_sessions.set(_open_sessions.get() | {session_id})
        reasons = _reasons.set((*_reasons.get(), (session_id, next(iter(reason), ("",))[0])))
        try:
            yield
        finally:
            _open_sessions.reset(token)
            _reasons.reset(reasons)
        if not transaction.get_rollback():  # the block refused its writes: nothing to store
            store_standings(session_ids=[session_id])
            session_pages_changed(session_id)
