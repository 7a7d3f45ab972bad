"""Benchmark: the public results pages on ten years of a busy club, and rescoring after a correction.

Run from the project root: ``python bench/bench_pages.py`` (``make bench``).  It builds (once) a
synthetic club history in a scratch SQLite database under ``bench/results/``: 400 members,
5 sessions a week for 10 years of 12-table Mitchells (2,600 sessions, about 690,000 traveller
lines), and one 30-table session in three 10-table sections.  Lines are scored by the site's own
code (`events.standings.services.rescoring.score_lines`, Neuberg's E from
`events.standings.services.rescoring.expected_results`) and written with ``bulk_create``; then every pair's standing is
stored (`events.standings.services.standings`).  Then, with Django's test client in this one process, it times the
ranking, a traveller, a scorecard, the busiest member's page and the home page, and
`events.entry.services.lines.save_line` changing one line of the 30-table session (which rescores its board and stores
the session's standings).

It prints a table (median and 95th percentile in milliseconds, the queries each request made)
and writes it to ``bench/results/pages.txt``.  Targets (issue 6): pages under 50 ms median and
150 ms at the 95th percentile, the rescore under 200 ms.

    python bench/bench_pages.py                 # full size; builds the database the first time
    python bench/bench_pages.py --scale 0.05    # 5 % of the history (half a year): a quick run
    python bench/bench_pages.py --rebuild       # build the database again
    python bench/bench_pages.py --db-url postgres://postgres@127.0.0.1:5432/club_bench   # in PostgreSQL

With ``--db-url`` the club is built in that (PostgreSQL) database instead, emptied first when it is (re)built,
and the report goes to ``bench/results/pages-<database>.txt``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from club_facts import (  # noqa: E402
    BIG_BOARDS_PER_ROUND,
    BIG_SECTIONS,
    BIG_TABLES,
    BOARDS_PER_ROUND,
    CONTRACTS,
    DAY_NAMES,
    FIRST_NAMES,
    LAST_DAY,
    LAST_NAMES,
    MEMBERS,
    SESSIONS_PER_WEEK,
    TABLES,
    YEARS,
)
from page_timings import describe, load_average, measure, report  # noqa: E402
from teams_season import add_teams_season  # noqa: E402


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="fraction of the ten years of sessions to build (default 1: the whole history)",
    )
    parser.add_argument("--db", type=Path, default=None, help="scratch SQLite file (default under bench/results/)")
    parser.add_argument(
        "--db-url", default=None, help="build and measure in this PostgreSQL database instead (emptied when built)"
    )
    parser.add_argument("--rebuild", action="store_true", help="build the scratch database again")
    parser.add_argument("--requests", type=int, default=200, help="timed requests per page (default 200)")
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args(argv)
    if not 0 < args.scale <= 1:
        parser.error("--scale must be more than 0 and at most 1")
    args.db = args.db or RESULTS / f"club-scale-{args.scale:g}.sqlite3"
    # What describes the built club (and says it was built to the end): beside the SQLite file, or named after the
    # PostgreSQL database.
    database = args.db_url.rstrip("/").rsplit("/", 1)[-1] if args.db_url else None
    args.marker = RESULTS / f"club-scale-{args.scale:g}-{database}.json" if database else args.db.with_suffix(".json")
    args.report = RESULTS / (f"pages-{database}.txt" if database else "pages.txt")
    return args


def setup_django(args) -> None:
    import warnings

    warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic here
    os.environ["DATABASE_URL"] = args.db_url or f"sqlite:///{args.db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    import django

    django.setup()
    from django.conf import settings

    # As in production: no query log, plain static files (no collectstatic manifest needed).
    settings.DEBUG = False
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # The pages made every time (what a reader gets after a write), not read back from the page cache.
    settings.PAGE_CACHE_SECONDS = 0


# --- building the club ---------------------------------------------------------------------------


def session_dates(count: int) -> list[datetime.date]:
    """`count` weekdays (Monday to Friday) ending on LAST_DAY, oldest first."""
    dates = []
    day = LAST_DAY
    while len(dates) < count:
        if day.weekday() < 5:
            dates.append(day)
        day -= datetime.timedelta(days=1)
    return dates[::-1]


class Players:
    """Who comes to play: regular partnerships, some keen and some occasional, and a few substitutes."""

    def __init__(self, members: list, rng: random.Random):
        self.rng = rng
        self.members = members
        order = members[:]
        rng.shuffle(order)
        self.partnerships = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
        # Zipf-like keenness: the keenest partnership comes to about half the sessions, the median one to 1 in 10.
        self.weights = [1 / (rank + 4) ** 0.6 for rank in range(len(self.partnerships))]

    def field(self, pairs: int) -> list[tuple]:
        """`pairs` pairs for one session: (player1 or None, guest name, player2 or None, guest name)."""
        keys = sorted(
            range(len(self.partnerships)), key=lambda i: self.rng.random() ** (1 / self.weights[i]), reverse=True
        )
        chosen = [self.partnerships[i] for i in keys[:pairs]]
        spare = [self.partnerships[i] for i in keys[pairs:]]
        playing = {member.pk for pair in chosen for member in pair}
        result = []
        for first, second in chosen:
            roll = self.rng.random()
            if roll < 0.03:
                result.append((first, "", None, f"Guest {self.rng.randint(1, 500)}"))
            elif roll < 0.15:
                substitute = next(member for pair in spare for member in pair if member.pk not in playing)
                playing.add(substitute.pk)
                result.append((first, "", substitute, ""))
            else:
                result.append((first, "", second, ""))
        return result


def deal_results(board: int, plays: int, rng: random.Random) -> list[tuple[str, str, int]]:
    """The results of one board: mostly its main contract, a trick more or less, sometimes something else."""
    main = CONTRACTS[rng.randrange(len(CONTRACTS))]
    results = []
    for _ in range(plays):
        contract, declarer, tricks = main if rng.random() < 0.75 else rng.choice(CONTRACTS)
        if rng.random() < 0.04:
            results.append(("PASS", "", 0))
            continue
        if rng.random() < 0.05:
            contract += "X"
        tricks = max(0, min(13, tricks + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
        results.append((contract, declarer, tricks))
    return results


def build_section(
    session, letter: str, tables: int, boards_per_round: int, field: list[tuple], rng: random.Random
) -> tuple:
    """Unsaved section, pairs, boards and scored lines of one Mitchell section."""
    import scoring
    from events.models import Board, Pair, Section, TravellerLine
    from events.plans import section_plan
    from events.standings.services.rescoring import expected_results, score_lines

    section = Section(
        session=session, letter=letter, kind=Section.Kind.MITCHELL, tables=tables, boards_per_round=boards_per_round
    )
    plan = section_plan(section)
    pairs = {}
    for index, label in enumerate(sorted(plan.pairs, key=lambda label: (label[-2:], int(label[:-2])))):
        player1, guest1, player2, guest2 = field[index]
        pairs[label] = Pair(
            section=section,
            number=int(label[:-2]),
            direction=label[-2:],
            player1=player1,
            player1_guest=guest1,
            player2=player2,
            player2_guest=guest2,
        )
    boards = {number: Board(section=section, number=number) for number in plan.played_boards}
    lines = []
    for number in plan.played_boards:
        slots = plan.board_plays(number)
        board_lines = []
        vulnerability = scoring.board_vulnerability(number)
        for slot, (contract, declarer, tricks) in zip(slots, deal_results(number, len(slots), rng), strict=True):
            line = TravellerLine(
                board=boards[number],
                round=slot.round,
                table=slot.table,
                ns_pair=pairs[slot.ns],
                ew_pair=pairs[slot.ew],
                contract=contract,
                lead="",
            )
            if contract == "PASS":
                line.ns_score = 0
            else:
                line.declarer, line.tricks = declarer, tricks
                line.ns_score = scoring.ns_score(contract, declarer, vulnerability, tricks)
            board_lines.append(line)
        if rng.random() < 0.01:  # now and then the director gives an adjusted score
            line = board_lines[-1]
            line.contract, line.declarer, line.tricks, line.ns_score, line.adjusted = "", "", None, None, "A6040"
        score_lines(
            session=session, lines=board_lines, expected=expected_results(section, plan, number, len(board_lines))
        )
        lines.extend(board_lines)
    return section, list(pairs.values()), list(boards.values()), lines


def save_chunk(sessions, sections, pairs, boards, lines) -> None:
    from events.models import Board, Pair, Seating, Section, Session, TravellerLine

    Session.objects.bulk_create(sessions)
    for section in sections:
        section.session_id = section.session.pk
    Section.objects.bulk_create(sections)
    for pair in pairs:
        pair.section_id = pair.section.pk
    Pair.objects.bulk_create(pairs, batch_size=2000)
    for board in boards:
        board.section_id = board.section.pk
    Board.objects.bulk_create(boards, batch_size=2000)
    for line in lines:
        line.board_id, line.ns_pair_id, line.ew_pair_id = line.board.pk, line.ns_pair.pk, line.ew_pair.pk
    TravellerLine.objects.bulk_create(lines, batch_size=2000)
    Seating.objects.bulk_create(
        [
            Seating(line_id=line.pk, board_id=line.board_id, pair_id=pair_id)
            for line in lines
            for pair_id in (line.ns_pair_id, line.ew_pair_id)
        ],
        batch_size=5000,
    )


def build_championship(players, rng: random.Random) -> None:
    """The one big session: 30 tables in three sections."""
    from django.db import transaction

    from events.models import Session

    big = Session(name="Club championship", date=LAST_DAY + datetime.timedelta(days=1), status=Session.Status.FINAL)
    field = players.field(2 * BIG_TABLES * len(BIG_SECTIONS))
    chunk: tuple[list, list, list, list, list] = ([big], [], [], [], [])
    for number, letter in enumerate(BIG_SECTIONS):
        part = field[number * 2 * BIG_TABLES : (number + 1) * 2 * BIG_TABLES]
        section, pairs, boards, lines = build_section(big, letter, BIG_TABLES, BIG_BOARDS_PER_ROUND, part, rng)
        chunk[1].append(section)
        chunk[2].extend(pairs)
        chunk[3].extend(boards)
        chunk[4].extend(lines)
    with transaction.atomic():
        save_chunk(*chunk)


def fresh_database(args) -> None:
    """An empty, migrated database: the SQLite file made anew, or the PostgreSQL bench database emptied."""
    from django.core.management import call_command
    from django.db import connection

    RESULTS.mkdir(parents=True, exist_ok=True)
    args.marker.unlink(missing_ok=True)
    if args.db_url:
        with connection.cursor() as cursor:  # the bench's own database: emptied, then built again
            cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    else:
        args.db.unlink(missing_ok=True)
    call_command("migrate", verbosity=0)
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=OFF")


def build(args) -> dict:
    from django.db import connection, transaction

    from club.models import Member
    from events.models import Session
    from events.standings.services.standings import store_standings

    started = time.perf_counter()
    fresh_database(args)
    rng = random.Random(args.seed)
    Member.objects.bulk_create(
        [
            Member(
                number=f"{10000 + i}",
                first_name=FIRST_NAMES[i % len(FIRST_NAMES)],
                last_name=f"{LAST_NAMES[(i // len(FIRST_NAMES)) % len(LAST_NAMES)]}-{i}",
            )
            for i in range(MEMBERS)
        ]
    )
    members = list(Member.objects.order_by("pk"))
    players = Players(members, rng)
    count = round(YEARS * 52 * SESSIONS_PER_WEEK * args.scale)
    dates = session_dates(count)
    chunk: tuple[list, list, list, list, list] = ([], [], [], [], [])
    for index, date in enumerate(dates):
        status = Session.Status.PROVISIONAL if index == len(dates) - 1 else Session.Status.FINAL
        session = Session(name=f"{DAY_NAMES[date.weekday()]} Pairs", date=date, status=status)
        section, pairs, boards, lines = build_section(
            session, "A", TABLES, BOARDS_PER_ROUND, players.field(2 * TABLES), rng
        )
        for bucket, items in zip(chunk, ([session], [section], pairs, boards, lines), strict=True):
            bucket.extend(items)
        if len(chunk[0]) == 100 or index == len(dates) - 1:
            with transaction.atomic():
                save_chunk(*chunk)
            chunk = ([], [], [], [], [])
            print(f"\r  {index + 1} of {len(dates)} sessions", end="", flush=True)
    print()
    build_championship(players, rng)
    print("  storing every pair's standing", flush=True)
    with transaction.atomic():
        store_standings()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    info = describe()
    info.update(scale=args.scale, seed=args.seed, build_seconds=round(time.perf_counter() - started, 1))
    args.marker.write_text(json.dumps(info, indent=2, default=str))
    return info


def migrate_existing() -> None:
    """Applies migrations added since the database was built (indexes, stored standings), then refreshes the
    statistics; writes the members' summaries when there are none yet."""
    import io

    from django.core.management import call_command
    from django.db import connection

    out = io.StringIO()
    call_command("migrate", verbosity=1, stdout=out)
    if "Applying" in out.getvalue():
        print(
            "  applied new migrations:",
            ", ".join(line.split()[1] for line in out.getvalue().splitlines() if line.strip().startswith("Applying")),
            flush=True,
        )
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    from events.models import MemberSummary

    if not MemberSummary.objects.exists():  # built before the stored summaries (migration events.0015)
        print("  writing every member's summary (refresh_member_summaries)", flush=True)
        call_command("refresh_member_summaries", stdout=out)


# --- measuring -----------------------------------------------------------------------------------


def main(argv=None) -> None:
    args = parse_args(argv)
    setup_django(args)
    where = "PostgreSQL" if args.db_url else args.db
    if args.rebuild or not args.marker.exists() or not (args.db_url or args.db.exists()):
        print(f"Building the club history in {where} (scale {args.scale:g}) ...", flush=True)
        info = build(args)
        print(f"  built in {info['build_seconds']} s: {info['sessions']} sessions, {info['lines']} lines", flush=True)
    else:
        info = json.loads(args.marker.read_text())
        print(f"Using {where} ({info['sessions']} sessions, {info['lines']} lines; --rebuild to build again)")
        migrate_existing()
    add_teams_season(info, args.seed)
    print("Measuring ...", flush=True)
    load_before = load_average()
    text = report(measure(args, info), info, args, load_before)
    print()
    print(text)
    RESULTS.mkdir(parents=True, exist_ok=True)
    args.report.write_text(text)
    print(f"Written to {args.report.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
