"""The README's measured figures, made again on the machine at hand (`make bench-readme`): runs `bench_pages.py`
(the pages made afresh and the rescoring, on SQLite and, with `--db-url`, PostgreSQL), `bench_http.py` (each
public page over HTTP against a static file, on the same bench club) and `bench_reader.py` (a logged-in player's
ranking, traveller and scorecard from the page cache against a static file), then writes their reports, dated,
with the machine, its load average and the CPU per request beside every wall time, between the README's markers
`<!-- bench-readme:start -->` and `<!-- bench-readme:end -->` (section *Measured on this machine*).

    .venv/bin/python bench/bench_readme.py [--db-url postgres://...] [--scale 1] [--requests 50] [--http-requests 20]
        [--table-db-url postgres://.../table] [--table-args "--rounds 3"] [--tasks-args "--emails 500"] [--skip tasks]
    .venv/bin/python bench/bench_readme.py --only table [--table-db-url postgres://.../table]

Then `bench_table.py` (table entry: a 30-table room, in its own database, then `profile_table.py`: each save,
confirmation and poll's CPU in process) and `bench_tasks.py` (the background tasks: the hands' analysis and the
results emails), each with the server's CPU per request beside its wall times.

`--only table` measures table entry alone (on SQLite, and on PostgreSQL with `--table-db-url`) and replaces only
its reports in the section, each dated with its own load average (`make bench-readme-table`).

Nothing is copied from another run: every figure written comes from this run's reports.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from cpu_meter import load_average, speed_probe  # noqa: E402

PYTHON = str(ROOT / ".venv" / "bin" / "python")
README = ROOT / "README.md"
START, END = "<!-- bench-readme:start -->", "<!-- bench-readme:end -->"


PROBES: list[float] = []  # the machine's speed (cpu_meter.speed_probe) before and after each script run


def run(*args: str, env: dict[str, str] | None = None) -> str:
    """A bench script's standard output (its progress goes to the terminal as it runs), the machine's speed probed
    before and after it (`PROBES`)."""
    print("$", " ".join(args), flush=True)
    PROBES.append(speed_probe())
    done = subprocess.run(
        [PYTHON, *args], cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True, env={**os.environ, **(env or {})}
    )
    PROBES.append(speed_probe())
    print(done.stdout, flush=True)
    return done.stdout


def probed(text: str, runs: int = 1) -> str:
    """A report with the machine's speed before and after its last `runs` scripts."""
    before, after = PROBES[-2 * runs], PROBES[-1]
    return (
        f"{text}\nspeed probe before / after (ms of a fixed Python loop; lower is faster): {before:.0f} / {after:.0f}"
    )


def from_line(output: str, starts: str) -> str:
    """A report from its first line starting with `starts` on (the setup's progress left out)."""
    lines = output.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(starts)), 0)
    return "\n".join(lines[start:]).strip()


def pages_report(output: str) -> str:
    """bench_pages' table (from its header line on), without its progress lines."""
    start = output.find("Pages at club scale")
    end = output.find("Written to")
    return output[start:end].strip()


def http_report(output: str) -> str:
    return from_line(output, "page sizes")


def machine() -> str:
    model = ""
    try:
        found = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
        model = found.group(1).strip() if found else ""
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs{f' ({model})' if model else ''}, {platform.system()} {platform.release()}"


def section(reports: list[tuple[str, str]], load_before: str, args) -> str:
    now = datetime.datetime.now(datetime.UTC)
    parts = [
        START,
        f"### Measured on this machine: {now:%Y-%m-%d %H:%M} UTC",
        "",
        f"Written by `make bench-readme` (bench/bench_readme.py) on {machine()}, Python {platform.python_version()}; "
        f"the bench club at scale {args.scale:g}. Load average (1, 5, 15 min) before: {load_before}; after: "
        f"{load_average()}. CPU per request (process time) moves far less with the load than wall time: compare "
        "runs by it.",
    ]
    for title, text in reports:
        parts += ["", f"{title}:", "", "```text", text, "```"]
    parts.append(END)
    return "\n".join(parts)


def write_readme(text: str) -> None:
    readme = README.read_text()
    if START in readme and END in readme:
        readme = readme[: readme.index(START)] + text + readme[readme.index(END) + len(END) :]
    else:
        readme = readme.rstrip("\n") + "\n\n" + text + "\n"
    README.write_text(readme)


def table_report(table_db_url: str | None, table_args: str) -> tuple[str, str]:
    """bench_table's report, titled by its database (SQLite's scratch file unless `table_db_url`)."""
    env = {"DATABASE_URL": table_db_url} if table_db_url else {}
    output = run("bench/bench_table.py", *table_args.split(), env=env)
    where = "PostgreSQL" if (table_db_url or "").startswith("postgres") else "SQLite"
    # Then each request's own CPU, in process (its database emptied first: bench_table's, or a scratch SQLite file).
    in_process = run("bench/profile_table.py", env=env)
    title = f"Table entry, {where} (`bench_table.py`, gunicorn with 3 workers; then `profile_table.py`, in process)"
    return title, probed(from_line(output, "table") + "\n\n" + from_line(in_process, "table entry in process"), runs=2)


def replace_reports(reports: list[tuple[str, str]], load_before: str) -> None:
    """`--only table`: each report replaces the one of the same title in the README's section (or is added at its
    end), dated, with the load average of this run; the rest of the section stays as it was measured."""
    readme = README.read_text()
    if START not in readme or END not in readme:
        raise SystemExit("The README has no measured section: run bench_readme.py without --only first.")
    head, rest = readme.split(START, 1)
    body, tail = rest.split(END, 1)
    now = datetime.datetime.now(datetime.UTC)
    for title, text in reports:
        block = (
            f"{title}, measured again {now:%Y-%m-%d %H:%M} UTC on {machine()} (load average before {load_before}, "
            f"after {load_average()}):\n\n```text\n{text}\n```\n"
        )
        found = re.search(rf"^{re.escape(title)}[^\n]*:\n\n```text\n.*?\n```\n", body, flags=re.S | re.M)
        body = body[: found.start()] + block + body[found.end() :] if found else body.rstrip("\n") + "\n\n" + block
    README.write_text(head + START + body + END + tail)


def http_reports(databases: list[tuple[str, list[str], str]], args) -> list[tuple[str, str]]:
    """Over HTTP, each database's bench club: its public pages (bench_http) and a logged-in player's (bench_reader)."""
    reports = []
    for name, _where, url in databases:
        output = run(
            "bench/bench_http.py",
            "--db-url",
            url,
            "--requests",
            str(args.http_requests),
            "--concurrency",
            args.concurrency,
            "--port",
            args.http_port,
        )
        reports.append((f"Over HTTP, {name} (`bench_http.py`, gunicorn with 2 workers)", probed(http_report(output))))
        output = run("bench/bench_reader.py", "--db-url", url, "--requests", "100")  # cached pages: cheap
        title = f"A logged-in player's pages over HTTP, {name} (`bench_reader.py`, gunicorn)"
        reports.append((title, probed(from_line(output, "load average before"))))
    return reports


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db-url", default=None, help="PostgreSQL database for the bench club as well")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--requests", type=int, default=50, help="bench_pages' requests per page")
    parser.add_argument("--http-requests", type=int, default=20, help="bench_http's requests per kind and page")
    parser.add_argument("--concurrency", default="1,8")
    parser.add_argument("--http-port", default="8731", help="bench_http's port (and the next one)")
    parser.add_argument(
        "--table-db-url", default=None, help="bench_table's database (its own: it adds a session; default SQLite)"
    )
    parser.add_argument("--table-args", default="", help='bench_table\'s options, e.g. "--rounds 2"')
    parser.add_argument("--tasks-args", default="", help='bench_tasks\' options, e.g. "--boards 12 --emails 60"')
    parser.add_argument("--skip", default="", help="parts left out, e.g. table,tasks")
    parser.add_argument(
        "--only",
        choices=["table"],
        help="measure table entry alone (SQLite, and --table-db-url's PostgreSQL), replacing only its reports",
    )
    args = parser.parse_args()
    load_before = load_average()
    if args.only == "table":
        urls = [None] + ([args.table_db_url] if args.table_db_url else [])
        replace_reports([table_report(url, args.table_args) for url in urls], load_before)
        print(f"Table entry written to {README.relative_to(ROOT)} (section 'Measured on this machine')")
        return
    scale = ["--scale", f"{args.scale:g}"]
    sqlite = ROOT / "bench" / "results" / f"club-scale-{args.scale:g}.sqlite3"  # where bench_pages builds it
    databases = [("SQLite", [], f"sqlite:///{sqlite}")]
    if args.db_url:
        databases.append(("PostgreSQL", ["--db-url", args.db_url], args.db_url))
    reports = []
    for name, where, _url in databases:
        output = run("bench/bench_pages.py", *scale, *where, "--requests", str(args.requests))
        reports.append(
            (
                f"Pages made afresh, {name} (`bench_pages.py`, Django's test client in one process)",
                probed(pages_report(output)),
            )
        )
    reports += http_reports(databases, args)
    skip = set(args.skip.split(","))
    if "table" not in skip:  # on SQLite, and on PostgreSQL when given its database
        for url in [None] + ([args.table_db_url] if args.table_db_url else []):
            reports.append(table_report(url, args.table_args))
    if "tasks" not in skip:
        output = run("bench/bench_tasks.py", *args.tasks_args.split())
        title = "Background tasks, SQLite (`bench_tasks.py`, `manage.py runsite`)"
        reports.append((title, probed(from_line(output, "set up"))))
    write_readme(section(reports, load_before, args))
    print(f"Written to {README.relative_to(ROOT)} (section 'Measured on this machine')")


if __name__ == "__main__":
    main()
