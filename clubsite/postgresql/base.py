"""PostgreSQL as Django's backend has it, with a health check that costs no round trip when nothing is wrong.

Each process keeps its connection between requests (settings: CONN_MAX_AGE, CONN_HEALTH_CHECKS), and Django checks
it before a request's first query with a `SELECT 1`: a round trip to the server on every request, about a tenth of
a phone's `304` poll's CPU over HTTP (bench/bench_table.py). A connection the server closed (restarted, the
backend terminated, an idle timeout) has said so on its socket: the server's last message, then the end of the
stream, are waiting to be read. So the check looks at the socket first, without waiting: nothing to read, and the
connection not marked closed or broken, it is usable (as the `SELECT 1` would have found); something to read (or
an error since the last commit), the `SELECT 1` decides, as before. A connection that fails the check is closed and
the request opens a new one, as Django does.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base


def _waiting(fileno: int) -> bool:
    """Whether the socket has something to read (the server wrote, or closed it), without waiting."""
    poller = select.poll()
    poller.register(fileno, select.POLLIN | select.POLLPRI | select.POLLERR | select.POLLHUP)
    return bool(poller.poll(0))


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or getattr(connection, "broken", False):
            return False
        if self.errors_occurred:
            return super().is_usable()
        try:
            quiet = not _waiting(connection.fileno())
        except (OSError, ValueError):  # the socket is gone
            return False
        return quiet or super().is_usable()
