"""Each public page over HTTP against a static file of the same size, served by the same gunicorn.

    .venv/bin/python bench/bench_http.py [--db-url sqlite:////tmp/club.sqlite3] [--requests 50] [--concurrency 1,8]

Production settings (DEBUG=0, the file page cache), gunicorn with 2 workers on 127.0.0.1 only. A database
without sessions gets the demo club. For every page: its size, then, interleaved request by request, the page
from the cache (every request but the first), a static file of that size (whitenoise), and the page made every
time (a second server with PAGE_CACHE_SECONDS=0: what the first reader after a write gets), at each concurrency
(`--concurrency`: that many clients at once, each asking in turn). Prints the medians, the p95 of the cached and
made pages, the ratios of the medians to the static file, and the requests per second of each kind. Both workers
of both servers have made every page a few times before anything is measured: a worker's first request of a page
(its templates compiled, its translations and URL patterns read) comes once in the worker's life, and counted among
twenty requests it had added up to 20 ms to a page's CPU per request.
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from cpu_meter import load_average, tree_cpu  # noqa: E402

PYTHON = str(ROOT / ".venv" / "bin" / "python")


def environment(db_url: str, cache_dir: str, cache_seconds: int) -> dict[str, str]:
    return {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "bench-http-only-never-in-production-0123456789abcdefghijklmnop",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": db_url,
        "CACHE_URL": f"file://{cache_dir}",
        "PAGE_CACHE_SECONDS": str(cache_seconds),
    }


def manage(env: dict[str, str], *args: str) -> str:
    return subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout


PAGES_CODE = """
from collections import Counter
from django.urls import reverse
from events.models import Pair, Session
from teams.models import TeamEvent
s = Session.objects.published().order_by("-date").first()
# The busiest member (as bench_pages measures): the one in the most pairs.
played = Counter(m for pair in Pair.objects.values_list("player1_id", "player2_id") for m in pair if m)
busiest = min(played, key=lambda member: (-played[member], member)) if played else None
pages = {}
if s:
    section = s.sections.first()
    pair = section.pairs.filter(player1__isnull=False).first()
    pages = {"home": "/", "ranking": reverse("events:session", args=[s.pk]),
        "traveller": reverse("events:board_traveller", args=[s.pk, section.pk, section.boards.first().number]),
        "scorecard": reverse("events:pair_scorecard", args=[s.pk, pair.pk]),
        "member": reverse("events:member_detail", args=[busiest])}
event = TeamEvent.objects.published().order_by("-date", "-pk").first()
if s and event:
    pages["teams standings"] = reverse("teams:standings", args=[event.pk])
    match = event.matches.filter(away__isnull=False).order_by("-round", "pk").first()
    if match:
        pages["teams match"] = reverse("teams:scorecard", args=[match.pk])
for name, url in pages.items():
    print(name + "\\t" + url)
"""


def get(port: int, url: str) -> tuple[float, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    start = time.perf_counter()
    connection.request("GET", url)
    response = connection.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    connection.close()
    if response.status != 200:
        raise SystemExit(f"{url}: HTTP {response.status}")
    return elapsed, body


def serve(env: dict[str, str], port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "clubsite.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            get(port, "/")
            return server
        except (OSError, SystemExit):
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db-url", default=f"sqlite:///{tempfile.gettempdir()}/bench-http-club.sqlite3")
    parser.add_argument("--requests", type=int, default=50, help="requests of each kind per page and concurrency")
    parser.add_argument("--concurrency", default="1,8", help="clients at once, e.g. 1,8 (default)")
    parser.add_argument("--port", type=int, default=8731)
    args = parser.parse_args()
    args.concurrency = [int(level) for level in args.concurrency.split(",")]
    with tempfile.TemporaryDirectory() as cache_dir:
        env = environment(args.db_url, cache_dir, 600)
        manage(env, "migrate", "--no-input")
        if "\t" not in manage(env, "shell", "-c", PAGES_CODE):
            manage(env, "load_demo")
        pages = dict(line.split("\t") for line in manage(env, "shell", "-c", PAGES_CODE).splitlines() if "\t" in line)
        manage(env, "refresh_member_summaries", "--stale")  # as cron does every minute (after bench_pages' corrections)
        measure(env, environment(args.db_url, cache_dir, 0), pages, args)


KINDS = ("static", "cached", "made")


def burst(port: int, url: str, clients: int, requests: int) -> tuple[list[float], float]:
    """`clients` threads asking for `url` `requests` times each → (every request's ms, the wall seconds)."""
    times: list[float] = []
    lock = threading.Lock()

    def client() -> None:
        for _ in range(requests):
            elapsed = get(port, url)[0]
            with lock:
                times.append(elapsed)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, time.perf_counter() - start


def page_row(name: str, urls: dict[str, tuple[int, str]], pids: dict[int, int], clients: int, requests: int) -> str:
    """One page at one concurrency: the three kinds interleaved in five rounds → the report's line, with the
    servers' CPU per request (gunicorn's master and workers, from /proc) beside the wall times."""
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    walls = dict.fromkeys(KINDS, 0.0)
    cpu = dict.fromkeys(KINDS, 0.0)
    for _ in range(5):
        for kind in KINDS:
            port = urls[kind][0]
            before = tree_cpu(pids[port])
            found, wall = burst(*urls[kind], clients, max(1, requests // 5))
            cpu[kind] += tree_cpu(pids[port]) - before
            times[kind] += found
            walls[kind] += wall
    median = {kind: statistics.median(times[kind]) for kind in KINDS}
    p95 = {kind: sorted(times[kind])[int(0.95 * (len(times[kind]) - 1))] for kind in KINDS}
    rate = {kind: len(times[kind]) / walls[kind] for kind in KINDS}
    per_request = {kind: 1000 * cpu[kind] / len(times[kind]) for kind in KINDS}
    return (
        f"{name:16} {clients:2d} {median['static']:7.2f} {median['cached']:7.2f} {p95['cached']:7.2f} "
        f"{median['cached'] / median['static']:6.1f} {median['made']:7.1f} {p95['made']:7.1f} "
        f"{median['made'] / median['static']:6.0f} {rate['static']:7.0f} {rate['cached']:7.0f} {rate['made']:6.0f} "
        f"{per_request['static']:7.1f} {per_request['cached']:7.1f} {per_request['made']:7.1f}"
    )


def measure(cached_env: dict, made_env: dict, pages: dict[str, str], args) -> None:
    manage(cached_env, "collectstatic", "--no-input")
    cached = serve(cached_env, args.port)
    made = serve(made_env, args.port + 1)
    try:
        sizes = {name: len(get(args.port + 1, url)[1]) for name, url in pages.items()}
        cached.terminate()
        cached.wait()
        static_dir = ROOT / "staticfiles" / "bench"  # whitenoise finds its files when it starts
        static_dir.mkdir(exist_ok=True)
        for name, size in sizes.items():
            (static_dir / f"{name.replace(' ', '-')}.html").write_bytes(b"x" * size)
        cached = serve(cached_env, args.port)
        for url in pages.values():  # each worker's first request of a page (its templates compiled, its caches
            for port in (args.port, args.port + 1):  # filled) comes once in its life: two clients at once reach
                burst(port, url, 2, 3)  # both workers, before anything is measured
        print("page sizes (bytes): " + ", ".join(f"{name} {size}" for name, size in sizes.items()))
        print(f"load average (1, 5, 15 min) before: {load_average()}")
        print(
            f"{'page':16} {'c':>2} {'static':>7} {'cached':>7} {'p95':>7} {'ratio':>6} {'made':>7} {'p95':>7} "
            f"{'ratio':>6} {'st r/s':>7} {'ca r/s':>7} {'ma r/s':>6} {'st cpu':>7} {'ca cpu':>7} {'ma cpu':>7}"
            "  (ms; ratio of medians to the static file; cpu: the server's CPU ms per request)"
        )
        for clients in args.concurrency:
            for name, url in pages.items():
                get(args.port, url)  # the first reader makes it
                static_url = f"/static/bench/{name.replace(' ', '-')}.html"
                urls = {"static": (args.port, static_url), "cached": (args.port, url), "made": (args.port + 1, url)}
                pids = {args.port: cached.pid, args.port + 1: made.pid}
                print(page_row(name, urls, pids, clients, args.requests), flush=True)
        print(f"load average (1, 5, 15 min) after: {load_average()}")
    finally:
        for server in (cached, made):
            server.terminate()
            server.wait()
        for file in (ROOT / "staticfiles" / "bench").glob("*.html"):
            file.unlink()


if __name__ == "__main__":
    sys.exit(main())
