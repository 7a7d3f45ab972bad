"""The page cache under a flood of made-up query strings (issue 29): 8 clients ask for public pages, each request
with random parameters (`?utm_campaign=<random>&<random>=<random>`), while two directors save results again and
again; a static file of the home page's size is asked for by the same clients, interleaved, for comparison.

    .venv/bin/python bench/bench_flood.py [--db-url sqlite:////tmp/flood.sqlite3] [--seconds 30] [--clients 8]

Production settings (DEBUG=0, the file page cache), gunicorn with 2 workers on 127.0.0.1. Prints the median and p95
of the public pages and of the static file, their ratio, every answer that was not a 200 (a 500 above all), the
directors' saves, the cache's files before and after the flood (made-up parameters must add none), and the server's
CPU per request (gunicorn's processes, cpu_meter.py) beside the wall time and the load average.
"""

from __future__ import annotations

import argparse
import random
import statistics
import string
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_http import ROOT, environment, manage, serve  # noqa: E402
from bench_load import Browser, director, director_requests, percentile  # noqa: E402
from cpu_meter import ServerMeter  # noqa: E402

SETUP_CODE = """
from django.contrib.auth.models import User
from django.urls import reverse
from events.models import Board, Session
for username in ("bench-anna", "bench-bob"):
    user, _created = User.objects.get_or_create(username=username, defaults={"first_name": username})
    user.set_password("bench-password-1")
    user.save()
    user.groups.add(*User.objects.filter(groups__name="Directors").first().groups.all())
from events.checks.services.corrections import reopen_session
final = Session.objects.published().order_by("-date")
written = final.last()  # the oldest: the directors correct it (reopened), the flood reads the newest
if written.status == "final":
    reopen_session(session=written, reason="bench: directors correcting while the public reads")
board = next(b for b in Board.objects.filter(section__session=written).order_by("pk") if b.lines.count() >= 2)
pages = ["/", "/members/", reverse("teams:events")]
for s in final[:3]:
    section = s.sections.first()
    pages += [reverse("events:session", args=[s.pk]), reverse("events:board_traveller", args=[s.pk, section.pk, 1])]
print("entry\\t" + f"/director/sessions/{written.pk}/sections/{board.section_id}/boards/{board.number}/")
for url in pages:
    print("page\\t" + url)
"""


def noise(rng: random.Random) -> str:
    word = "".join(rng.choices(string.ascii_letters + string.digits, k=10))
    return f"utm_campaign={word}&{word}={rng.randint(0, 10**9)}"


def flood(port: int, pages: list[str], clients: int, seconds: float) -> dict[str, list]:
    """`clients` threads for `seconds`, each asking in turn for a page with made-up parameters and the static file."""
    found: dict[str, list] = {"page": [], "static": [], "statuses": []}
    lock = threading.Lock()
    end = time.perf_counter() + seconds

    def client(index: int) -> None:
        rng, browser = random.Random(index), Browser(port)
        while time.perf_counter() < end:
            for kind, url in (("page", f"{rng.choice(pages)}?{noise(rng)}"), ("static", "/static/bench/flood.html")):
                started = time.perf_counter()
                status, _location, _text = browser.request("GET", url)
                with lock:
                    found[kind].append(1000 * (time.perf_counter() - started))
                    found["statuses"].append((status, url))

    threads = [threading.Thread(target=client, args=(index,)) for index in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return found


def cache_files(directory: str) -> int:
    return sum(1 for path in Path(directory).rglob("*") if path.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db-url", default=f"sqlite:///{tempfile.gettempdir()}/bench-flood-club.sqlite3")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--port", type=int, default=8741)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache_dir:
        env = environment(args.db_url, cache_dir, 600) | {"SECURE_PROXY_SSL_HEADER": "1", "LOG_LEVEL": "ERROR"}
        manage(env, "migrate", "--no-input")
        manage(env, "load_demo")
        lines = [line.split("\t") for line in manage(env, "shell", "-c", SETUP_CODE).splitlines() if "\t" in line]
        entry = next(value for kind, value in lines if kind == "entry")
        pages = [value for kind, value in lines if kind == "page"]
        manage(env, "collectstatic", "--no-input")
        static = ROOT / "staticfiles" / "bench"
        static.mkdir(exist_ok=True)
        server = serve(env, args.port)
        try:
            size = len(Browser(args.port).request("GET", "/")[2].encode())
            (static / "flood.html").write_bytes(b"x" * size)
            server.terminate()
            server.wait()
            server = serve(env, args.port)  # whitenoise finds the static file when it starts
            report(args, server.pid, cache_dir, pages, entry)
        finally:
            server.terminate()
            server.wait()
            (static / "flood.html").unlink(missing_ok=True)


def report(args, server_pid: int, cache_dir: str, pages: list[str], entry: str) -> None:
    for url in pages:  # every page kept once, as its first reader makes it
        Browser(args.port).request("GET", url)
    before = cache_files(cache_dir)
    meter = ServerMeter(server_pid)
    quiet = flood(args.port, pages, args.clients, min(5.0, args.seconds))  # no writes: the flood alone
    quiet_cpu = meter.line(len(quiet["page"]) + len(quiet["static"]))
    flooded = cache_files(cache_dir)
    meter = ServerMeter(server_pid)
    stop = threading.Event()
    logs = {name: {"saved": 0, "told": 0, "errors": 0, "lost": 0, "last": None} for name in ("bench-anna", "bench-bob")}
    directors = [
        threading.Thread(target=director, args=(args.port, name, entry, row, stop, logs[name]))
        for name, row in (("bench-anna", "r0"), ("bench-bob", "r1"))
    ]
    for thread in directors:
        thread.start()
    found = flood(args.port, pages, args.clients, args.seconds)
    stop.set()
    for thread in directors:
        thread.join(timeout=60)
    flood_cpu = meter.line(len(found["page"]) + len(found["static"]) + director_requests(logs.values()))
    after = cache_files(cache_dir)
    page, static = statistics.median(found["page"]), statistics.median(found["static"])
    bad = [(status, url) for status, url in found["statuses"] if status != 200]
    print(f"{args.clients} clients for {args.seconds:.0f} s, {len(pages)} public pages with made-up query strings")
    print(f"pages:  {len(found['page'])} requests, median {page:.1f} ms, p95 {percentile(found['page'], 0.95):.1f} ms")
    p95 = percentile(found["static"], 0.95)
    print(f"static: {len(found['static'])} requests, median {static:.1f} ms, p95 {p95:.1f} ms")
    print(f"ratio of the medians (page / static file): {page / static:.2f}")
    print(f"answers other than 200: {len(bad)} (500s: {sum(1 for status, _url in bad if status >= 500)}) {bad[:5]}")
    for name, log in logs.items():
        print(f"{name}: {log['saved']} saves, {log['told']} told the page was stale, {log['errors']} errors")
    print(
        f"cache files: {before} before, {flooded} after {len(quiet['page'])} made-up query strings without writes, "
        f"{after} after the flood with the directors' saves (each save makes the pages it changes again)"
    )
    print(f"without writes (pages and static file): {quiet_cpu}")
    print(f"with the directors' saves (their requests counted too): {flood_cpu}")


if __name__ == "__main__":
    main()
