"""What /healthz reports: the database, the cache and the task queue, each checked as cheaply as it can be (two
queries with the database's queue, one otherwise; the cache is read, never written), so that a monitor can poll
it every few seconds. Failures are named by their exception's type only: no message, no address, no secret.

The queue: with the database backend (django_tasks_db) the tasks ready to run and the age of the oldest of them
(one aggregate over the queue's index); with RQ (TASKS_URL=redis://...) the length of each queue and the age of
its first job; with any other backend "n/a". A queue whose oldest task waited longer than HEALTH_MAX_TASK_AGE
seconds has no worker taking its tasks: that is a failure too.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from django.conf import settings
from django.core.cache import cache, caches
from django.db import connection
from django.db.models import Count, Min, Q
from django.utils import timezone

DATABASE_BACKEND = "django_tasks_db.DatabaseBackend"
RQ_BACKEND = "django_tasks_rq.RQBackend"
PROBE_KEY = "healthz:probe"


def _database() -> dict:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"ok": True, "vendor": connection.vendor}


def _cache() -> dict:
    cache.get(PROBE_KEY)  # a read that reaches the cache's server; a miss is an answer too
    return {"ok": True, "backend": type(caches["default"]).__name__}


def _age(since: datetime | None) -> float | None:
    return None if since is None else round(max((timezone.now() - since).total_seconds(), 0.0), 1)


def _database_queue(alias: str) -> dict:
    from django_tasks_db.compat import TaskResultStatus
    from django_tasks_db.models import DBTaskResult, get_date_max

    ready = Q(status=TaskResultStatus.READY)
    due = ready & (Q(run_after=get_date_max()) | Q(run_after__lte=timezone.now()))
    found = DBTaskResult.objects.filter(ready, backend_name=alias).aggregate(
        queued=Count("id", filter=due), oldest=Min("enqueued_at", filter=due), later=Count("id", filter=~due)
    )
    return {"queued": found["queued"], "oldest_queued_seconds": _age(found["oldest"]), "deferred": found["later"]}


def _rq_queue(params: dict) -> dict:
    import django_rq

    queued, oldest = 0, None
    for name in params.get("QUEUES") or ["default"]:
        queue = django_rq.get_queue(name)
        queued += queue.count
        first = queue.get_job_ids(0, 1)
        job = queue.fetch_job(first[0]) if first else None
        if job is not None and job.enqueued_at is not None:
            enqueued = job.enqueued_at if job.enqueued_at.tzinfo else job.enqueued_at.replace(tzinfo=UTC)
            oldest = enqueued if oldest is None else min(oldest, enqueued)
    return {"queued": queued, "oldest_queued_seconds": _age(oldest)}


def _tasks() -> dict:
    alias = "default"
    params = getattr(settings, "TASKS", {}).get(alias, {})
    backend = params.get("BACKEND", "")
    name = backend.rpartition(".")[2]
    if backend == DATABASE_BACKEND:
        found = _database_queue(alias)
    elif backend == RQ_BACKEND:
        found = _rq_queue(params)
    else:
        return {"ok": True, "backend": name, "queued": "n/a", "oldest_queued_seconds": "n/a"}
    oldest = found["oldest_queued_seconds"]
    late = oldest is not None and oldest > settings.HEALTH_MAX_TASK_AGE
    return {"ok": not late, "backend": name, **found, **({"late": True} if late else {})}


CHECKS: dict[str, Callable[[], dict]] = {"database": _database, "cache": _cache, "tasks": _tasks}


def _checked(check: Callable[[], dict]) -> dict:
    try:
        return check()
    except Exception as error:  # a failing service is what this reports, whatever it raised
        return {"ok": False, "error": type(error).__name__}


def health() -> tuple[bool, dict]:
    """(healthy, the report): every check's result, and the names of those failing."""
    checks = {name: _checked(check) for name, check in CHECKS.items()}
    failing = [name for name, result in checks.items() if not result["ok"]]
    return not failing, {"status": "failing" if failing else "ok", "failing": failing, "checks": checks}
