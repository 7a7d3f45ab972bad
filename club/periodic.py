"""Periodic work without cron: `settings.PERIODIC_TASKS` (``{"dotted.path.to.task_object": seconds, ...}``) is
enqueued by the workers (`manage.py worker` runs `run_scheduler` beside the queue's worker) every so many seconds.

Each task has a `PeriodicRun` row holding when it runs next. A worker that finds it due moves it on with one
conditional UPDATE (``WHERE next_at = <what it read>``): of several workers (on several machines) only the one
whose UPDATE changed the row enqueues that run. A task added to the setting runs at the first tick; one removed
is no longer enqueued (its row stays, unused).
"""

from __future__ import annotations

import datetime
import logging
import threading

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone
from django.utils.module_loading import import_string

from club.background import enqueue_now
from club.models import PeriodicRun

logger = logging.getLogger(__name__)

TICK_SECONDS = 5.0


def enqueue_due(now: datetime.datetime | None = None) -> list[str]:
    """Enqueues each periodic task that is due (once, whatever other workers do); returns their paths."""
    now = now or timezone.now()
    wanted: dict[str, int] = dict(settings.PERIODIC_TASKS)
    runs = {run.name: run for run in PeriodicRun.objects.filter(name__in=list(wanted))}
    missing = [PeriodicRun(name=name, next_at=now) for name in wanted if name not in runs]
    if missing:
        PeriodicRun.objects.bulk_create(missing, ignore_conflicts=True)
        runs = {run.name: run for run in PeriodicRun.objects.filter(name__in=list(wanted))}
    enqueued = []
    for name, seconds in sorted(wanted.items()):
        run = runs.get(name)
        if run is None or run.next_at > now:
            continue
        moved = PeriodicRun.objects.filter(pk=run.pk, next_at=run.next_at)
        if moved.update(next_at=now + datetime.timedelta(seconds=seconds)):
            enqueue_now(import_string(name))
            enqueued.append(name)
    return enqueued


def run_scheduler(stop: threading.Event, tick: float = TICK_SECONDS) -> None:
    """Enqueues the due periodic tasks every ``tick`` seconds until ``stop`` is set (a worker's thread)."""
    while not stop.is_set():
        try:
            enqueue_due()
        except Exception:
            logger.exception("The periodic tasks could not be enqueued; trying again in %s s.", tick)
        finally:
            close_old_connections()
        stop.wait(tick)
