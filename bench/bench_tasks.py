"""The background tasks under `make run`'s setup: the server and the task worker (`manage.py runsite`) on a scratch
SQLite file, driven over HTTP on 127.0.0.1.

    .venv/bin/python bench/bench_tasks.py [--boards 36] [--emails 500] [--port 8765]

1. **Analysis**: a director stores a 36-board PBN file (the confirm step of the upload) for a session in progress;
   the bench polls the hands page's state (as its script does) until every deal is analysed, then reads every
   board's traveller (the director's page), and reports the seconds from the upload's answer to each. Target:
   every traveller within 15 s on 2 cores.
2. **Emails**: a session of `--emails / 2` pairs (five Mitchell sections of 2 rounds), every player asking for
   results by email. The public pages (home, a published session's ranking, traveller and scorecard, the members)
   are read by 4 visitors in a loop for `--before` seconds; then the director publishes the session (one click:
   the status form), and the visitors keep reading until every email has arrived (Django's file email backend:
   one file per email, under bench/results/mail/). It reports the p50/p95 of the pages before and during, the
   seconds until the last email, and checks each player got exactly one.

Prints, for each part, the server's CPU (the site's process and its task worker, from /proc: cpu_meter.py) per request
or per board beside the wall time, and the load average before and after (the machine is shared: read the figures
with it).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from cpu_meter import ServerMeter  # noqa: E402

RESULTS = ROOT / "bench" / "results"
DATABASE = RESULTS / "tasks.sqlite3"
MAIL = RESULTS / "mail"
PASSWORD = "bench-director-password-2026"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
TARGET_SECONDS = 15.0

os.environ.update(
    {
        "DJANGO_SETTINGS_MODULE": "clubsite.settings",
        "DATABASE_URL": f"sqlite:///{DATABASE}",
        "DEBUG": "1",
        "CACHE_URL": f"file://{RESULTS / 'tasks-cache'}",
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(MAIL),
    }
)
os.environ.pop("TASKS_URL", None)


def random_deal(rng: random.Random) -> str:
    """A deal in PBN ("N:spades.hearts.diamonds.clubs ..."), dealt at random."""
    ranks = "AKQJT98765432"
    cards = [(suit, rank) for suit in range(4) for rank in range(13)]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        held = cards[13 * seat : 13 * seat + 13]
        hands.append(".".join("".join(ranks[r] for r in sorted(r for s, r in held if s == suit)) for suit in range(4)))
    return "N:" + " ".join(hands)


def build(boards: int, emails: int) -> dict:
    """The scratch database: migrated, a director, the hands' session, the emails' session, a published one."""
    import django

    django.setup()
    from django.contrib.auth.models import Group, User
    from django.core.management import call_command
    from django.utils import timezone

    from club.models import Member
    from events.models import Pair, Session
    from events.setup.services.setup import PlayersTyped, set_players
    from tests.builders.published import published_session
    from tests.builders.sessions import enter_all, make_session

    call_command("migrate", verbosity=0)
    director = User.objects.create_user("bench-director", password=PASSWORD)
    director.groups.add(Group.objects.get(name="Directors"))
    hands, _section = make_session("mitchell", tables=boards // 4, boards_per_round=4, name="Hands night")
    shown = published_session()  # the public pages the visitors read
    mailed = Session.objects.create(name="Big night", date=timezone.localdate())
    from events.models import Section
    from events.setup.services.setup import prepare_section

    tables = emails // 4 // 5  # five sections; two members a pair, two pairs a table
    for letter in "ABCDE":
        section = Section.objects.create(
            session=mailed, letter=letter, kind="mitchell", tables=tables, boards_per_round=1, rounds=2
        )
        prepare_section(section=section)
    pairs = list(Pair.objects.filter(section__session=mailed).select_related("section").order_by("pk"))
    members = Member.objects.bulk_create(
        Member(first_name=f"Player{n}", last_name=f"Emailed{n}", email=f"player{n}@example.org", results_by_email=True)
        for n in range(2 * len(pairs))
    )
    set_players(typed=[PlayersTyped(p, str(members[2 * i]), str(members[2 * i + 1])) for i, p in enumerate(pairs)])
    for section in mailed.sections.all():
        enter_all(section)
    return {"hands": hands.pk, "shown": shown.pk, "mailed": mailed.pk, "emails": len(members)}


class Visitor:
    """A browser's cookies over HTTP to the bench server."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> tuple[int, str]:
        with self.opener.open(self.base + path, timeout=60) as response:
            return response.status, response.read().decode()

    def post(self, path: str, data: dict, form_page: str | None = None) -> int:
        token = TOKEN.search(self.get(form_page or path)[1]).group(1)
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={"Referer": self.base + path})
        with self.opener.open(request, timeout=120) as response:
            return response.status


def wait_until_up(base: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/", timeout=5).read()
            return
        except OSError:
            time.sleep(0.5)
    raise SystemExit("the server never answered")


def analysis(director: Visitor, facts: dict, boards: int, site_pid: int) -> float:
    rng = random.Random(2026)
    text = "\n".join(f'[Board "{n}"]\n[Deal "{random_deal(rng)}"]\n' for n in range(1, boards + 1))
    session = facts["hands"]
    print(f"\n1. Analysis of {boards} uploaded boards · load average {os.getloadavg()[0]:.2f}")
    meter = ServerMeter(site_pid)
    director.post(
        f"/director/sessions/{session}/hands/confirm/",
        {"text": text, "source_name": "bench.pbn"},
        form_page=f"/director/sessions/{session}/hands/",
    )
    stored = time.monotonic()
    section = _section_of(session)
    # The hands page's own poll (one light request every half second), then each traveller once: reading 36
    # travellers in a loop would take the CPU the analysis needs.
    done = f"All {boards} deals analysed."
    while done not in director.get(f"/director/sessions/{session}/hands/state/")[1]:
        if time.monotonic() - stored > 300:
            raise SystemExit("the analysis never finished")
        time.sleep(0.5)
    analysed = time.monotonic() - stored
    shown = [
        number
        for number in range(1, boards + 1)
        if 'id="dd-table"' in director.get(f"/sessions/{session}/sections/{section}/boards/{number}/")[1]
    ]
    elapsed = time.monotonic() - stored
    verdict = "within" if elapsed <= TARGET_SECONDS and len(shown) == boards else "NOT within"
    print(f"   the hands page says all {boards} analysed {analysed:.1f} s after the upload")
    print(f"   {len(shown)} travellers show their analysis {elapsed:.1f} s after it ({verdict} {TARGET_SECONDS:g} s)")
    print(f"   the upload, the analysis, its polls and the travellers: {meter.line(boards, 'board')}")
    return elapsed


def _section_of(session_id: int) -> int:
    from events.models import Section

    return Section.objects.filter(session_id=session_id).values_list("pk", flat=True).first()


def read_pages(base: str, paths: list[str], stop: threading.Event, timings: list[float]) -> None:
    visitor = Visitor(base)
    while not stop.is_set():
        for path in paths:
            started = time.perf_counter()
            visitor.get(path)
            timings.append(time.perf_counter() - started)


def public_paths(base: str, facts: dict) -> list[str]:
    shown = facts["shown"]
    page = Visitor(base).get(f"/sessions/{shown}/")[1]
    found = [f"/sessions/{shown}/", "/", "/members/"]
    found += sorted(set(re.findall(rf"/sessions/{shown}/sections/\d+/boards/\d+/", page)))[:2]
    found += sorted(set(re.findall(rf"/sessions/{shown}/pairs/\d+/", page)))[:2]
    return found


def arrived() -> list[str]:
    """The recipients of the emails written so far (one file per email)."""
    found = []
    for path in MAIL.glob("*.log"):
        found += re.findall(r"^To: (\S+)$", path.read_text(errors="replace"), flags=re.MULTILINE)
    return found


def p(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000


def emails(director: Visitor, base: str, facts: dict, before: float, site_pid: int) -> None:
    paths = public_paths(base, facts)
    print(f"\n2. {facts['emails']} results emails by one click · load average {os.getloadavg()[0]:.2f}")
    print(f"   public pages read by 4 visitors: {', '.join(paths)}")
    quiet: list[float] = []
    meter = ServerMeter(site_pid)
    stop = threading.Event()
    readers = [threading.Thread(target=read_pages, args=(base, paths, stop, quiet)) for _ in range(4)]
    for reader in readers:
        reader.start()
    time.sleep(before)
    stop.set()
    for reader in readers:
        reader.join()
    quiet_cpu = meter.line(len(quiet))
    busy: list[float] = []
    meter = ServerMeter(site_pid)
    stop = threading.Event()
    readers = [threading.Thread(target=read_pages, args=(base, paths, stop, busy)) for _ in range(4)]
    for reader in readers:
        reader.start()
    mailed = facts["mailed"]
    clicked = time.monotonic()
    director.post(
        f"/director/sessions/{mailed}/status/", {"status": "final"}, form_page=f"/director/sessions/{mailed}/checks/"
    )
    answered = time.monotonic() - clicked
    while len(arrived()) < facts["emails"] and time.monotonic() - clicked < 180:
        time.sleep(0.5)
    sending = time.monotonic() - clicked
    stop.set()
    for reader in readers:
        reader.join()
    busy_cpu = meter.line(len(busy))
    to = arrived()
    once = len(to) == len(set(to)) == facts["emails"]
    print(f"   the click answered in {answered * 1000:.0f} ms; {len(to)} emails arrived in {sending:.1f} s")
    print(f"   each player got exactly one: {'yes' if once else 'NO'} ({len(set(to))} addresses)")
    print(f"   pages before: {len(quiet)} reads, p50 {p(quiet, 0.5):.1f} ms, p95 {p(quiet, 0.95):.1f} ms")
    print(f"   pages during: {len(busy)} reads, p50 {p(busy, 0.5):.1f} ms, p95 {p(busy, 0.95):.1f} ms")
    print(f"   before, page reads: {quiet_cpu}")
    print(f"   during, page reads (the publishing and its emails' CPU counted in): {busy_cpu}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--emails", type=int, default=500)
    parser.add_argument("--before", type=float, default=15.0, help="seconds of page reads before the click")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    for path in (DATABASE, MAIL, RESULTS / "tasks-cache"):
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    started = time.monotonic()
    facts = build(args.boards, args.emails)
    print(f"set up in {time.monotonic() - started:.0f} s: {facts}; {os.cpu_count()} CPUs")
    base = f"http://127.0.0.1:{args.port}"
    command = [sys.executable, "manage.py", "runsite", f"127.0.0.1:{args.port}", "--noreload", "--verbosity", "0"]
    site = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_up(base)
        director = Visitor(base)
        director.post("/accounts/login/", {"username": "bench-director", "password": PASSWORD})
        analysis(director, facts, args.boards, site.pid)
        emails(director, base, facts, args.before, site.pid)
    finally:
        site.send_signal(2)  # as Ctrl-C
        site.wait(timeout=90)


if __name__ == "__main__":
    main()
