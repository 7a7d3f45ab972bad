"""The timings of `bench_pages.py`: the pages and the rescoring measured, and the report."""

from __future__ import annotations

import datetime
import io
import os
import random
import statistics
import time

TARGETS = {"page": (50, 150), "rescore": (200, 200), "rescore-session": (80, 150)}  # a 30-table rescore: 80 ms


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def time_requests(client, urls: list[str]) -> tuple[list[float], int, list[float]]:
    """Milliseconds per request (after two untimed warm-ups), the queries of the last request, and the CPU
    milliseconds of each request (time.process_time: this one process serves them)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for url in urls[:2]:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
    times, cpu = [], []
    for url in urls:
        started, cpu_started = time.perf_counter(), time.process_time()
        response = client.get(url)
        times.append(1000 * (time.perf_counter() - started))
        cpu.append(1000 * (time.process_time() - cpu_started))
        assert response.status_code == 200, (url, response.status_code)
    with CaptureQueriesContext(connection) as queries:
        client.get(urls[-1])
    return times, len(queries), cpu


def measure(args, info: dict) -> list[tuple]:
    from django.core.management import call_command

    # As cron does every minute: the summaries a previous run's corrections (save_line below) marked stale.
    call_command("refresh_member_summaries", "--stale", stdout=io.StringIO())
    rng = random.Random(args.seed + 1)
    rows: list[tuple] = []
    measure_pages(args, info, rng, rows)
    measure_rescoring(args, info, rows)
    return rows


def page_urls(args, info: dict, rng: random.Random) -> list[tuple[str, list[str]]]:
    """Each page measured, with the URLs requested (sessions picked at random)."""
    from events.models import Pair, Section, Session

    n = args.requests
    regular = list(Session.objects.exclude(pk=info["big_session"]).values_list("pk", flat=True))
    sections = dict(Section.objects.filter(session_id__in=regular).values_list("session_id", "pk"))
    picked = [rng.choice(regular) for _ in range(n)]
    pair_ids: dict[int, list[int]] = {}
    for section_id, pair_id in Pair.objects.filter(section_id__in={sections[s] for s in picked}).values_list(
        "section_id", "pk"
    ):
        pair_ids.setdefault(section_id, []).append(pair_id)
    big = info["big_session"]
    return [
        ("home page", ["/"] * n),
        ("ranking, 12-table Mitchell", [f"/sessions/{s}/" for s in picked]),
        ("ranking, 30 tables in 3 sections", [f"/sessions/{big}/"] * n),
        ("traveller", [f"/sessions/{s}/sections/{sections[s]}/boards/{rng.randint(1, 24)}/" for s in picked]),
        ("scorecard", [f"/sessions/{s}/pairs/{rng.choice(pair_ids[sections[s]])}/" for s in picked]),
        (f"member page, busiest ({info['busiest_sessions']} sessions)", [f"/members/{info['busiest_member']}/"] * n),
        ("ranking CSV", [f"/sessions/{s}/ranking.csv" for s in picked]),
        *teams_urls(n),
    ]


def teams_urls(n: int) -> list[tuple[str, list[str]]]:
    """The newest teams event's standings and one of its matches (bench/teams_season.py), when the club has one."""
    from teams.models import TeamEvent

    event = TeamEvent.objects.order_by("-date", "-pk").first()
    if event is None:
        return []
    match = event.matches.filter(away__isnull=False).order_by("-round", "pk").first()
    return [
        (f"teams event standings ({event.teams.count()} teams)", [f"/teams/{event.pk}/"] * n),
        ("teams match scorecard", [f"/teams/matches/{match.pk}/"] * n),
    ]


def measure_pages(args, info: dict, rng: random.Random, rows: list[tuple]) -> None:
    from django.test import Client

    client = Client()
    for name, urls in page_urls(args, info, rng):
        times, queries, cpu = time_requests(client, urls)
        row = (
            name,
            len(times),
            statistics.median(times),
            percentile(times, 0.95),
            queries,
            "page",
            statistics.mean(cpu),
        )
        rows.append(row)
        print(f"  {name}: median {row[2]:.1f} ms, CPU {row[6]:.1f} ms per request", flush=True)


def measure_rescoring(args, info: dict, rows: list[tuple]) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from club.typed_result import read_typed_result
    from events.checks.services.corrections import reopen_session
    from events.entry.services.lines import save_line
    from events.models import Session, TravellerLine

    n, big = args.requests, info["big_session"]
    session = Session.objects.get(pk=big)
    if session.status == Session.Status.FINAL:  # a final session is read-only: reopened to be corrected
        reopen_session(session=session, reason="bench: one line corrected again and again")
    # One line of the 30-table session corrected, again and again: save_line rescores its board.
    line = (
        TravellerLine.objects.filter(board__section__session_id=big, tricks__isnull=False, adjusted="")
        .select_related("board__section__session", "ns_pair", "ew_pair")
        .order_by("pk")
        .first()
    )
    board = line.board
    times, cpu = [], []
    step = 1 if line.tricks < 13 else -1  # a line of 13 tricks corrected to 12 and back, never to 14
    for attempt in range(n + 2):
        tricks = line.tricks + (step if attempt % 2 == 0 else -step)
        result = read_typed_result(board.number, line.contract, line.declarer, str(tricks))
        started, cpu_started = time.perf_counter(), time.process_time()
        with CaptureQueriesContext(connection) as queries:
            line = save_line(
                board=board,
                ns_pair=line.ns_pair,
                ew_pair=line.ew_pair,
                result=result,
                line=line,
                round_=line.round,
                table=line.table,
            )
        if attempt >= 2:
            times.append(1000 * (time.perf_counter() - started))
            cpu.append(1000 * (time.process_time() - cpu_started))
    rows.append(
        (
            "save_line: one line of the 30-table session corrected, rescored and ranked",
            len(times),
            statistics.median(times),
            percentile(times, 0.95),
            len(queries),
            "rescore",
            statistics.mean(cpu),
        )
    )
    print(f"  save_line: median {statistics.median(times):.1f} ms", flush=True)
    measure_session_rescore(big, rows)


def measure_session_rescore(big: int, rows: list[tuple]) -> None:
    """The whole 30-table session rescored: as stored (publishing, which rescores, finds every point right and
    writes none), and after its matchpoint scale was switched (EBU and ACBL in turn: every point changes), for
    comparison. Each rescore in its own transaction."""
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from events.models import Session
    from events.standings.services.rescoring import rescore_session

    session = Session.objects.get(pk=big)
    other = Session.Scale.ACBL if session.scale == Session.Scale.EBU else Session.Scale.EBU
    scales = [other, session.scale]  # twelve rescores: the last puts the session's own scale back
    for label, switch in (("as stored", False), ("every point changed (its scale switched)", True)):
        times, cpu = [], []
        for attempt in range(12):
            if switch:
                Session.objects.filter(pk=big).update(scale=scales[attempt % len(scales)])
                session.refresh_from_db()
            started, cpu_started = time.perf_counter(), time.process_time()
            with transaction.atomic(), CaptureQueriesContext(connection) as queries:
                rescore_session(session=session)
            times.append(1000 * (time.perf_counter() - started))
            cpu.append(1000 * (time.process_time() - cpu_started))
        rows.append(
            (
                f"rescore_session: the whole 30-table session, {label}",
                len(times),
                statistics.median(times),
                percentile(times, 0.95),
                len(queries),
                "rescore-session",
                statistics.mean(cpu),
            )
        )


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:  # not on this platform
        return "unknown"


def database_name(connection) -> str:
    if connection.vendor == "sqlite":
        return f"SQLite {connection.Database.sqlite_version}"
    major, minor = divmod(connection.pg_version, 10000)
    return f"PostgreSQL {major}.{minor}"


def report(rows: list[tuple], info: dict, args, load_before: str) -> str:
    import platform

    from django.db import connection

    header = (
        f"Pages at club scale: {info['sessions']} sessions, {info['lines']} traveller lines, "
        f"{info['members']} members (scale {args.scale:g}); {database_name(connection)}, "
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs; {datetime.date.today()}\n"
        f"Load average (1, 5, 15 min) before: {load_before}; after: {load_average()}"
    )
    lines = [
        header,
        "",
        f"{'measurement':<78} {'n':>4} {'median ms':>10} {'p95 ms':>8} {'CPU ms':>7} {'queries':>8}  target",
        "-" * 133,
    ]
    for name, count, median, p95, queries, kind, cpu in rows:
        if kind == "info":
            verdict = "-"
        else:
            median_target, p95_target = TARGETS[kind]
            ok = median <= median_target and p95 <= p95_target
            verdict = f"{'met' if ok else 'MISSED'} ({median_target}/{p95_target} ms)"
        lines.append(f"{name:<78} {count:>4} {median:>10.1f} {p95:>8.1f} {cpu:>7.1f} {queries:>8}  {verdict}")
    lines.append("(CPU ms: the mean process time of one request or rescore, which the machine's load moves far less.)")
    return "\n".join(lines) + "\n"


def describe() -> dict:
    from club.models import Member
    from events.models import Pair, Session, TravellerLine

    counts: dict[int, int] = {}
    for first, second in Pair.objects.values_list("player1_id", "player2_id"):
        for member_id in (first, second):
            if member_id:
                counts[member_id] = counts.get(member_id, 0) + 1
    busiest = max(counts, key=counts.get)
    big = Session.objects.get(name="Club championship")
    return {
        "sessions": Session.objects.count(),
        "lines": TravellerLine.objects.count(),
        "members": Member.objects.count(),
        "busiest_member": busiest,
        "busiest_sessions": counts[busiest],
        "big_session": big.pk,
    }
