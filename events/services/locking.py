"""The one way to write a session's traveller lines: `with session_write(session_id):`.

It opens a transaction, takes the session's row lock first (then the writer locks its lines: always that
order, so two directors' saves are scored and ranked one after the other), and on the way out, unless an
error or `transaction.set_rollback(True)` undoes the writes, stores the session's standings again and moves
on the version of the session's cached pages (`session_pages_changed`, which the services that change a
session without writing lines, such as its status or players, call themselves).
Nested blocks for the same session (a slip saving many lines, each through `save_line`) lock and store
once, in the outermost block.

`tests/events/test_session_write.py` fails if a service writes lines outside such a block.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import connection, transaction

from events.models import Session
from events.services.pages import session_pages_changed
from events.services.standings import store_standings

_open_sessions: ContextVar[frozenset[int]] = ContextVar("open_session_writes", default=frozenset())


def lock_session(session_id: int) -> None:
    """Takes the session's row lock (no query on SQLite, which writes one transaction at a time)."""
    if not connection.features.has_select_for_update:
        return
    list(Session.objects.select_for_update(of=("self",)).filter(pk=session_id).values_list("pk", flat=True))


@contextmanager
def session_write(session_id: int) -> Iterator[None]:
    """Locks the session for the block's writes and stores its standings after them (see the module)."""
    if session_id in _open_sessions.get():
        yield  # an outer block for this session locked it and stores the standings
        return
    with transaction.atomic():
        lock_session(session_id)
        token = _open_sessions.set(_open_sessions.get() | {session_id})
        try:
            yield
        finally:
            _open_sessions.reset(token)
        if not transaction.get_rollback():  # the block refused its writes: nothing to store
            store_standings(session_ids=[session_id])
            session_pages_changed(session_id)
