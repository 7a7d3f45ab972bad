"""Table entry under load: a 30-table room against gunicorn on 127.0.0.1, a bounded number of requests.

    .venv/bin/python bench/bench_table.py [--tables 30] [--rounds 3] [--boards-per-round 2] [--pollers 60]

It sets up a session (`manage.py create_session`, then `manage.py table_links`) in the database of
DATABASE_URL (by default a scratch SQLite file, bench/results/table.sqlite3, made afresh), starts gunicorn as
`make serve` does (3 workers, DEBUG off) and drives the room: board after board, every table saves then confirms
its board within the same second as every other table (one thread per table, released together for each board,
each at a random moment of that second: `--spread 1`; `--spread 0` releases them all at the same instant; at a
real table the save and the confirmation are seconds apart, here one follows the other at once), while `--pollers`
phones ask for their table's state every 4 seconds (as the page does: with the tag of their last answer, the
first time the tag the page carried, which the server answers `304 Not Modified` while nothing changed). Then it
checks that the database holds every result once, scored, and reports saves per second, the p50/p95 time of a
save, of a confirmation and of the two together, the polls' p50/p95 and the errors; and what the room cost the
machine: the server's process CPU time (gunicorn's master and workers, from /proc) over the room's wall time and
the machine's cores, with the load average before and after (other work on the machine moves wall times, much
less CPU times). After the room, with nothing else sent, every polling phone polls 20 times with its tag (304)
and 3 times without: the server's CPU per poll of each kind (read from /proc in ticks of 10 ms for each of its
processes: 1,200 polls read it to a few hundredths of a ms, where 300 had moved it by a tenth); the CPU per board
(save + confirm) is the room's CPU less its polls', over the boards.
"""

from __future__ import annotations

import argparse
import html
import http.client
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from movement_generators.api import mitchell  # noqa: E402 - after the path is set

sys.path.insert(0, str(ROOT / "bench"))
from cpu_meter import tree_cpu  # noqa: E402

RESULTS = ROOT / "bench" / "results"
CONTRACTS = [("4S", "N", "="), ("3NT", "S", "+1"), ("2H", "E", "-1"), ("1NT", "W", "="), ("PASS", "", "")]
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
PAGE_TAG = re.compile(r'data-tag="([^"]*)"')  # the table's tag the page carries for its first poll


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    saves: list[float] = field(default_factory=list)  # seconds for save + confirm of one board
    saved: list[float] = field(default_factory=list)  # the save alone
    confirmed: list[float] = field(default_factory=list)  # the confirmation alone
    polls: list[float] = field(default_factory=list)
    unchanged: list[int] = field(default_factory=list)  # polls answered 304
    changed: list[int] = field(default_factory=list)  # polls whose state was built
    errors: list[str] = field(default_factory=list)

    def add(self, kind: str, value: float | str) -> None:
        with self.lock:
            getattr(self, kind).append(value)


class Phone:
    """One phone: a keep-alive connection with its own cookies (the CSRF token)."""

    def __init__(self, port: int, path: str) -> None:
        self.port, self.path, self.cookies, self.token, self.tag = port, path, {}, "", ""
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method: str, path: str, body: str | None = None, tag: str = "") -> tuple[int, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), "Host": "127.0.0.1"}
        if tag:
            headers["If-None-Match"] = tag
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            raise
        self.tag = response.getheader("ETag", "") if method == "GET" else self.tag
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _sep, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return response.status, response.read().decode()

    def open(self) -> None:
        status, text = self.request("GET", self.path)
        found = TOKEN.search(text)
        if status != 200 or not found:
            raise RuntimeError(f"the table page answered {status}")
        self.token = found.group(1)
        tagged = PAGE_TAG.search(text)  # as static/js/table.js starts: the first poll sends the page's tag
        self.tag = html.unescape(tagged.group(1)) if tagged else ""

    def post(self, data: dict) -> int:
        status, _text = self.request("POST", self.path, urlencode({**data, "csrfmiddlewaretoken": self.token}))
        return status


def manage(env: dict, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def prepare(env: dict, tables: int, boards_per_round: int) -> dict[int, str]:
    """A fresh session of one `tables`-table Mitchell; returns each table's two paths (North-South's, East-West's)."""
    manage(env, "migrate", "--no-input")
    manage(env, "collectstatic", "--no-input")
    out = manage(
        env,
        *("create_session", "--name", "Bench room", "--date", "2026-12-01", "--movement", "mitchell"),
        *("--tables", str(tables), "--boards-per-round", str(boards_per_round)),
    )
    session_id = out.strip().splitlines()[-1]
    lines = [line.split() for line in manage(env, "table_links", session_id).strip().splitlines()]
    env["BENCH_SESSION_ID"] = session_id
    paths: dict[int, dict[str, str]] = {}
    for name, side, path in lines:  # "A1 NS /t/...", "A1 EW /t/..."
        paths.setdefault(int(name[1:]), {})[side] = path
    return {table: (sides["NS"], sides["EW"]) for table, sides in paths.items()}


def serve(env: dict, port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "clubsite.wsgi", "--bind", f"127.0.0.1:{port}"]
        + ["--workers", "3", "--log-level", "warning"],
        cwd=ROOT,
        env=env,
    )
    for _ in range(100):
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/")
            return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise RuntimeError("gunicorn did not start")


def play_table(phones: tuple[Phone, Phone], table: int, plan, rounds: int, room: tuple, tally: Tally):
    """One table: each board of each round saved (North-South's phone) then confirmed (East-West's), released
    with every other table's board (then waiting a random moment of `spread` seconds): every table finishes a
    board within the same second."""
    barrier, spread = room
    draw = random.Random(table)  # the same moments on every run
    phone, other = phones  # opened before the room starts
    for round_ in range(1, rounds + 1):
        for play in plan.plays_at(table, round_):
            barrier.wait(timeout=300)
            time.sleep(draw.uniform(0, spread))
            contract, declarer, result = CONTRACTS[(play.board + table) % len(CONTRACTS)]
            base = {"round": round_, "board": play.board}
            start = time.perf_counter()
            try:
                saved = phone.post({**base, "action": "save", "contract": contract, "declarer": declarer,
                                    "tricks": result, "lead": ""})  # fmt: skip
                between = time.perf_counter()
                confirmed = other.post({**base, "action": "confirm", "version": 1})
            except (OSError, http.client.HTTPException) as error:
                tally.add("errors", f"table {table} board {play.board}: {error}")
                continue
            if (saved, confirmed) != (302, 302):
                tally.add("errors", f"table {table} board {play.board}: {saved}, {confirmed}")
            else:
                end = time.perf_counter()
                tally.add("saves", end - start)
                tally.add("saved", between - start)
                tally.add("confirmed", end - between)


def poll(phone: Phone, phase: float, stop: threading.Event, tally: Tally) -> None:
    """One phone asking for its table's state every 4 seconds (as static/js/table.js does, with the tag of its last
    answer), from its own moment: phones opened their pages at different times, so their polls do not all fall on
    the same instant."""
    if stop.wait(phase):
        return
    while not stop.wait(4.0):
        start = time.perf_counter()
        try:
            status = ask_state(phone)
        except (OSError, http.client.HTTPException) as error:
            tally.add("errors", f"poll: {error}")
            continue
        if status not in (200, 304):
            tally.add("errors", f"poll: {status}")
        tally.add("polls", time.perf_counter() - start)
        tally.add("unchanged" if status == 304 else "changed", 1)


def ask_state(phone: Phone, tagged: bool = True) -> int:
    tag = phone.tag if tagged else ""
    status, _text = phone.request("GET", phone.path + "state/", tag=tag)
    return status


def server_cpu(server: subprocess.Popen) -> float:
    """Seconds of CPU (user + system) of gunicorn's master and its workers (`cpu_meter.tree_cpu`, read from /proc)."""
    return tree_cpu(server.pid)


TAGGED, UNTAGGED = 20, 3  # each phone's polls with its tag and without, when the room is over


def polls_alone(server: subprocess.Popen, phones: list[Phone]) -> tuple[float, float]:
    """The server's CPU (ms) per poll answered 304 (TAGGED a phone) and per poll that builds the state (UNTAGGED a
    phone), with nothing else sent."""
    for phone in phones:
        ask_state(phone, tagged=False)  # a tag of the room as it ended
    before = server_cpu(server)
    answers = [ask_state(phone) for phone in phones for _ in range(TAGGED)]  # 200s only from a server without tags
    if set(answers) != {304}:
        print(f"  (polls with an unchanged table's tag answered {sorted(set(answers))}, not 304 alone)")
    middle = server_cpu(server)
    for phone in phones:
        for _ in range(UNTAGGED):
            ask_state(phone, tagged=False)
    after = server_cpu(server)
    return 1000 * (middle - before) / (TAGGED * len(phones)), 1000 * (after - middle) / (UNTAGGED * len(phones))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def check_database(env: dict, expected: int) -> str:
    """What the database holds: every confirmed result once, each scored."""
    script = (
        "from events.models import TravellerLine, TableResult;"
        f"lines = TravellerLine.objects.filter(board__section__session_id={env['BENCH_SESSION_ID']});"
        "print(lines.count(), lines.filter(ns_points__isnull=True).count(),"
        f" TableResult.objects.filter(section__session_id={env['BENCH_SESSION_ID']}).count())"
    )
    lines, unscored, typed = manage(env, "shell", "-c", script).strip().splitlines()[-1].split()
    verdict = "ok" if int(lines) == expected == int(typed) and unscored == "0" else "LOST OR UNSCORED RESULTS"
    return f"{lines} lines ({unscored} unscored), {typed} table results, {expected} expected: {verdict}"


def run(args: argparse.Namespace) -> None:
    RESULTS.mkdir(exist_ok=True)
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "bench-only-secret-key-" + "x" * 40,
           "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "PYTHONPATH": str(ROOT)}  # fmt: skip
    if "DATABASE_URL" not in env:
        scratch = RESULTS / "table.sqlite3"
        for path in RESULTS.glob("table.sqlite3*"):
            path.unlink()
        env["DATABASE_URL"] = f"sqlite:///{scratch}"
    paths = prepare(env, args.tables, args.boards_per_round)
    plan = mitchell(args.tables, args.boards_per_round)
    rounds = min(args.rounds, plan.rounds)
    server = serve(env, args.port)
    tally, stop, phases = Tally(), threading.Event(), random.Random(0)
    cost = {}
    try:
        table_phones = {t: tuple(Phone(args.port, path) for path in paths[t]) for t in range(1, args.tables + 1)}
        poll_phones = [Phone(args.port, paths[1 + n % args.tables][0]) for n in range(args.pollers)]
        for phone in [*poll_phones, *(phone for pair in table_phones.values() for phone in pair)]:
            phone.open()
        pollers = [
            threading.Thread(target=poll, args=(phone, phases.uniform(0, 4), stop, tally)) for phone in poll_phones
        ]
        room = threading.Barrier(args.tables), args.spread
        tables = [
            threading.Thread(target=play_table, args=(table_phones[t], t, plan, rounds, room, tally))
            for t in range(1, args.tables + 1)
        ]
        cost["load before"] = os.getloadavg()
        cpu_before = server_cpu(server)
        for thread in pollers:
            thread.start()
        start = time.perf_counter()
        for thread in tables:
            thread.start()
        for thread in tables:
            thread.join()
        elapsed = time.perf_counter() - start
        stop.set()
        for thread in pollers:
            thread.join()
        cost["room cpu"] = server_cpu(server) - cpu_before
        cost["load after"] = os.getloadavg()
        if poll_phones:
            cost["poll 304"], cost["poll built"] = polls_alone(server, poll_phones)
    finally:
        server.terminate()
        server.wait()
    expected = sum(len(plan.plays_at(t, r)) for t in range(1, args.tables + 1) for r in range(1, rounds + 1))
    report(args, env, tally, elapsed, rounds, expected)
    report_cost(tally, elapsed, cost)


def report_cost(tally: Tally, elapsed: float, cost: dict) -> None:
    """What the room cost the machine: its CPU share, and CPU per poll and per board."""
    cores = os.cpu_count() or 1
    share = cost["room cpu"] / elapsed / cores
    print(f"  server CPU: {cost['room cpu']:.1f} s over {elapsed:.1f} s on {cores} cores = {100 * share:.0f}% of the "
          f"machine (load average before {_load(cost['load before'])}, after {_load(cost['load after'])})")  # fmt: skip
    if "poll 304" not in cost:
        return
    polls = len(tally.unchanged) + len(tally.changed)
    print(f"  CPU per poll, nothing else sent: {cost['poll 304']:.1f} ms answered 304, {cost['poll built']:.1f} ms "
          f"with the state built; in the room {len(tally.unchanged)} of {polls} polls were answered 304")  # fmt: skip
    in_polls = (len(tally.unchanged) * cost["poll 304"] + len(tally.changed) * cost["poll built"]) / 1000
    if tally.saves:
        per_board = 1000 * (cost["room cpu"] - in_polls) / len(tally.saves)
        print(f"  CPU per board (save + confirm), the room's less its polls': {per_board:.1f} ms")


def _load(values: tuple[float, float, float]) -> str:
    return " ".join(f"{value:.2f}" for value in values)


def report(args, env: dict, tally: Tally, elapsed: float, rounds: int, expected: int) -> None:
    database = env["DATABASE_URL"].split(":", 1)[0]
    start = f"within {args.spread:g} s" if args.spread else "at the same instant"
    print(f"table entry: {args.tables} tables finishing each board {start}, {rounds} rounds of "
          f"{args.boards_per_round} boards, {args.pollers} phones polling, gunicorn 3 workers, {database}")  # fmt: skip
    print(f"  results saved and confirmed: {len(tally.saves)} in {elapsed:.1f} s = {len(tally.saves) / elapsed:.1f}/s")
    for name, times in (("save", tally.saved), ("confirm", tally.confirmed), ("save + confirm", tally.saves)):
        print(f"  {name}: p50 {1000 * statistics.median(times or [0]):.0f} ms, "
              f"p95 {1000 * percentile(times, 0.95):.0f} ms")  # fmt: skip
    print(f"  polls: {len(tally.polls)}, p50 {1000 * statistics.median(tally.polls or [0]):.0f} ms, "
          f"p95 {1000 * percentile(tally.polls, 0.95):.0f} ms")  # fmt: skip
    print(f"  errors: {len(tally.errors)}" + "".join(f"\n    {error}" for error in tally.errors[:10]))
    print(f"  database: {check_database(env, expected)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3, help="rounds played (bounds the number of requests)")
    parser.add_argument("--boards-per-round", type=int, default=2)
    parser.add_argument("--pollers", type=int, default=60)
    parser.add_argument(
        "--spread", type=float, default=1.0, help="seconds within which every table sends a board (0: the same instant)"
    )
    parser.add_argument("--port", type=int, default=8765)
    run(parser.parse_args())


if __name__ == "__main__":
    main()
