"""Each public page over HTTP against a static file of the same size, served by the same gunicorn.

    .venv/bin/python bench/bench_http.py [--db-url sqlite:////tmp/club.sqlite3] [--requests 50]

Production settings (DEBUG=0, the file page cache), gunicorn with 2 workers on 127.0.0.1 only. A database
without sessions gets the demo club. For every page: its size, then, interleaved request by request, the page
from the cache (every request but the first), a static file of that size (whitenoise), and the page made every
time (a second server with PAGE_CACHE_SECONDS=0: what the first reader after a write gets). Prints the medians
and the ratios to the static file; concurrency 1 only.
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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
from django.urls import reverse
from events.models import Session
from teams.models import TeamEvent
s = Session.objects.published().order_by("-date").first()
section = s.sections.first()
pair = section.pairs.filter(player1__isnull=False).first()
event = TeamEvent.objects.published().first()
pages = {"home": "/", "ranking": reverse("events:session", args=[s.pk]),
    "traveller": reverse("events:board_traveller", args=[s.pk, section.pk, section.boards.first().number]),
    "scorecard": reverse("events:pair_scorecard", args=[s.pk, pair.pk]),
    "member": reverse("events:member_detail", args=[pair.player1_id])}
if event:
    pages["teams standings"] = reverse("teams:standings", args=[event.pk])
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
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--port", type=int, default=8731)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache_dir:
        env = environment(args.db_url, cache_dir, 600)
        manage(env, "migrate", "--no-input")
        if "\t" not in manage(env, "shell", "-c", PAGES_CODE):
            manage(env, "load_demo")
        pages = dict(line.split("\t") for line in manage(env, "shell", "-c", PAGES_CODE).splitlines() if "\t" in line)
        measure(env, environment(args.db_url, cache_dir, 0), pages, args)


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
        print(
            f"{'page':16} {'bytes':>7} {'static':>7} {'cached':>7} {'ratio':>6} {'made':>7} {'ratio':>6}  (median ms)"
        )
        for name, url in pages.items():
            static_url = f"/static/bench/{name.replace(' ', '-')}.html"
            get(args.port, url)  # the first reader makes it
            times: dict[str, list[float]] = {"static": [], "cached": [], "made": []}
            for _ in range(args.requests):
                times["static"].append(get(args.port, static_url)[0])
                times["cached"].append(get(args.port, url)[0])
                times["made"].append(get(args.port + 1, url)[0])
            static, kept, fresh = (statistics.median(times[key]) for key in ("static", "cached", "made"))
            print(
                f"{name:16} {sizes[name]:7d} {static:7.2f} {kept:7.2f} {kept / static:6.1f} {fresh:7.1f} "
                f"{fresh / static:6.0f}"
            )
    finally:
        for server in (cached, made):
            server.terminate()
            server.wait()
        for file in (ROOT / "staticfiles" / "bench").glob("*.html"):
            file.unlink()


if __name__ == "__main__":
    sys.exit(main())
