"""CPU of table entry, in process: what one save, one confirmation and one phone poll cost the server, and the
whole 30-table session rescored.

    .venv/bin/python bench/profile_table.py [--tables 30] [--rounds 3] [--profile] [--rescore]
    DATABASE_URL=postgres://.../scale_many .venv/bin/python bench/profile_table.py --keep --club bench-200

In the database of DATABASE_URL (a scratch SQLite file, bench/results/profile-table.sqlite3, made afresh otherwise;
a PostgreSQL database is emptied first), a `--tables` Mitchell is set up and its tables opened; then, round after
round, every table saves (North-South's page) and confirms (East-West's) each board through Django's test client
(URL-encoded, as the phone's page posts), and every phone polls its table's state, once with the tag it was given
(nothing new: `304`) and once without (the state built). Each request's process CPU time (`time.process_time`) is
kept; the report gives the median and p95 of each kind. `--profile` prints the confirmations' cProfile (top
functions by own time and cumulated time). `--rescore` also builds the bench's 30-table session (three 10-table
sections of 30 boards, as bench_pages.py does) and times `rescore_session` on it 12 times (median, p95). `--keep`
sets the room up in the database as it is (a bench club's: its session dated in 2000, older than every other),
`--club SHORT_NAME` in one club of a database of many (`multiply_clubs.py`), as a site serving many clubs
(`CLUBS=many`, the phones' links under `/c/SHORT_NAME/`).
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import io
import os
import pstats
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

CONTRACTS = [("4S", "N", "="), ("3NT", "S", "+1"), ("2H", "E", "-1"), ("1NT", "W", "="), ("PASS", "", "")]


def setup(args) -> None:
    import warnings

    warnings.filterwarnings("ignore", message="No directory at")
    if args.club:
        os.environ["CLUBS"] = "many"
    if "DATABASE_URL" not in os.environ:
        RESULTS.mkdir(exist_ok=True)
        scratch = RESULTS / "profile-table.sqlite3"
        for path in RESULTS.glob("profile-table.sqlite3*"):
            path.unlink()
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    settings.DEBUG = False
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    if args.keep:
        return
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    call_command("migrate", verbosity=0)


def cpu(call, *args, **kwargs) -> tuple[float, object]:
    started = time.process_time()
    result = call(*args, **kwargs)
    return 1000 * (time.process_time() - started), result


def posted(client, path: str, data: dict):
    """`data` posted as the phone's page posts it (`static/js/table.js`: URL-encoded, not the test client's
    multipart, whose parsing costs a request a few times more)."""
    return client.post(path, urlencode(data), content_type="application/x-www-form-urlencoded")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


@dataclasses.dataclass
class Link:
    ns_path: str
    ew_path: str


def room(args) -> dict[str, list[float]]:
    from django.test import Client

    from club.tenancy import club_scope, command_club
    from events.plans import section_plan
    from events.tables.selectors.table_entry import table_links
    from events.tables.services.table_entry import set_table_entry

    with club_scope(command_club(args.club)):
        session = create_session_for(args.tables, args.club, "2000-01-03" if args.keep else "2026-12-01")
        set_table_entry(session=session, is_open=True)
        links = {link.table: link for link in table_links(session)}
        section = session.sections.get()
    plan = section_plan(section)
    if args.club:
        links = {table: Link(f"/c/{args.club}" + link.ns_path, f"/c/{args.club}" + link.ew_path)
                 for table, link in links.items()}  # fmt: skip
    phones = {table: (Client(), Client()) for table in links}
    for table, (ns, ew) in phones.items():
        ns.get(links[table].ns_path)
        ew.get(links[table].ew_path)
    times: dict[str, list[float]] = {"save": [], "confirm": [], "poll 304": [], "poll (state built)": []}
    tags: dict[int, str] = {}
    profile = cProfile.Profile(time.process_time) if args.profile else None
    for round_ in range(1, min(args.rounds, plan.rounds) + 1):
        for table, link in links.items():
            ns, ew = phones[table]
            for play in plan.plays_at(table, round_):
                contract, declarer, tricks = CONTRACTS[(play.board + table) % len(CONTRACTS)]
                data = {"round": round_, "board": play.board}
                save = {**data, "action": "save", "contract": contract, "declarer": declarer, "tricks": tricks}
                spent, response = cpu(posted, ns, link.ns_path, {**save, "lead": ""})
                assert response.status_code == 302, response.status_code
                times["save"].append(spent)
                if profile:
                    profile.enable()
                spent, response = cpu(posted, ew, link.ew_path, {**data, "action": "confirm", "version": 1})
                if profile:
                    profile.disable()
                assert response.status_code == 302, response.status_code
                times["confirm"].append(spent)
        for table, link in links.items():
            ns, _ew = phones[table]
            spent, response = cpu(ns.get, link.ns_path + "state/")
            times["poll (state built)"].append(spent)
            tags[table] = response.get("ETag", "")  # none before the tags (measuring the code before them)
            spent, response = cpu(ns.get, link.ns_path + "state/", HTTP_IF_NONE_MATCH=tags[table])
            times["poll 304" if response.status_code == 304 else "poll (state built)"].append(spent)
    if profile:
        for order in ("tottime", "cumulative"):
            out = io.StringIO()
            ours = os.environ.get("PROFILE_FILTER", r"/(events|club|scoring|movements)/")  # the site's own functions
            pstats.Stats(profile, stream=out).sort_stats(order).print_stats(ours, 45)
            print(out.getvalue())
    return times


def create_session_for(tables: int, club: str | None, date: str):
    from django.core.management import call_command

    from events.models import Session

    out = io.StringIO()
    call_command(
        *("create_session", "--name", "Profile room", "--date", date, "--movement", "mitchell"),
        *("--tables", str(tables), "--boards-per-round", "2", *(("--club", club) if club else ())),
        stdout=out,
    )
    return Session.objects.get(pk=int(out.getvalue().strip().splitlines()[-1]))


def rescore(args) -> list[float]:
    from bench_pages import Players, build_championship
    from django.db import transaction

    from club.models import Member
    from events.models import Session
    from events.standings.services.rescoring import rescore_session
    from events.standings.services.standings import store_standings

    rng = random.Random(6)
    members = Member.objects.bulk_create(Member(first_name=f"F{n}", last_name=f"L{n}") for n in range(200))
    build_championship(Players(members, rng), rng)
    store_standings()
    Session.objects.filter(name="Club championship").update(status=Session.Status.PROVISIONAL)  # a final one is shut
    session = Session.objects.get(name="Club championship")
    times, cpus = [], []
    for _ in range(12):
        started, cpu_started = time.perf_counter(), time.process_time()
        with transaction.atomic():
            rescore_session(session=session)
        times.append(1000 * (time.perf_counter() - started))
        cpus.append(1000 * (time.process_time() - cpu_started))
    return times, cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--rescore", action="store_true")
    parser.add_argument("--keep", action="store_true", help="the room in the database as it is (not emptied)")
    parser.add_argument("--club", help="one club of a database of many (multiply_clubs.py), with CLUBS=many")
    args = parser.parse_args()
    setup(args)
    from django.db import connection

    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"table entry in process, {args.tables} tables, {connection.vendor}, load average {load}")
    for name, values in room(args).items():
        if not values:
            continue
        print(f"  CPU per {name}: median {statistics.median(values):.1f} ms, p95 {percentile(values, 0.95):.1f} ms"
              f" ({len(values)} requests)")  # fmt: skip
    if args.rescore:
        times, cpus = rescore(args)
        print(f"  rescore_session, the 30-table session (3 x 10 tables, 30 boards), 12 runs: wall median "
              f"{statistics.median(times):.0f} ms, p95 {percentile(times, 0.95):.0f} ms; this process's CPU median "
              f"{statistics.median(cpus):.0f} ms (with the database's on SQLite; load {os.getloadavg()})")  # fmt: skip


if __name__ == "__main__":
    main()
