"""A logged-in player's pages from the page cache, over HTTP, against a static file of the same size (and an
anonymous visitor's cached page), served by the same gunicorn (bench_http.py's set-up: production settings, the
file page cache, the demo club in a database without sessions).

    .venv/bin/python bench/bench_reader.py [--db-url sqlite:////tmp/club.sqlite3] [--requests 200]

A player's account is made for the first member of the scorecard's pair (a session made for it, sent as its
cookie). For ranking, traveller and scorecard: the three kinds interleaved request by request (one client, keep-alive
off as in bench_http.py), their medians and p95, the ratio of the player's median to the static file's, and the
server's process CPU per request of each kind (gunicorn's master and workers, from /proc: the load moves it less
than wall time). The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_http import PAGES_CODE, ROOT, environment, manage, serve  # noqa: E402
from bench_table import server_cpu  # noqa: E402
from cpu_meter import load_average  # noqa: E402

PLAYER_CODE = """
from importlib import import_module
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from events.models import Session
s = Session.objects.published().order_by("-date").first()
member = s.sections.first().pairs.filter(player1__isnull=False).first().player1
user = member.user or User.objects.create_user("bench-reader-%d" % member.pk, first_name=member.first_name)
if member.user_id is None:
    member.user = user
    member.save()
store = import_module(settings.SESSION_ENGINE).SessionStore()
store[SESSION_KEY] = str(user.pk)
store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
store[HASH_SESSION_KEY] = user.get_session_auth_hash()
store.create()
print("cookie\\t" + settings.SESSION_COOKIE_NAME + "=" + store.session_key)
"""

KINDS = ("static", "visitor", "player")


def get(port: int, url: str, cookie: str = "") -> tuple[float, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    start = time.perf_counter()
    connection.request("GET", url, headers={"Cookie": cookie} if cookie else {})
    response = connection.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    connection.close()
    if response.status != 200:
        raise SystemExit(f"{url}: HTTP {response.status}")
    return elapsed, body


def measure(server, port: int, name: str, url: str, cookie: str, requests: int) -> str:
    static_url = f"/static/bench/reader-{name}.html"
    asks = {"static": (static_url, ""), "visitor": (url, ""), "player": (url, cookie)}
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    cpu = dict.fromkeys(KINDS, 0.0)
    for _ in range(requests):
        for kind in KINDS:
            before = server_cpu(server)
            times[kind].append(get(port, *asks[kind])[0])
            cpu[kind] += server_cpu(server) - before
    median = {kind: statistics.median(times[kind]) for kind in KINDS}
    p95 = {kind: sorted(times[kind])[int(0.95 * (len(times[kind]) - 1))] for kind in KINDS}
    per = {kind: 1000 * cpu[kind] / requests for kind in KINDS}
    return (
        f"{name:10} {median['static']:7.2f} {median['visitor']:7.2f} {median['player']:7.2f} {p95['player']:7.2f} "
        f"{median['player'] / median['static']:6.2f} {per['static']:7.2f} {per['visitor']:7.2f} {per['player']:7.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db-url", default=f"sqlite:///{tempfile.gettempdir()}/bench-http-club.sqlite3")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--port", type=int, default=8741)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache_dir:
        env = environment(args.db_url, cache_dir, 600)
        manage(env, "migrate", "--no-input")
        if "\t" not in manage(env, "shell", "-c", PAGES_CODE):
            manage(env, "load_demo")
        pages = dict(line.split("\t") for line in manage(env, "shell", "-c", PAGES_CODE).splitlines() if "\t" in line)
        cookie = next(
            line.split("\t")[1] for line in manage(env, "shell", "-c", PLAYER_CODE).splitlines() if "\t" in line
        )
        manage(env, "collectstatic", "--no-input")
        names = ("ranking", "traveller", "scorecard")
        server = serve(env, args.port)
        try:
            sizes = {name: len(get(args.port, pages[name], cookie)[1]) for name in names}  # made for players: kept
            server.terminate()
            server.wait()
            static_dir = ROOT / "staticfiles" / "bench"
            static_dir.mkdir(exist_ok=True)
            for name, size in sizes.items():
                (static_dir / f"reader-{name}.html").write_bytes(b"x" * size)
            server = serve(env, args.port)  # whitenoise finds the files when it starts
            print(f"load average before: {load_average()}; page sizes (bytes): {sizes}")
            print(f"{'page':10} {'static':>7} {'visitor':>7} {'player':>7} {'p95':>7} {'ratio':>6} "
                  f"{'cpu st':>7} {'cpu vi':>7} {'cpu pl':>7}  (ms; ratio: player's to static's)")  # fmt: skip
            for name in names:
                get(args.port, pages[name], cookie)
                get(args.port, pages[name])
                print(measure(server, args.port, name, pages[name], cookie, args.requests), flush=True)
            print(f"load average after: {load_average()}")
        finally:
            server.terminate()
            server.wait()
            for file in (ROOT / "staticfiles" / "bench").glob("reader-*.html"):
                file.unlink()


if __name__ == "__main__":
    sys.exit(main())
