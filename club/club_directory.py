"""The club a request names, found without the database on most requests (`CLUBS=many`, `club.club_middleware`).

Every request on a site serving many clubs names its club by its host name or its `/c/SHORT_NAME/` prefix. Read
from the database, that was two queries a request (the host, then the short name): half of a phone's 304 poll
(bench/bench_clubs.py). Clubs change seldom (a new club, a club's settings), so each process keeps what it found,
host and short name → the club or none, for as long as the clubs' version in the shared cache (every process's and
every machine's: `CACHE_URL`) is the one it found them under: one cache read a request, and one query when the
version moved. `clubs_changed()` moves it, called by every write of a club (`club.clubs`, `club.club_settings`),
at once and again after the commit (a request between the two would keep the old row under the new version).

A club kept here is shared by the requests of the process: read it, never change it (a write reads its own row,
locked). What is kept is bounded (`KEPT_AT_MOST`: made-up host names and prefixes cannot grow it)."""

from __future__ import annotations

import secrets
import threading

from django.core.cache import cache
from django.db import transaction
from django.db.models import Q

from club.models import Club

VERSION_KEY = "clubs:version"
KEPT_AT_MOST = 1000

MISSING = object()
_kept: dict[tuple[str, str], Club | None] = {}
_kept_version: list[str | None] = [None]
_lock = threading.Lock()


def clubs_version() -> str:
    """The clubs' version in the shared cache (a new one when the cache has none: emptied, or a new server)."""
    try:
        version = cache.get(VERSION_KEY)
        if version is None:
            cache.add(VERSION_KEY, secrets.token_hex(8), timeout=None)
            version = cache.get(VERSION_KEY)
    except Exception:  # the cache down: nothing kept, the database read every time
        return secrets.token_hex(8)
    return str(version)


def _move_version() -> None:
    try:
        cache.set(VERSION_KEY, secrets.token_hex(8), timeout=None)
    except Exception:
        pass


def clubs_changed() -> None:
    """A club was made or its settings changed: every process reads the clubs again."""
    _move_version()
    transaction.on_commit(_move_version)


def club_for(host: str, short_name: str) -> Club | None:
    """The club whose own host name `host` is, else the club named `short_name` ("" for none), else None."""
    host = host.lower()
    version = clubs_version()
    with _lock:
        if _kept_version[0] != version:
            _kept.clear()
            _kept_version[0] = version
        at_host = _kept.get(("host", host), MISSING)
        named = _kept.get(("name", short_name), MISSING) if short_name else None
    if at_host is not MISSING and at_host is not None:
        return at_host  # a club's own host name: its pages at today's paths, whatever the path says
    if at_host is MISSING or named is MISSING:
        at_host, named = _read(host, short_name)
        with _lock:
            if _kept_version[0] == version:
                if len(_kept) >= KEPT_AT_MOST:
                    _kept.clear()
                _kept[("host", host)] = at_host
                if short_name:
                    _kept[("name", short_name)] = named
    return at_host or named


def _read(host: str, short_name: str) -> tuple[Club | None, Club | None]:
    """One query: (the club at the host, the club with the short name), each or None."""
    wanted = (Q(host=host) if host else Q(pk__in=[])) | (Q(short_name=short_name) if short_name else Q(pk__in=[]))
    found = list(Club.objects.filter(wanted)[:2])
    at_host = next((club for club in found if host and club.host == host), None)
    named = next((club for club in found if short_name and club.short_name == short_name), None)
    return at_host, named
