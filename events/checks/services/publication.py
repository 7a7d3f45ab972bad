"""Who hears of a session's publication (provisional or final): the apps above `events` register a listener
(`on_published`, in their `AppConfig.ready`; e.g. the results emails of `accounts`), which `set_status` calls in
its transaction with the session's id. A listener enqueues its work on commit (`club.background`)."""

from __future__ import annotations

from collections.abc import Callable

_listeners: list[Callable[[int], None]] = []


def on_published(listener: Callable[[int], None]) -> None:
    if listener not in _listeners:
        _listeners.append(listener)


def session_published(session_id: int) -> None:
    for listener in _listeners:
        listener(session_id)
