"""The scopes of the teams events' cached pages (see `club.page_cache`), and which of them an event's change moves
(`event_pages`, registered with `club.unit_of_work` for `EVENT`)."""

from __future__ import annotations

from club.page_cache import CLUB, MEMBER_PAGES
from club.unit_of_work import Change

EVERY_EVENT = "teams"  # the events list, and the match and team pages (their URLs do not name the event)


def event_scope(event_id: int | str) -> str:
    return f"teams:event:{event_id}"


# What each public page shows (a URL argument in braces).
EVENT_PAGE = (CLUB, event_scope("{event_id}"))
TEAMS_PAGE = (CLUB, EVERY_EVENT)


def event_pages(change: Change) -> tuple[str, ...]:
    """The pages an event's change shows on: its own, the events list, every match and team page and the member
    pages (their teams events)."""
    return (event_scope(change.pk), EVERY_EVENT, MEMBER_PAGES)
