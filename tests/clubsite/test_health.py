"""/healthz: the database, the cache and the task queue, cheap enough to poll every few seconds (its queries
counted, no cache write), JSON, 200 when healthy and 503 when not, never cached, no login, no secret."""

import datetime
import os

import pytest
from django.core.cache import caches
from django.db import OperationalError, connection
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from club.backups.tasks import backup_task

URL = "/healthz"


@pytest.fixture(autouse=True)
def _database_queue(settings):
    """The site's default queue, the database's (the suite records tasks on the dummy backend otherwise)."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture
def cache_writes(monkeypatch):
    """Every write to the cache, counted (a health check only reads it)."""
    writes = []
    backend = caches["default"]

    def counted(name):
        original = getattr(backend, name)

        def write(*args, **kwargs):
            writes.append(name)
            return original(*args, **kwargs)

        return write

    for name in ("set", "add", "set_many", "delete", "delete_many", "incr", "decr", "touch", "clear"):
        monkeypatch.setattr(backend, name, counted(name))
    return writes


def queued(minutes_ago: int, later: bool = False) -> DBTaskResult:
    result = backup_task.using(run_after=timezone.now() + datetime.timedelta(hours=1)) if later else backup_task
    task = DBTaskResult.objects.get(id=result.enqueue().id)
    DBTaskResult.objects.filter(pk=task.pk).update(enqueued_at=timezone.now() - datetime.timedelta(minutes=minutes_ago))
    return task


@pytest.mark.django_db
def test_healthy_site_answers_200_in_two_queries_without_writing_the_cache(
    client, cache_writes, django_assert_max_num_queries
):
    queued(minutes_ago=3)
    queued(minutes_ago=1)
    queued(minutes_ago=30, later=True)  # a retry waiting for its time is not late
    with django_assert_max_num_queries(2):
        response = client.get(URL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    report = response.json()
    assert report["status"] == "ok" and report["failing"] == []
    assert report["checks"]["database"] == {"ok": True, "vendor": connection.vendor}
    assert report["checks"]["cache"]["ok"] is True
    tasks = report["checks"]["tasks"]
    assert (tasks["backend"], tasks["queued"], tasks["deferred"]) == ("DatabaseBackend", 2, 1)
    assert 175 <= tasks["oldest_queued_seconds"] <= 240
    assert cache_writes == []
    assert "no-store" in response["Cache-Control"] and not response.cookies
    assert "X-Request-ID" in response


@pytest.mark.django_db
def test_an_empty_queue_has_no_oldest_task(client):
    tasks = client.get(URL).json()["checks"]["tasks"]
    assert (tasks["queued"], tasks["oldest_queued_seconds"]) == (0, None)


@pytest.mark.django_db
def test_a_queue_no_worker_takes_fails(client, settings):
    settings.HEALTH_MAX_TASK_AGE = 600
    queued(minutes_ago=11)
    response = client.get(URL)
    assert response.status_code == 503
    assert response.json()["failing"] == ["tasks"]
    assert response.json()["checks"]["tasks"]["late"] is True


@pytest.mark.django_db
def test_a_database_that_fails_is_503_named_by_its_kind_without_its_message(client, monkeypatch):
    def broken(*args, **kwargs):
        raise OperationalError('connection to server at "db.internal" failed: password authentication failed')

    with monkeypatch.context() as patch:
        patch.setattr(connection, "cursor", broken)
        response = client.get(URL)
    assert response.status_code == 503
    report = response.json()
    assert report["status"] == "failing" and report["failing"] == ["database", "tasks"]
    assert report["checks"]["database"] == {"ok": False, "error": "OperationalError"}
    assert b"password" not in response.content and b"db.internal" not in response.content


@pytest.mark.django_db
def test_a_cache_that_fails_is_503(client, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("redis://:secret@cache:6379 refused")

    monkeypatch.setattr(caches["default"], "get", broken)
    response = client.get(URL)
    assert response.status_code == 503
    assert response.json()["checks"]["cache"] == {"ok": False, "error": "ConnectionError"}
    assert b"secret" not in response.content


@pytest.mark.django_db
def test_a_backend_without_a_readable_queue_says_n_a(client, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    response = client.get(URL)
    assert response.status_code == 200
    assert response.json()["checks"]["tasks"] == {
        "ok": True,
        "backend": "ImmediateBackend",
        "queued": "n/a",
        "oldest_queued_seconds": "n/a",
    }


REDIS = os.getenv("REDIS_URL", "redis://127.0.0.1:63790/3")


@pytest.mark.django_db
def test_the_rq_queue_is_read_from_redis(client, settings):
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(REDIS).ping()
    except redis.ConnectionError:
        if os.getenv("REQUIRE_REDIS") == "1":
            raise
        pytest.skip(f"no Redis at {REDIS}")
    import django_rq

    settings.TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["healthz-test"]}}
    settings.RQ_QUEUES = {"healthz-test": {"URL": REDIS}}
    queue = django_rq.get_queue("healthz-test", commit_mode="auto")  # now, not when the test's transaction commits
    queue.empty()
    try:
        queue.enqueue("club.backups.tasks.backup_task")
        queue.enqueue("club.backups.tasks.backup_task")
        response = client.get(URL)
    finally:
        queue.empty()
    tasks = response.json()["checks"]["tasks"]
    assert response.status_code == 200
    assert (tasks["backend"], tasks["queued"]) == ("RQBackend", 2)
    assert 0 <= tasks["oldest_queued_seconds"] < 60


@pytest.mark.django_db
def test_health_is_never_kept_by_the_page_cache_nor_needs_a_login(client, settings, cache_writes):
    settings.SECURE_SSL_REDIRECT = True  # a monitor polls the app server over plain HTTP
    first = client.get(URL)
    queued(minutes_ago=2)
    second = client.get(URL)
    assert first.status_code == second.status_code == 200
    assert (first.json()["checks"]["tasks"]["queued"], second.json()["checks"]["tasks"]["queued"]) == (0, 1)
    assert cache_writes == []
    assert client.get("/members/").status_code == 301  # the redirect to HTTPS is on, for the pages
