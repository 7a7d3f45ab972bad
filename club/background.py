"""Background work: tasks through Django's Tasks interface (the django-tasks backport; the same API Django 6
ships), run for the club that enqueued them (`club` travels with a retried task; without one, a task works for
every club, naming its rows by id: `club.tenancy.all_clubs`), enqueued when the writes that call for them commit,
retried with a growing delay when they fail.

- `enqueue_on_commit(task, *args)`: the task goes to the queue once the caller's transaction commits (at once
  outside one); a transaction that rolls back enqueues nothing. A queue that cannot be reached is logged, not
  raised: the request's writes are committed, and the periodic sweeps (`settings.PERIODIC_TASKS`) take over.
- `@retried_task`: django-tasks has no retries. A failed attempt is recorded as failed (the admin's *Task
  results* show it) and enqueues the next attempt `FIRST_DELAY` seconds later, twice that after the next
  failure..., `ATTEMPTS` attempts in all. Every task here may run again (a retry, a sweep, two workers): each is
  idempotent (what it does is claimed first, or found already done).

The backend is `settings.TASKS` (`TASKS_URL`: the database unless it names a Redis server); a backend without
deferred runs (the immediate one, in tests) runs the retry at once.
"""

from __future__ import annotations

import datetime
import functools
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from django.db import transaction
from django.utils import timezone
from django_tasks import TaskContext, task
from django_tasks.base import Task

from club.tenancy import ALL, club_scope, many_clubs, scoped_club

logger = logging.getLogger(__name__)

ATTEMPTS = 5
FIRST_DELAY = 2.0  # seconds before the second attempt; doubled before each next one (2, 4, 8, 16 s)


def retry_delay(attempt: int, first: float = FIRST_DELAY) -> datetime.timedelta:
    """How long after failed attempt number ``attempt`` (1, 2, ...) the next one runs."""
    return datetime.timedelta(seconds=first * 2 ** (attempt - 1))


def enqueue_now(task_object: Task, *args: Any, **kwargs: Any) -> None:
    club = scoped_club()
    if many_clubs() and isinstance(club, int) and getattr(task_object.func, "carries_club", False):
        kwargs.setdefault("club", club)  # the task runs for the club that asked for it (club.tenancy)
    try:
        task_object.enqueue(*args, **kwargs)
    except Exception:
        logger.exception("Could not enqueue %s; the periodic sweeps take it over.", task_object.module_path)


def enqueue_on_commit(task_object: Task, *args: Any, **kwargs: Any) -> None:
    """Enqueues the task when the current transaction commits (never, if it rolls back)."""
    transaction.on_commit(lambda: enqueue_now(task_object, *args, **kwargs))


def enqueue_later(task_object: Task, delay: datetime.timedelta, *args: Any, **kwargs: Any) -> None:
    """Enqueues the task to run after ``delay`` (at once on a backend without deferred runs)."""
    if task_object.get_backend().supports_defer:
        task_object = task_object.using(run_after=timezone.now() + delay)
    elif task_object.run_after is not None:
        task_object = replace(task_object, run_after=None)
    enqueue_now(task_object, *args, **kwargs)


def retried_task(
    function: Callable | None = None, *, attempts: int = ATTEMPTS, first_delay: float = FIRST_DELAY
) -> Any:
    """A task (``@retried_task`` or ``@retried_task(attempts=3)``) whose failed attempts are enqueued again
    with a growing delay, ``attempts`` in all; the attempt's number travels as the ``attempt`` keyword."""

    def wrap(func: Callable) -> Task:
        def attempt_once(
            context: TaskContext, *args: Any, attempt: int = 1, club: int | None = None, **kwargs: Any
        ) -> Any:
            if club is not None:
                kwargs["club"] = club  # carried to the next attempt
            try:
                with club_scope(ALL if club is None else club):
                    return func(*args, **{name: value for name, value in kwargs.items() if name != "club"})
            except Exception:
                if attempt < attempts:
                    logger.warning("%s failed (attempt %s of %s): retrying", func.__qualname__, attempt, attempts)
                    again = context.task_result.task  # the same backend, queue and priority
                    enqueue_later(again, retry_delay(attempt, first_delay), *args, attempt=attempt + 1, **kwargs)
                else:
                    logger.error("%s failed (attempt %s of %s): given up", func.__qualname__, attempt, attempts)
                raise

        # Named as the function (the worker finds the task by that path), with its own signature (the context).
        functools.update_wrapper(attempt_once, func)
        del attempt_once.__wrapped__
        attempt_once.carries_club = True  # type: ignore[attr-defined]
        return task(attempt_once, takes_context=True)

    return wrap(function) if function is not None else wrap
