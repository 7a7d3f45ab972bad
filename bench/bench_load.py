"""Load on the real server: gunicorn on PostgreSQL, on loopback only (`make bench-load`).

A bounded burst of requests (2,000 at concurrency 20 by default) against the public ranking and traveller pages
while two simulated directors save results of one board from pages they draw themselves; reports requests per
second, p50/p95/p99, errors, the server's CPU per request beside the wall time and the load average (cpu_meter.py),
and whether any write a director was told was saved is missing at the end.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/clubsite_bench .venv/bin/python bench/bench_load.py

The database is created when missing, migrated and given the demo club; gunicorn runs with DEBUG off behind a
simulated TLS proxy (X-Forwarded-Proto), bound to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import subprocess
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from cpu_meter import ServerMeter  # noqa: E402

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/clubsite_bench"
CARDS = [suit + rank for suit in "SHDC" for rank in "23456789TJQKA"]
HOST = "127.0.0.1"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))] if ordered else 0.0


class Browser:
    """One visitor: its cookies, over plain HTTP to gunicorn as if through the TLS proxy."""

    def __init__(self, port: int):
        self.port, self.cookies = port, {}

    def request(self, method: str, path: str, form: dict | None = None) -> tuple[int, str, str]:
        body = urllib.parse.urlencode(form or {}, doseq=True) if form is not None else None
        headers = {"X-Forwarded-Proto": "https", "Host": f"{HOST}:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = headers["Referer"] = f"https://{HOST}:{self.port}"
        connection = http.client.HTTPConnection(HOST, self.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, response.headers.get("Location", ""), text
        finally:
            connection.close()

    def fields(self, path: str, form_id: str) -> dict[str, str]:
        status, _location, page = self.request("GET", path)
        assert status == 200, (path, status)
        form = page.split(f'id="{form_id}"', 1)[1].split("</form>", 1)[0]
        fields = {}
        for tag in re.findall(r"<input[^>]*>", form):
            name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
            if name and "submit" not in tag:
                fields[name.group(1)] = value.group(1) if value else ""
        return fields

    def log_in(self, username: str, password: str) -> None:
        fields = self.fields("/accounts/login/", "login-form") if False else None  # noqa: F841 - see below
        _status, _location, page = self.request("GET", "/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        status, _location, _page = self.request(
            "POST", "/accounts/login/", {"csrfmiddlewaretoken": token, "username": username, "password": password}
        )
        assert status == 302, ("login refused", status)


def prepare(database_url: str) -> dict:
    """The database (created when missing, migrated, the demo club), and what the load asks for."""
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    parsed = urllib.parse.urlparse(database_url)
    name = parsed.path.lstrip("/")
    import psycopg

    admin_url = database_url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin_url, autocommit=True) as connection:
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from club.demo import load_demo

    facts = load_demo()
    from django.contrib.auth.models import User

    from events.models import Board, Session

    for username in ("bench-anna", "bench-bob"):
        user, _created = User.objects.get_or_create(username=username, defaults={"first_name": username})
        user.set_password("bench-password-1")
        user.save()
        user.groups.add(*User.objects.get(username=facts["director_username"]).groups.all())
    sessions = Session.objects.filter(status="final").order_by("pk")
    board = next(b for b in Board.objects.filter(section__session__in=sessions).order_by("pk") if b.lines.count() >= 2)
    section = board.section
    if section.session.status == "final":  # a final session is read-only: reopened to be corrected, as a club would
        from events.checks.services.corrections import reopen_session

        reopen_session(session=section.session, reason="bench: directors correcting while the public reads")
    public = [f"/sessions/{s.pk}/" for s in sessions[:5]]
    public += [f"/sessions/{section.session_id}/sections/{section.pk}/boards/{n}/" for n in range(1, 9)]
    entry = f"/director/sessions/{section.session_id}/sections/{section.pk}/boards/{board.number}/"
    return {"public": public, "entry": entry, "board": board.pk}


def director(port: int, username: str, entry: str, row: str, stop: threading.Event, log: dict) -> None:
    """Saves the lead of its row, again and again, each time from a page it draws just before."""
    browser = Browser(port)
    browser.log_in(username, "bench-password-1")
    count = 0
    while not stop.is_set():
        fields = browser.fields(entry, "traveller-form")
        if log["last"] is not None and fields[f"{row}-lead"] != log["last"]:
            log["lost"] += 1  # only this director writes this row: another page undid its last save
        lead = CARDS[count % len(CARDS)]
        fields[f"{row}-lead"] = lead
        status, _location, page = browser.request("POST", entry, fields)
        if status == 302:
            log["saved"] += 1
            log["last"] = lead
        elif status == 200 and "after you opened the page" in page:
            log["told"] += 1
        else:
            log["errors"] += 1
        count += 1


def director_requests(logs) -> int:
    """The requests the directors sent: a page drawn and a form posted for each save tried, and their logins."""
    return sum(2 * (log["saved"] + log["told"] + log["errors"]) + 2 for log in logs)


def burst(port: int, urls: list[str], total: int, concurrency: int) -> tuple[list[float], int, float]:
    def one(index: int) -> tuple[float, int]:
        started = time.perf_counter()
        status, _location, _page = Browser(port).request("GET", urls[index % len(urls)])
        return 1000 * (time.perf_counter() - started), status

    started = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        results = list(pool.map(one, range(total)))
    elapsed = time.perf_counter() - started
    return [ms for ms, _ in results], sum(1 for _, status in results if status != 200), elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=20)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    facts = prepare(os.getenv("DATABASE_URL", DEFAULT_DATABASE))
    environment = {**os.environ, "DEBUG": "0", "SECRET_KEY": "bench-only-" + "x" * 50, "ALLOWED_HOSTS": HOST}
    environment |= {"SECURE_PROXY_SSL_HEADER": "1", "CONN_MAX_AGE": "60", "LOG_LEVEL": "ERROR"}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"], cwd=ROOT, env=environment)
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "clubsite.wsgi", "--bind", f"{HOST}:{args.port}"]
        + ["--workers", str(args.workers), "--log-level", "warning"],
        cwd=ROOT,
        env=environment,
    )
    try:
        run(args, facts, server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)


def run(args, facts: dict, server_pid: int) -> None:
    for _attempt in range(100):
        try:
            Browser(args.port).request("GET", "/")
            break
        except OSError:
            time.sleep(0.2)
    meter = ServerMeter(server_pid)
    stop = threading.Event()
    logs = {name: {"saved": 0, "told": 0, "errors": 0, "lost": 0, "last": None} for name in ("bench-anna", "bench-bob")}
    directors = [
        threading.Thread(target=director, args=(args.port, name, facts["entry"], row, stop, logs[name]))
        for name, row in (("bench-anna", "r0"), ("bench-bob", "r1"))
    ]
    for thread in directors:
        thread.start()
    times, errors, elapsed = burst(args.port, facts["public"], args.requests, args.concurrency)
    stop.set()
    for thread in directors:
        thread.join(timeout=60)
    cpu = meter.line(args.requests + director_requests(logs.values()))
    final = Browser(args.port)
    final.log_in("bench-anna", "bench-password-1")
    fields = final.fields(facts["entry"], "traveller-form")
    rows = (("bench-anna", "r0"), ("bench-bob", "r1"))
    lost = sum(log["lost"] for log in logs.values())
    saved_last = [(row, logs[name]["last"]) for name, row in rows if logs[name]["last"] is not None]
    lost += sum(1 for row, last in saved_last if fields[f"{row}-lead"] != last)  # who saved nothing lost nothing
    print(f"{args.requests} requests at concurrency {args.concurrency}, {args.workers} gunicorn workers, PostgreSQL")
    print(f"requests/s {args.requests / elapsed:.1f}; errors {errors}")
    p50, p95, p99 = (percentile(times, fraction) for fraction in (0.5, 0.95, 0.99))
    print(f"p50 {p50:.0f} ms, p95 {p95:.0f} ms, p99 {p99:.0f} ms")
    for name, log in logs.items():
        print(f"{name}: {log['saved']} saves, {log['told']} told the page was stale, {log['errors']} errors")
    print(f"the burst and the directors' requests: {cpu}")
    print(f"writes lost: {lost} (a director's saved lead found changed by the other's page, or missing at the end)")


if __name__ == "__main__":
    main()
