"""The scopes of the pairs sessions' cached pages (see `club.page_cache`), and which of them a session's change
moves (`session_pages`, registered with `club.unit_of_work` for `SESSION`)."""

from __future__ import annotations

from club.page_cache import CLUB, MEMBER_PAGES
from club.unit_of_work import Change

EVERY_SESSION = "events"  # the home page: every published session and its winners


def session_scope(session_id: int | str) -> str:
    return f"events:session:{session_id}"


# What each public page shows (a URL argument in braces).
SESSION_PAGE = (CLUB, session_scope("{session_id}"))
HOME_PAGE = (CLUB, EVERY_SESSION)
MEMBER_PAGE = (CLUB, MEMBER_PAGES)


def session_pages(change: Change) -> tuple[str, ...]:
    """The pages a session's change shows on: its own; and, published (or taken back by this write), the home page
    (its winners) and the member pages (their histories). A session in progress is on neither."""
    own = session_scope(change.pk)
    return (own, EVERY_SESSION, MEMBER_PAGES) if change.published else (own,)
