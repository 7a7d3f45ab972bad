"""Background tasks (club/background.py, club/periodic.py) on the database backend the site runs by default,
with django-tasks-db's worker in the test's threads: retries with a growing delay, nothing enqueued by a write
that rolls back, each task run once by two workers at once, each periodic run enqueued once."""

import datetime
import time

import pytest
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django_tasks import task_backends
from django_tasks_db.models import DBTaskResult

from club.background import enqueue_on_commit, retry_delay
from club.periodic import enqueue_due
from club.tasks import analyse_pending_hands, prune_task_results
from events.entry.services.locking import standings_left
from events.hands.services.hands import store_deals
from events.models import BoardDeal
from events.standings.services.member_summaries import mark_summaries_stale
from events.tasks import refresh_stale_standings_task, refresh_stale_work, refresh_summaries
from tests.builders.concurrency import run_at_once
from tests.builders.hands import SIX_BOARDS
from tests.builders.sessions import club_night
from tests.builders.tasks import counted, flaky, run_database_worker, tick


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()
    backend = task_backends["default"]
    if hasattr(backend, "clear"):
        backend.clear()  # the dummy backend keeps what it recorded


def work_off(rounds: int = 40) -> None:
    """Runs the worker until nothing is left to run, waiting for the retries' delays (the worker closes the
    connections between tasks, as a request ends: the test's writes are committed, `transactional_db`)."""
    for _ in range(rounds):
        run_database_worker()
        if not DBTaskResult.objects.filter(status="READY").exists():
            return
        wait = DBTaskResult.objects.filter(status="READY").order_by("run_after").first().run_after - timezone.now()
        time.sleep(max(0.0, wait.total_seconds()) + 0.01)
    raise AssertionError("the queue never emptied")


def test_the_delays_grow():
    assert [retry_delay(attempt, 2).total_seconds() for attempt in (1, 2, 3, 4)] == [2, 4, 8, 16]


def test_a_task_that_fails_twice_then_succeeds_is_run_three_times_with_growing_delays(transactional_db, database_tasks):
    flaky.enqueue("flaky", 2)
    work_off()
    rows = list(DBTaskResult.objects.order_by("enqueued_at"))
    assert [row.status for row in rows] == ["FAILED", "FAILED", "SUCCESSFUL"]
    assert [row.args_kwargs["kwargs"].get("attempt", 1) for row in rows] == [1, 2, 3]
    assert "RuntimeError: run 1 fails" in rows[0].traceback and rows[2].return_value == 3
    waits = [(row.run_after - row.enqueued_at).total_seconds() for row in rows[1:]]
    assert 0.03 < waits[0] <= 0.05 and 0.08 < waits[1] <= 0.1  # 0.05 s, then twice that
    assert cache.get("flaky") == 3


def test_a_task_that_keeps_failing_stops_after_its_attempts(transactional_db, database_tasks):
    flaky.enqueue("broken", 99)
    work_off()
    assert list(DBTaskResult.objects.values_list("status", flat=True)) == ["FAILED"] * 3
    assert cache.get("broken") == 3


def test_a_task_enqueued_in_a_transaction_that_rolls_back_never_runs(transactional_db, database_tasks):
    with pytest.raises(RuntimeError), transaction.atomic():
        enqueue_on_commit(counted, "rolled-back")
        raise RuntimeError("the write fails")
    with transaction.atomic():
        enqueue_on_commit(counted, "committed")
        assert not DBTaskResult.objects.exists()  # not before the commit
    work_off()
    assert cache.get("rolled-back") is None and cache.get("committed") == 1
    assert DBTaskResult.objects.count() == 1


def test_deals_stored_in_a_transaction_that_rolls_back_enqueue_no_analysis(transactional_db, database_tasks):
    session, _section = club_night()
    with pytest.raises(RuntimeError), transaction.atomic():
        store_deals(session=session, deals={1: SIX_BOARDS[1]})
        raise RuntimeError("the upload fails later")
    assert not BoardDeal.objects.exists() and not DBTaskResult.objects.exists()
    store_deals(session=session, deals={1: SIX_BOARDS[1]})
    assert list(DBTaskResult.objects.values_list("task_path", flat=True)) == [analyse_pending_hands.module_path]


def test_two_workers_at_once_run_each_task_once(database, database_tasks):
    for number in range(24):
        counted.enqueue(f"task-{number}")
    _results, errors = run_at_once(
        [lambda: run_database_worker(worker_id="one"), lambda: run_database_worker(worker_id="two")], database
    )
    assert errors == []
    assert [cache.get(f"task-{number}") for number in range(24)] == [1] * 24
    rows = list(DBTaskResult.objects.all())
    assert {row.status for row in rows} == {"SUCCESSFUL"} and all(len(row.worker_ids) == 1 for row in rows)


def test_a_periodic_task_is_enqueued_when_due_and_once(transactional_db, settings, database_tasks):
    settings.PERIODIC_TASKS = {tick.module_path: 60}
    now = timezone.now()
    assert enqueue_due(now) == [tick.module_path]
    assert enqueue_due(now) == [] and enqueue_due(now + datetime.timedelta(seconds=59)) == []
    assert enqueue_due(now + datetime.timedelta(seconds=61)) == [tick.module_path]
    work_off()
    assert cache.get("tick") == 2


def test_two_workers_at_once_enqueue_a_periodic_run_once(database, settings, database_tasks):
    settings.PERIODIC_TASKS = {tick.module_path: 60}
    enqueue_due()  # the row exists; the next run is due now
    DBTaskResult.objects.all().delete()
    later = timezone.now() + datetime.timedelta(seconds=61)
    results, errors = run_at_once([lambda: enqueue_due(later), lambda: enqueue_due(later)], database)
    assert errors == [] and sorted(map(len, results)) == [0, 1]
    assert DBTaskResult.objects.count() == 1


def test_a_confirmation_that_leaves_its_mark_enqueues_one_refresh_a_second(db):
    task_backends["default"].clear()  # what tests before this one enqueued
    standings_left(7)
    standings_left(7)
    standings_left(8)
    recorded = task_backends["default"].results
    assert [(result.task.func, result.args) for result in recorded] == [
        (refresh_stale_standings_task.func, [7]),
        (refresh_stale_standings_task.func, [8]),
    ]


def test_summaries_marked_stale_enqueue_their_refresh_on_commit(db, django_capture_on_commit_callbacks):
    from club.models import Member

    member = Member.objects.create(first_name="Ann", last_name="Lee")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        mark_summaries_stale(member_ids=[member.pk])
    assert len(callbacks) == 1
    assert [result.task.func for result in task_backends["default"].results] == [refresh_summaries.func]


def test_the_daily_pruning_keeps_the_recent_and_the_unfinished_tasks(transactional_db, database_tasks, settings):
    settings.TASK_RESULTS_DAYS = 7
    old, recent, waiting = (counted.enqueue(f"prune-{number}") for number in range(3))
    long_ago = timezone.now() - datetime.timedelta(days=8)
    DBTaskResult.objects.filter(pk__in=[old.id, recent.id]).update(status="SUCCESSFUL", finished_at=timezone.now())
    DBTaskResult.objects.filter(pk=old.id).update(finished_at=long_ago)
    assert prune_task_results.call() == 1
    assert sorted(str(pk) for pk in DBTaskResult.objects.values_list("pk", flat=True)) == sorted(
        [recent.id, waiting.id]
    )


def test_the_sweep_writes_what_a_lost_task_left(db):
    from club.models import Member
    from events.models import MemberSummary

    member = Member.objects.create(first_name="Ann", last_name="Lee")
    mark_summaries_stale(member_ids=[member.pk])  # its task never ran (the test's transaction never commits)
    assert MemberSummary.objects.get(member=member).stale
    refresh_stale_work.call()
    assert not MemberSummary.objects.get(member=member).stale
