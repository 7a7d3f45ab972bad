"""The scopes of the pairs sessions' cached pages (see `club.page_cache`): which pages a write makes out of date."""

from __future__ import annotations

from club.page_cache import CLUB, MEMBER_PAGES, pages_changed

EVERY_SESSION = "events"  # the home page: every published session and its winners


def session_scope(session_id: int | str) -> str:
    return f"events:session:{session_id}"


# What each public page shows (a URL argument in braces).
SESSION_PAGE = (CLUB, session_scope("{session_id}"))
HOME_PAGE = (CLUB, EVERY_SESSION)
MEMBER_PAGE = (CLUB, MEMBER_PAGES)


def session_pages_changed(*session_ids: int) -> None:
    """The cached pages the sessions show are out of date: their own pages, the home page (its winners) and the
    member pages (their histories). Called by `session_write` for every write of lines and by the services that
    change a session without writing lines (its status, its players, its standings stored again)."""
    pages_changed(*(session_scope(pk) for pk in session_ids), EVERY_SESSION, MEMBER_PAGES)
