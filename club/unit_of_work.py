"""The unit of work: every write records what it changed, and the consequences are derived from that record.

A club changes five kinds of thing: a pairs session (`SESSION`, events), a teams event (`EVENT`, teams), a rubber
sheet (`RUBBER`: none of its pages is kept by the page cache and nothing is stored from it, so its records move no
page today), a member (`MEMBER`: names shown on every page) and its own settings (`CLUB_SETTINGS`: its name,
language, time zone, colours and logo, on every page). A service that writes one says so once,
`record_change(SESSION, session.pk, published=...)`, inside its transaction; the app that owns the thing registered
(`register_pages`, in its `apps.py`) which cached pages show it. At the end of the unit (the outermost
`unit_of_work()` block, or at once when none is open) the records are read once: every scope they name gets a new
version (`club.page_cache`: now, and again when the transaction commits), each scope once however many writes
named it.

`published` says whether the thing is (or was, before this write) on the public pages beyond its own: a session
or event in progress is shown to directors only, so a write to it moves its own scope and not the home page nor
every member page. A caller that does not know says nothing: `published` defaults to True (every page moves).

`stale=True` says that what is derived from the thing is *stale*: a session's results changed (its lines, boards,
pairs: its standings), a teams event's results changed (its matches, adjustments, teams or settings: its teams'
standings), a member's history changed (a published session they play in changed, was taken back or
deleted, their places moved: their summary). It is derived again from the records at the unit's end, before the
pages move: the app registered how (`register_derivation`; events: a session's stored standings, whose changes
record the members whose standing changed as stale; then those members' summaries marked stale, written again by
the task `events.tasks.refresh_summaries`; teams: an event's standings stored with its teams, for the member pages). A
record a derivation makes joins the unit and is derived in turn.

The vocabulary (README, glossary): *stale* is "derived data that must be derived again", marked in three places,
each for one time: a record with `stale=True` (this unit's end), `TableEntry.standings_stale` (a table's
confirmation, stored after its commit), `MemberSummary.stale` (written by the task); a *version* is a page scope's
number in the page cache, moved by this module only (a row's `version` column counts its saves: `club.drawn_rows`).

`tests/clubsite/test_unit_of_work.py` runs every service function and checks the cached pages against fresh ones;
no module but this one moves a page version, and none but the derivation stores standings inside a unit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.db import transaction

from club.page_cache import CLUB, MEMBER_PAGES, pages_changed

SESSION = "session"  # a pairs session (events)
EVENT = "event"  # a teams event (teams)
MEMBER = "member"  # a member (their name is on every page)
RUBBER = "rubber"  # a rubber or Chicago sheet (rubber)
CLUB_SETTINGS = "club-settings"  # the club's own settings (club.club_settings): its name, colours ... on every page


@dataclass(frozen=True)
class Change:
    """One record of a unit of work: what changed (`thing` and its id, None for "several, unknown") and whether it is
    on the published pages beyond its own; `stale`: what is derived from it is to be derived again."""

    thing: str
    pk: int | None
    published: bool = True
    stale: bool = False


PageScopes = Callable[[Change], Iterable[str]]
Derivation = Callable[[list[Change]], None]
# A member's name is on every page; their stale summary on the member pages only.
_pages: dict[str, PageScopes] = {
    MEMBER: lambda change: (MEMBER_PAGES,) if change.stale else (CLUB,),
    CLUB_SETTINGS: lambda change: (CLUB,),  # every kept page reads the CLUB scope
}
_derivations: dict[str, Derivation] = {}
_open: ContextVar[list[Change] | None] = ContextVar("unit_of_work", default=None)


def register_pages(thing: str, scopes: PageScopes) -> None:
    """`scopes(change)`: the page-cache scopes of the pages that show a change of `thing`."""
    _pages[thing] = scopes


def register_derivation(thing: str, derivation: Derivation) -> None:
    """`derivation(changes)`: derives again, in the unit's transaction, what is derived from the `thing`s (called
    with the unit's records of that thing marked `stale`, each id once)."""
    _derivations[thing] = derivation


def pages_of(changes: Iterable[Change]) -> list[str]:
    """The scopes of exactly the pages the changes show on, each once, in a stable order."""
    return list(dict.fromkeys(scope for change in changes for scope in _pages[change.thing](change)))


def record_change(thing: str, *pks: int, published: bool = True, stale: bool = False) -> None:
    """Records that the `thing`s (ids) changed (`stale`: what is derived from them is to be derived again): in the open
    unit of work, or derived at once when none is open."""
    if thing not in _pages:
        raise LookupError(f"No app registered the pages of a {thing!r}.")
    if stale and thing not in _derivations:
        raise LookupError(f"No app registered what is derived from a {thing!r}.")
    if stale and not pks:  # the things derived from are named by their ids: none named, nothing is stale
        return
    records = [Change(thing, pk, published, stale) for pk in pks] or [Change(thing, None, published, stale)]
    pending = _open.get()
    if pending is None:
        derive(records)
    else:
        pending.extend(records)


def derive(changes: Iterable[Change]) -> None:
    """Every consequence of the records: what is derived from the stale things derived again (each thing's
    derivation with its records, each id once; the records a derivation makes join and are derived in turn), then
    the versions of the pages that show them moved on."""
    changes = list(changes)
    derived: set[tuple[str, int | None]] = set()
    token = _open.set(changes)  # what a derivation records joins these records
    try:
        while pending := [c for c in changes if c.stale and c.thing in _derivations and (c.thing, c.pk) not in derived]:
            for thing, derivation in _derivations.items():
                stale = list({c.pk: c for c in pending if c.thing == thing}.values())
                derived.update((thing, change.pk) for change in stale)
                if stale:
                    derivation(stale)
    finally:
        _open.reset(token)
    pages_changed(*pages_of(changes))


@contextmanager
def unit_of_work() -> Iterator[list[Change]]:
    """One transaction whose writes' records are derived once, at its end (nested blocks join the outermost).
    Yields the records so far, for a caller that adds what it derives itself."""
    pending = _open.get()
    if pending is not None:
        with transaction.atomic():  # a savepoint: its writes roll back alone (its records stay: moving is safe)
            yield pending
        return
    records: list[Change] = []
    token = _open.set(records)
    try:
        with transaction.atomic():
            yield records
            _open.set(None)
            if not transaction.get_rollback():
                derive(records)
    finally:
        _open.reset(token)
