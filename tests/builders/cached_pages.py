"""The public pages the page cache keeps (as the published club's `urls` name them), and whether a page was served
from the cache: for the tests that compare every cached page with a fresh render after a write (every service, every
admin change form)."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

CACHED = [
    "home",
    "ranking",
    "traveller",
    "scorecard",
    "member",
    "teams events",
    "teams standings",
    "teams cross-table",
    "teams round",
    "teams scorecard",
    "team",
]


def kept(client: Client, url: str) -> bool:
    """The page was served from the cache: it read nothing from the database."""
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return len(queries) == 0
