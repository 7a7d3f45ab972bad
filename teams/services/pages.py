"""The scopes of the teams events' cached pages (see `club.page_cache`), and the one call every teams write makes
(`event_pages_changed`) so that the pages it changes are made again."""

from __future__ import annotations

from club.page_cache import CLUB, MEMBER_PAGES, pages_changed

EVERY_EVENT = "teams"  # the events list, and the match and team pages (their URLs do not name the event)


def event_scope(event_id: int | str) -> str:
    return f"teams:event:{event_id}"


# What each public page shows (a URL argument in braces).
EVENT_PAGE = (CLUB, event_scope("{event_id}"))
TEAMS_PAGE = (CLUB, EVERY_EVENT)


def event_pages_changed(event_id: int) -> None:
    """The cached pages of the event are out of date: its own pages, the events list, every match and team page
    and the member pages (their teams events)."""
    pages_changed(event_scope(event_id), EVERY_EVENT, MEMBER_PAGES)
