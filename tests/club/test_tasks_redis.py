"""The task queue on RQ (TASKS_URL=redis://..., django-tasks-rq), against the Redis server at REDIS_URL (CI
starts one; without it these tests skip, saying why, and fail with REQUIRE_REDIS=1): a task enqueued on commit
runs once, never after a rollback, a task that fails twice is retried with its delays (RQ's scheduler) and then
succeeds, and two workers at once run each task once."""

import os
import time
import uuid

import pytest
from django.core.cache import cache
from django.db import transaction
from django_rq import get_worker
from django_tasks_rq import Job
from rq import SimpleWorker
from rq.timeouts import TimerDeathPenalty

from club.background import enqueue_on_commit
from tests.builders.concurrency import run_at_once
from tests.builders.tasks import counted, flaky


@pytest.fixture
def redis_queue(settings):
    """RQ on the test Redis server, with a queue of the test's own (test processes share the server): its name."""
    url = os.getenv("REDIS_URL", "")
    if not url:
        if os.getenv("REQUIRE_REDIS") == "1":
            pytest.fail("REQUIRE_REDIS=1 but REDIS_URL is not set")
        pytest.skip("no Redis server: set REDIS_URL=redis://127.0.0.1:PORT/0 to run the task queue on RQ")
    name = f"test-{uuid.uuid4().hex[:12]}"
    settings.RQ_QUEUES = {name: {"URL": url}, "default": {"URL": url}}  # "default": where results are read
    settings.TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": [name]}}
    cache.clear()
    yield name
    cache.clear()


class ThreadWorker(SimpleWorker):
    """RQ's worker without signals, which only the main thread may handle (two workers at once): no handlers, and
    a job's time limit kept by a timer rather than SIGALRM."""

    death_penalty_class = TimerDeathPenalty

    def _install_signal_handlers(self):
        pass


def work(queue: str, name: str = "worker") -> None:
    """An RQ worker (with its scheduler, which enqueues the deferred runs) until the queue is empty; in this
    process (`SimpleWorker`: RQ's usual worker runs each job in a forked process, whose counts the test would not
    see)."""
    worker = get_worker(queue, job_class=Job, worker_class=ThreadWorker, name=f"{queue}-{name}-{uuid.uuid4().hex[:6]}")
    worker.work(burst=True, with_scheduler=True)


def test_a_task_enqueued_on_commit_runs_once_and_never_after_a_rollback(transactional_db, redis_queue):
    with pytest.raises(RuntimeError), transaction.atomic():
        enqueue_on_commit(counted.using(queue_name=redis_queue), "rq-rolled-back")
        raise RuntimeError("the write fails")
    with transaction.atomic():
        enqueue_on_commit(counted.using(queue_name=redis_queue), "rq-committed")
    work(redis_queue)
    assert cache.get("rq-committed") == 1 and cache.get("rq-rolled-back") is None


def test_a_task_that_fails_twice_is_retried_after_its_delays_then_succeeds(db, redis_queue):
    result = flaky.using(queue_name=redis_queue).enqueue("rq-flaky", 2)
    deadline = time.monotonic() + 30
    while cache.get("rq-flaky", 0) < 3 and time.monotonic() < deadline:
        work(redis_queue)  # each run leaves the retry scheduled; the next burst's scheduler enqueues it
        time.sleep(0.2)
    assert cache.get("rq-flaky") == 3
    result.refresh()
    assert result.status == "FAILED"  # the first run; each retry is a task of its own


def test_two_workers_at_once_run_each_task_once(transactional_db, redis_queue):
    for number in range(20):
        counted.using(queue_name=redis_queue).enqueue(f"rq-task-{number}")
    _results, errors = run_at_once([lambda: work(redis_queue, "one"), lambda: work(redis_queue, "two")], lambda: None)
    assert errors == []
    assert [cache.get(f"rq-task-{number}") for number in range(20)] == [1] * 20
