"""Background tasks in tests: the suite records them (the dummy backend, tests/conftest.py); `immediate_tasks`
runs each task at once when enqueued, and the work a test client's request enqueues on commit as that request
ends (the test's transaction never commits, so nothing would run otherwise); `run_enqueued` runs what the dummy
backend recorded."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django_tasks import TaskContext, task, task_backends
from django_tasks_db.management.commands.db_worker import Worker

from club.background import retried_task

IMMEDIATE = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


@pytest.fixture
def immediate_tasks(settings, monkeypatch, django_capture_on_commit_callbacks):
    settings.TASKS = IMMEDIATE
    original = Client.request

    def request(self, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return original(self, **kwargs)

    monkeypatch.setattr(Client, "request", request)
    return django_capture_on_commit_callbacks


def run_enqueued() -> list:
    """Runs every task the dummy backend recorded (and those they enqueue), in order; returns their values."""
    backend = task_backends["default"]
    values = []
    while backend.results:
        result = backend.results.pop(0)
        context = (TaskContext(task_result=result),) if result.task.takes_context else ()
        values.append(result.task.call(*context, *result.args, **result.kwargs))
    return values


# Tasks for the tests (a task must be a module's attribute, for a worker to find it by its path). Their runs are
# counted in the cache, which the threads of one process share.


@retried_task(attempts=3, first_delay=0.05)
def flaky(key: str, failures: int) -> int:
    """Fails its first ``failures`` runs, then returns the number of its run."""
    cache.add(key, 0)
    run = cache.incr(key)
    if run <= failures:
        raise RuntimeError(f"run {run} fails")
    return run


@task
def counted(key: str) -> int:
    """Counts its runs under ``key``."""
    cache.add(key, 0)
    return cache.incr(key)


def run_database_worker(*, worker_id: str = "test-worker", max_tasks: int | None = None) -> None:
    """django-tasks-db's worker, in this thread, until the queue holds nothing ready."""
    Worker(
        queue_names=["default"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=max_tasks,
        worker_id=worker_id,
        excluded_queue_names=[],
    ).run()


DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture
def database_tasks(settings):
    """The database backend, as the site runs it."""
    settings.TASKS = DATABASE_TASKS


@task
def tick() -> int:
    """A periodic task for the tests: counts its runs under "tick"."""
    cache.add("tick", 0)
    return cache.incr("tick")
