"""One club against 200 (issue 31, item 6): every page's CPU and a table room's, side by side, in one run.

    .venv/bin/python bench/bench_clubs.py --one postgres://postgres@127.0.0.1:54329/scale_one \\
        --many postgres://postgres@127.0.0.1:54329/scale_many --scale 0.2

`--one` holds the bench club alone (`bench_pages.py --scale 0.2 --db-url ...`: two years of a busy club), measured
in single-club mode as an installation runs today; `--many` a copy of it multiplied to N clubs by
`multiply_clubs.py`, measured as a site serving many clubs (`CLUBS=many`, pages under `/c/SHORT_NAME/`) for its
first club (the original rows) and its last (the newest copy). For each: `profile_pages.py --cpu-only` (each page's
process CPU per request, Django's test client, no page cache: every page made) and `profile_table.py --keep` (a
30-table room's saves, confirmations and polls, process CPU per request; its session dated 2000, older than
every other, so that it never becomes the newest). Each part runs in its own process, one after the other, with
the load average before it; then the capacity those figures give (`club_capacity.py`: how many clubs' nights one
2-core app server carries, under the assumptions stated there). The report is printed and written to
`bench/results/clubs-DB.txt`, and with `--readme` into README.md (*Many clubs on one site*, between its markers).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from club_capacity import estimate  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
README = ROOT / "README.md"
START, END = "<!-- bench-clubs:start -->", "<!-- bench-clubs:end -->"
PAGE = re.compile(r"^=== (?P<name>\S+) \S+: (?P<cpu>[\d.]+) ms CPU per request")
TABLE = re.compile(r"^  CPU per (?P<name>.+?): median (?P<median>[\d.]+) ms, p95 (?P<p95>[\d.]+) ms")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one", required=True, help="the database of the bench club alone")
    parser.add_argument("--many", required=True, help="the database of the bench club multiplied (multiply_clubs)")
    parser.add_argument("--scale", default="0.2", help="the scale the bench club was built at (bench_pages)")
    parser.add_argument("--requests", type=int, default=20, help="timed requests per page (20)")
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-table", action="store_true")
    parser.add_argument("--readme", action="store_true", help="write the report into README.md (its markers)")
    return parser.parse_args(argv)


def run(command: list[str], env: dict | None = None) -> tuple[str, tuple[float, ...], float]:
    """The command's output, the load average before it and its wall seconds."""
    load = os.getloadavg()
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env={**os.environ, **(env or {})}, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    return done.stdout, load, time.perf_counter() - started


def pages(args, url: str, club: str | None) -> tuple[dict[str, float], tuple]:
    where = ["--db", url[len("sqlite:///") :]] if url.startswith("sqlite:") else ["--db-url", url]
    command = [sys.executable, "bench/profile_pages.py", "--cpu-only", *where, "--scale", args.scale]
    command += ["--requests", str(args.requests), *(("--club", club) if club else ())]
    out, load, _wall = run(command)
    return {found["name"]: float(found["cpu"]) for found in map(PAGE.match, out.splitlines()) if found}, load


def table(args, url: str, club: str | None) -> tuple[dict[str, tuple[float, float]], tuple]:
    command = [sys.executable, "bench/profile_table.py", "--keep", "--tables", str(args.tables)]
    command += ["--rounds", str(args.rounds), *(("--club", club) if club else ())]
    out, load, _wall = run(command, {"DATABASE_URL": url})
    found = {m["name"]: (float(m["median"]), float(m["p95"])) for m in map(TABLE.match, out.splitlines()) if m}
    return found, load


def club_of(url: str) -> str:
    """The short name of the one club of the database at `url`."""
    code = (
        "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'clubsite.settings'); django.setup()\n"
        "from club.models import Club\n"
        "print(Club.objects.get().short_name)\n"
    )
    return run([sys.executable, "-c", code], {"DATABASE_URL": url})[0].strip()


def database_facts(url: str) -> str:
    code = (
        "import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'clubsite.settings'); django.setup()\n"
        "from django.db import connection\n"
        "from club.models import Club\n"
        "from club.tenancy import all_clubs\n"
        "from events.models import Session, TravellerLine\n"
        "with all_clubs(), connection.cursor() as c:\n"
        "    if connection.vendor == 'postgresql':\n"
        "        c.execute('SELECT pg_size_pretty(pg_database_size(current_database()))')\n"
        "        size = c.fetchone()[0]\n"
        "    else:\n"
        "        size = f'{os.path.getsize(connection.settings_dict[\"NAME\"]) // 2**20} MB'\n"
        "    print(f'{Club.objects.count()} clubs, {Session.objects.count():,} sessions, '\n"
        "          f'{TravellerLine.objects.count():,} traveller lines, {size}')\n"
    )
    out, _load, _wall = run([sys.executable, "-c", code], {"DATABASE_URL": url, "CLUBS": "many"})
    return out.strip()


def report(args, measured: dict, facts: dict, clubs: dict) -> str:
    n = clubs["count"]
    lines = [
        f"bench_clubs: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} CPUs, "
        f"{'SQLite' if args.many.startswith('sqlite:') else 'PostgreSQL'}",
        f"  one club:  {facts['one']}",
        f"  many:      {facts['many']} (multiply_clubs.py: {clubs['seconds']} s)",
        f"pages: process CPU ms per request (mean of {args.requests}, test client, no page cache), load average "
        "(1 min) before each column",
        "  1 club: today's single-club mode; 1 club, many: the same database with CLUBS=many (/c/SHORT_NAME/);",
        f"  {n} clubs: the multiplied database with CLUBS=many, its first club and its last (the newest copy);",
        f"  ratio: {n} clubs' last to 1 club, many (the clubs' number alone); mode: 1 club, many to 1 club",
        f"{'page':18} {'1 club':>8} {'1, many':>8} {f'{n}: first':>10} {f'{n}: last':>10} {'ratio':>6} {'mode':>6}",
    ]
    keys = ("pages one", "pages one many", "pages first", "pages last")
    one, one_many, first, newest = (measured[key][0] for key in keys)
    for name in [*one, *[n for n in newest if n not in one]]:
        values = (one.get(name), one_many.get(name), first.get(name), newest.get(name))
        cells = [f"{v:8.1f}" if v is not None else f"{'-':>8}" for v in values]
        ratio = f"{values[3] / values[1]:6.2f}" if values[1] and values[3] else f"{'':>6}"
        mode = f"{values[1] / values[0]:6.2f}" if values[0] and values[1] else f"{'':>6}"
        lines.append(f"{name:18} {cells[0]} {cells[1]} {cells[2]:>10} {cells[3]:>10} {ratio} {mode}")
    loads = [measured[key][1][0] for key in keys]
    lines.append(f"{'load average':18} {loads[0]:8.2f} {loads[1]:8.2f} {loads[2]:10.2f} {loads[3]:10.2f}")
    if "table one" in measured:
        lines.append(
            f"table room, {args.tables} tables, {args.rounds} rounds of 2 boards: process CPU ms per request, "
            f"median / p95 (test client)"
        )
        keys = ("table one", "table one many", "table last")
        lines.append(f"{'request':20} {'1 club':>15} {'1 club, many':>15} {f'{n} clubs: last':>15}")
        rooms = [measured[key][0] for key in keys]
        for name in rooms[0]:
            cells = [room.get(name, (float("nan"), float("nan"))) for room in rooms]
            lines.append(f"{name:20} " + " ".join(f"{median:7.1f} /{p95:6.1f}" for median, p95 in cells))
        loads = [measured[key][1][0] for key in keys]
        lines.append(f"{'load average':20} {loads[0]:15.2f} {loads[1]:15.2f} {loads[2]:15.2f}")
        lines.append("capacity (bench/club_capacity.py: the assumptions in its docstring and the README):")
        lines += estimate(measured["pages one"][0], measured["table one"][0], "1 club, single-club mode")
        lines += estimate(measured["pages last"][0], measured["table last"][0], f"{n} clubs, CLUBS=many")
    return "\n".join(lines) + "\n"


def write_readme(text: str) -> None:
    """The report into README.md between its markers (section *Many clubs on one site*)."""
    readme = README.read_text()
    block = f"{START}\n```text\n{text}```\n{END}"
    README.write_text(readme[: readme.index(START)] + block + readme[readme.index(END) + len(END) :])


def main(argv=None) -> None:
    args = parse_args(argv)
    name = Path(args.many).stem if args.many.startswith("sqlite:") else args.many.rstrip("/").rsplit("/", 1)[-1]
    made = json.loads((RESULTS / f"clubs-{name}.json").read_text())
    copies = made["clubs"]
    clubs = {"first": min(copies, key=copies.get), "last": max(copies, key=copies.get), "count": len(copies)}
    clubs["seconds"] = made.get("seconds", "?")
    alone = club_of(args.one)
    facts = {"one": database_facts(args.one), "many": database_facts(args.many)}
    measured = {
        "pages one": pages(args, args.one, None),
        "pages one many": pages(args, args.one, alone),
        "pages first": pages(args, args.many, clubs["first"]),
        "pages last": pages(args, args.many, clubs["last"]),
    }
    if not args.skip_table:
        measured["table one"] = table(args, args.one, None)
        measured["table one many"] = table(args, args.one, alone)
        measured["table last"] = table(args, args.many, clubs["last"])
    text = report(args, measured, facts, clubs)
    print(text)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"clubs-{name}.txt").write_text(text)
    if args.readme:
        write_readme(text)


if __name__ == "__main__":
    main()
