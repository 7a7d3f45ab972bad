"""The director's live view of table entry, shared by the pairs sessions' tables and the teams matches' rooms:
the states a table's step of play can be in, and the one rule of when it is late.

A step is what a table plays before it moves on: a round of a pairs movement, or the next board of a teams match's
room. It is done when every board of it is confirmed; otherwise, while it is the step the table is on, it is late
when it began more than the event's `late_minutes` ago (it begins when play began, or when the table's step before
it was confirmed), entering when a board of it is typed, and not started when nothing of it is.
"""

from __future__ import annotations

from datetime import datetime, timedelta

WAITING, ENTERING, DONE, LATE, NO_PLAY = "waiting", "entering", "done", "late", "none"
DISPUTE = "dispute"  # the two sides of a table entered different results (pairs sessions' tables)
DEFAULT_LATE_MINUTES = 20


def late_after(minutes: int | None) -> timedelta:
    """The event's setting (`TableEntrySwitch.late_minutes`) as a duration; the default without one."""
    return timedelta(minutes=minutes or DEFAULT_LATE_MINUTES)


def is_late(begun: datetime | None, now: datetime, late: timedelta) -> bool:
    """A step that began (`begun`: None while play has not begun) more than `late` ago."""
    return begun is not None and now - begun > late


def step_state(*, done: bool, typed: bool, begun: datetime | None, now: datetime, late: timedelta) -> str:
    """The state of the step a table is on (or done)."""
    if done:
        return DONE
    if is_late(begun, now, late):
        return LATE
    return ENTERING if typed else WAITING


def play_began(times: list[datetime]) -> datetime | None:
    """Play begins at the first board typed anywhere (opening table entry early, or before the players sit down,
    makes nobody late)."""
    return min(times, default=None)
