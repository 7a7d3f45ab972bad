"""The upload → analysis → traveller path with the task worker running in a process of its own, as `make run`
runs it (`manage.py worker`, django-tasks-db's worker): the director's upload enqueues the analysis when it
commits, the worker analyses the deals, and the public traveller (kept whole in the page cache, which both
processes share) shows the double-dummy table and par. The test database must be one both processes reach: a
file copy of the in-memory one on SQLite (tests/builders/concurrency.py), the test database on PostgreSQL."""

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from club.tasks import analyse_pending_hands
from events.models import BoardDeal
from tests.builders.accounts import directors_group, logged_in_client
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.hands import ROUND_THE_TABLE, SIX_BOARDS, pbn_text

WAIT_SECONDS = 120  # the analysis takes a few seconds; a loaded machine's worker may start slowly


def database_url() -> str:
    """The address of the database this test's connection uses, for the worker's DATABASE_URL."""
    found = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{found['NAME']}"
    login = f"{found['USER']}:{found['PASSWORD']}@" if found["PASSWORD"] else f"{found['USER']}@"
    return f"postgres://{login}{found['HOST']}:{found['PORT']}/{found['NAME']}"


@pytest.fixture
def worker_process(database, database_tasks, settings, tmp_path):
    """`manage.py worker` in a process of its own, on the test's database and a page cache in files it shares."""
    cache_dir = tmp_path / "cache"
    settings.CACHES = {
        "default": {"BACKEND": "club.file_cache.FileCache", "LOCATION": str(cache_dir)}  # as CACHE_URL=file:// has it
    }
    env = {**os.environ, "DATABASE_URL": database_url(), "CACHE_URL": f"file://{cache_dir}", "DEBUG": "1"}
    env.pop("TASKS_URL", None)
    log = (tmp_path / "worker.log").open("w")
    command = [sys.executable, "manage.py", "worker", "--interval", "0.2", "--no-periodic"]
    process = subprocess.Popen(command, cwd=Path(django_settings.BASE_DIR), env=env, stdout=log, stderr=log)
    yield process
    process.send_signal(signal.SIGINT)  # as Ctrl-C: it finishes its task and stops
    try:
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
        log.close()


def wait_for(condition, seconds: float = WAIT_SECONDS) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.3)
    return False


def test_an_upload_is_analysed_by_the_worker_and_shown_on_the_traveller(worker_process, tmp_path):
    session, section = build_hand_mitchell()  # final: its traveller is a public page, kept in the cache
    director = User.objects.create_user("worker-director")
    director.groups.add(directors_group())
    client = logged_in_client(director)
    deals = {1: SIX_BOARDS[1], 2: SIX_BOARDS[2], 3: ROUND_THE_TABLE}
    upload = SimpleUploadedFile("night.pbn", pbn_text(deals).encode(), content_type="text/plain")
    preview = client.post(reverse("events:session_hands", args=[session.pk]), {"file": upload})
    stored = client.post(
        reverse("events:session_hands_confirm", args=[session.pk]), preview.context["confirm_form"].initial
    )
    assert stored.status_code == 302
    assert DBTaskResult.objects.filter(task_path=analyse_pending_hands.module_path).count() == 1
    traveller = reverse("events:board_traveller", args=[session.pk, section.pk, 3])
    visitor = Client()
    assert "Double-dummy analysis pending" in visitor.get(traveller).content.decode()  # now in the cache

    def analysed() -> bool:
        return BoardDeal.objects.filter(dd_tricks__isnull=False).count() == 3

    assert wait_for(analysed), (tmp_path / "worker.log").read_text()[-3000:]
    html = visitor.get(traveller).content.decode()
    assert 'id="dd-table"' in html and "Double-dummy analysis pending" not in html
    assert "Par: N/S +80 · 1♠ N/S =" in " ".join(re.sub(r"<[^>]+>", "", html).split())
    assert worker_process.poll() is None  # still working

    def finished() -> bool:  # the worker records the task's end after the task's own work has committed
        return DBTaskResult.objects.get(task_path=analyse_pending_hands.module_path).status in ("SUCCESSFUL", "FAILED")

    assert wait_for(finished), (tmp_path / "worker.log").read_text()[-3000:]
    task = DBTaskResult.objects.get(task_path=analyse_pending_hands.module_path)
    assert task.status == "SUCCESSFUL" and task.return_value == 3


def children_of(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux's /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_runsite_runs_the_server_and_the_worker_and_ctrl_c_stops_both(database, database_tasks, tmp_path):
    """`make run`'s command: the site answers, the worker runs, and one SIGINT (Ctrl-C) stops all of it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "DATABASE_URL": database_url(), "CACHE_URL": f"file://{tmp_path / 'cache'}", "DEBUG": "1"}
    env.pop("TASKS_URL", None)
    log = (tmp_path / "runsite.log").open("w")
    command = [sys.executable, "manage.py", "runsite", f"127.0.0.1:{port}", "--noreload"]
    site = subprocess.Popen(command, cwd=Path(django_settings.BASE_DIR), env=env, stdout=log, stderr=log)
    try:

        def answers() -> bool:
            try:
                return urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).status == 200
            except OSError:
                return False

        assert wait_for(answers), (tmp_path / "runsite.log").read_text()[-3000:]
        children = children_of(site.pid)
        assert len(children) == 2  # the server and the worker
        site.send_signal(signal.SIGINT)
        assert site.wait(timeout=60) == 0
        assert not any(running(child) for child in children)
        assert not answers()
    finally:
        if site.poll() is None:
            site.kill()
        log.close()
