"""Beyond one machine (README, *Beyond one machine*; issue 31): two app servers (gunicorn, as `make serve` runs it)
sharing one PostgreSQL database and one Redis server, for the page cache and the task queue, on a site serving many
clubs. A result a table confirms through one server is seen through the other at once: the traveller page, kept in
the shared cache, is made anew, and the table's poll answers the new state instead of `304 Not Modified`; the tasks
the confirmation enqueued wait in the shared queue, for a worker on any machine.

PostgreSQL only (SQLite is one machine's file: the SQLite run skips it); Redis at REDIS_URL (skipped without it,
failed under REQUIRE_REDIS=1). The servers run with DEBUG=1 only so that they need no `collectstatic`."""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings as django_settings
from django.db import connection
from redis import Redis
from rq import Queue

from club.clubs import create_club
from club.tenancy import club_scope
from events.models import Session
from events.tables.selectors.table_entry import table_links
from events.tables.services.table_entry import set_table_entry
from tests.builders.sessions import club_night

pytestmark = pytest.mark.django_db(transaction=True)  # a database test: CI's PostgreSQL run keeps it
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def redis_url() -> str:
    url = os.getenv("REDIS_URL", "")
    if not url:
        if os.getenv("REQUIRE_REDIS") == "1":
            pytest.fail("REQUIRE_REDIS=1 but REDIS_URL is not set")
        pytest.skip("no Redis server: set REDIS_URL=redis://127.0.0.1:PORT/0 to run two app servers sharing it")
    return url


class Browser:
    """One phone or reader talking to one server: its cookies and the CSRF token of the last page read."""

    def __init__(self, port: int) -> None:
        self.port, self.cookies, self.token = port, {}, ""

    def request(self, method: str, path: str, data: dict | None = None, tag: str = "") -> http.client.HTTPResponse:
        # One site's name, whichever server answers (as behind a load balancer): the cache keys a page by it.
        headers = {"Host": "127.0.0.1", "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if tag:
            headers["If-None-Match"] = tag
        body = None
        if data is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = urlencode({**data, "csrfmiddlewaretoken": self.token})
        server = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        server.request(method, path, body=body, headers=headers)
        response = server.getresponse()
        response.text = response.read().decode()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _sep, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        found = TOKEN.search(response.text)
        self.token = found.group(1) if found else self.token
        return response


def shown(page: http.client.HTTPResponse) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", page.text).split())


def database_url() -> str:
    found = connection.settings_dict
    login = f"{found['USER']}:{found['PASSWORD']}@" if found["PASSWORD"] else f"{found['USER']}@"
    return f"postgres://{login}{found['HOST']}:{found['PORT']}/{found['NAME']}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def two_servers(settings, tmp_path):
    """Two gunicorn servers (one worker each) on this test's PostgreSQL database and one Redis: their ports."""
    if connection.vendor != "postgresql":
        pytest.skip("two app servers share a PostgreSQL server (the SQLite run has none to share)")
    url = redis_url()
    settings.CLUBS = "many"
    env = {**os.environ, "DATABASE_URL": database_url(), "CACHE_URL": url, "TASKS_URL": url, "CLUBS": "many"}
    env.update(DEBUG="1", ALLOWED_HOSTS="127.0.0.1", PYTHONPATH=str(django_settings.BASE_DIR))
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    ports = [free_port(), free_port()]
    logs = [(tmp_path / f"server-{port}.log").open("w") for port in ports]
    servers = [
        subprocess.Popen(
            [gunicorn, "clubsite.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1", "--log-level", "warning"],
            cwd=django_settings.BASE_DIR,
            env=env,
            stdout=log,
            stderr=log,
        )
        for port, log in zip(ports, logs, strict=True)
    ]
    try:
        for port, server in zip(ports, servers, strict=True):
            wait_until_up(port, server)
        yield ports
    finally:
        for server in servers:
            server.terminate()
        for server, log in zip(servers, logs, strict=True):
            server.wait(timeout=30)
            log.close()


def wait_until_up(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and server.poll() is None:
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/healthz")
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"gunicorn on port {port} did not start")


def a_published_night(short_name: str):
    """A club's provisional (public) 3-table Mitchell with table entry open: (session, its traveller's path, table
    1's two phone paths), every path below the club's prefix."""
    club = create_club(short_name=short_name, name="Shared Club")
    with club_scope(club):
        session, section = club_night()
        # Public while its tables still send results (set directly: publishing refuses a session with results missing)
        Session.objects.filter(pk=session.pk).update(status=Session.Status.PROVISIONAL)
        set_table_entry(session=session, is_open=True)
        link = next(link for link in table_links(session) if link.table == 1)
    prefix = f"/c/{short_name}"
    traveller = f"{prefix}/sessions/{session.pk}/sections/{section.pk}/boards/1/"
    return session, traveller, prefix + link.ns_path, prefix + link.ew_path


def test_a_result_confirmed_through_one_server_is_seen_through_the_other(two_servers):
    one, other = two_servers
    session, traveller, ns_path, ew_path = a_published_night(f"shared-{uuid.uuid4().hex[:8]}")
    reader_one, reader_other = Browser(one), Browser(other)
    page = reader_other.request("GET", traveller)
    assert page.status == 200 and "4♠ by N" not in shown(page)
    # Renamed behind the services' back (no version moves): the server that never made the page serves the
    # other's copy from the shared cache, the old name still on it.
    Session._base_manager.filter(pk=session.pk).update(name="Renamed behind the cache")
    assert "Renamed behind the cache" not in reader_one.request("GET", traveller).text
    north_south, east_west = Browser(one), Browser(one)
    assert north_south.request("GET", ns_path).status == 200 and east_west.request("GET", ew_path).status == 200
    tag = Browser(other).request("GET", ns_path + "state/").getheader("ETag")
    assert Browser(other).request("GET", ns_path + "state/", tag=tag).status == 304  # nothing new yet
    board = {"round": 1, "board": 1}
    saved = north_south.request("POST", ns_path, {**board, "action": "save", "contract": "4S", "declarer": "N",
                                                  "tricks": "=", "lead": ""})  # fmt: skip
    confirmed = east_west.request("POST", ew_path, {**board, "action": "confirm", "version": 1})
    assert (saved.status, confirmed.status) == (302, 302), (saved.text[-500:], confirmed.text[-500:])
    # At once, through the other server: the cached page made anew, and the table's poll has news.
    page = reader_other.request("GET", traveller)
    assert "4♠ by N, 10 tricks" in shown(page) and "Renamed behind the cache" in shown(page)
    poll = Browser(other).request("GET", ns_path + "state/", tag=tag)
    assert poll.status == 200 and poll.getheader("ETag") != tag
    # One task queue: a task enqueued anywhere (here, by this process) is in the queue each server reports.
    queue = Queue("default", connection=Redis.from_url(redis_url()))
    job = queue.enqueue("club.tasks.prune_task_results")
    try:
        depths = [json.loads(Browser(port).request("GET", "/healthz").text)["checks"]["tasks"] for port in (one, other)]
        assert [depth["queued"] >= 1 and depth["backend"] == "RQBackend" for depth in depths] == [True, True], depths
    finally:
        job.delete()
