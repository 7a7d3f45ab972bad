"""The bench club multiplied: one club's every record copied inside the database into clubs 2..N (issue 31, item 6).

    .venv/bin/python bench/multiply_clubs.py --db-url postgres://postgres@127.0.0.1:54329/scale_many --clubs 200
    .venv/bin/python bench/multiply_clubs.py --db bench/results/clubs-200.sqlite3 --clubs 200

The database holds one club built by `bench_pages.py` (`--scale 0.2`: two years of a busy club); make it a copy
first (`createdb -T`, `cp`): this script adds to it. Building 200 clubs through Python (scoring each line) would
take hours; the rows are copied by SQL instead, one statement per table for a batch of clubs: every id of copy
`k` is the original's plus `k * OFFSET` (OFFSET a power of ten above every id of the club), every foreign key to a
copied table moved the same way, the roots' `club` column set to copy `k`'s club. The tables copied are those of
every club-owned model (the ones whose default manager narrows to a club, `club.tenancy.scoped_manager`) and their
history tables; logins, the task queue and the page cache are not a club's. Foreign keys are not checked while
copying (PostgreSQL's replica role, SQLite's `foreign_keys` off): every key points into the same copy by
construction. The sequences move past the copies, and the statistics are gathered again (ANALYZE).

It writes `bench/results/clubs-DB.json`: the offset and each club's short name (`bench-K`) with its copy number,
read by `profile_pages.py --club` and `bench_clubs.py`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
sys.path.insert(0, str(ROOT))


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="the SQLite file holding the one club (a copy: it is added to)")
    parser.add_argument("--db-url", help="the PostgreSQL database holding the one club (a copy: it is added to)")
    parser.add_argument("--clubs", type=int, default=200, help="clubs in all, the first one included (200)")
    parser.add_argument("--batch", type=int, default=10, help="copies made by one statement per table (10)")
    parser.add_argument(
        "--finish", action="store_true", help="after a run stopped early: keep the copies made, drop the clubs not made"
    )
    args = parser.parse_args(argv)
    if bool(args.db) == bool(args.db_url):
        parser.error("give one of --db and --db-url")
    args.name = args.db_url.rstrip("/").rsplit("/", 1)[-1] if args.db_url else args.db.stem
    return args


def copied_tables() -> list[dict]:
    """Each club-owned table (and history table): its columns, which are ids to move, which is the club."""
    from django.apps import apps

    from club.tenancy import ClubScopedManager

    owned = {m for m in apps.get_models() if isinstance(m._default_manager, ClubScopedManager)}
    history = {m for m in apps.get_models() if getattr(m, "instance_type", None) in owned}  # simple_history's
    tables = []
    for model in sorted(owned | history, key=lambda m: m._meta.db_table):
        moved, club = {model._meta.pk.column}, None
        if model in history:
            moved.add(model.instance_type._meta.pk.column)  # the recorded row's id
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model in owned:
                moved.add(field.column)
            elif field.is_relation and field.related_model._meta.label == "club.Club":
                club = field.column
        columns = [field.column for field in model._meta.concrete_fields]
        tables.append({"table": model._meta.db_table, "pk": model._meta.pk.column, "columns": columns,
                       "moved": moved, "club": club})  # fmt: skip
    return tables


def offset_above(tables: list[dict], cursor) -> int:
    highest = 1
    for table in tables:
        cursor.execute(f'SELECT MAX("{table["pk"]}") FROM "{table["table"]}"')
        highest = max(highest, cursor.fetchone()[0] or 0)
    return 10 ** len(str(highest))


def copy_statement(table: dict, offset: int) -> str:
    def value(column: str) -> str:
        if column == table["club"]:
            return "copies.club_id"
        if column in table["moved"]:
            return f't."{column}" + copies.k * {offset}'
        return f't."{column}"'

    names = ", ".join(f'"{column}"' for column in table["columns"])
    values = ", ".join(value(column) for column in table["columns"])
    return (
        f'INSERT INTO "{table["table"]}" ({names}) SELECT {values} FROM "{table["table"]}" t, bench_copies copies '
        f'WHERE t."{table["pk"]}" < {offset} AND copies.k BETWEEN %s AND %s'
    )


def make_clubs(count: int) -> dict[str, int]:
    """Clubs 2..count (`bench-K`, copy number K - 1); the first club is renamed `bench-1`."""
    from club.models import Club

    first = Club._base_manager.order_by("pk").first()
    Club._base_manager.filter(pk=first.pk).update(short_name="bench-1", name="Bench club 1")
    for number in range(2, count + 1):
        Club._base_manager.get_or_create(short_name=f"bench-{number}", defaults={"name": f"Bench club {number}"})
    return dict(Club._base_manager.filter(short_name__startswith="bench-").values_list("short_name", "pk"))


def reset_sequences(tables: list[dict], cursor, vendor: str) -> None:
    if vendor != "postgresql":
        return  # SQLite's AUTOINCREMENT-free integer keys take the next above the highest
    for table in tables:
        cursor.execute(
            f"SELECT setval(pg_get_serial_sequence('\"{table['table']}\"', '{table['pk']}'), "
            f'COALESCE((SELECT MAX("{table["pk"]}") FROM "{table["table"]}"), 1))'
        )


def multiply(args) -> dict:
    from django.db import connection, transaction

    from club.models import Club

    if Club._base_manager.count() != 1:
        raise SystemExit("The database must hold one club (a fresh copy of the bench club's).")
    tables = copied_tables()
    clubs = make_clubs(args.clubs)
    copies = {short: int(short.split("-")[1]) - 1 for short in clubs}
    with connection.cursor() as cursor:
        offset = offset_above(tables, cursor)
        cursor.execute("DROP TABLE IF EXISTS bench_copies")
        cursor.execute("CREATE TABLE bench_copies (k integer PRIMARY KEY, club_id integer NOT NULL)")
        cursor.executemany("INSERT INTO bench_copies VALUES (%s, %s)", [(k, clubs[s]) for s, k in copies.items() if k])
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA foreign_keys = OFF")
            cursor.execute("PRAGMA synchronous = OFF")
        started = time.perf_counter()
        for first in range(1, args.clubs, args.batch):
            last = min(first + args.batch - 1, args.clubs - 1)
            with transaction.atomic():
                if connection.vendor == "postgresql":
                    cursor.execute("SET LOCAL session_replication_role = replica")
                for table in tables:
                    cursor.execute(copy_statement(table, offset), [first, last])
            print(f"  copies {first}-{last} made ({time.perf_counter() - started:.0f} s)", flush=True)
        reset_sequences(tables, cursor, connection.vendor)
        cursor.execute("DROP TABLE bench_copies")
        print("  ANALYZE", flush=True)
        cursor.execute("ANALYZE")
    return {"offset": offset, "clubs": copies}


def finish(args) -> dict:
    """A run stopped between two batches (each one transaction): the clubs whose copies were made are kept, the
    others (made empty up front) removed; the sequences and the statistics as at the end of a run."""
    from django.db import connection

    from club.models import Club

    tables = copied_tables()
    clubs = dict(Club._base_manager.filter(short_name__startswith="bench-").values_list("short_name", "pk"))
    with connection.cursor() as cursor:
        cursor.execute('SELECT "club_id", MIN("id") FROM "events_session" GROUP BY "club_id"')
        firsts = dict(cursor.fetchall())
        made = {short: pk for short, pk in clubs.items() if pk in firsts}
        number = {short: int(short.split("-")[1]) - 1 for short in made}
        copy = max(number, key=number.get)  # copy k's ids are the first club's moved by k * offset
        offset = (firsts[made[copy]] - firsts[clubs["bench-1"]]) // max(number[copy], 1)
        Club._base_manager.filter(short_name__startswith="bench-").exclude(pk__in=made.values()).delete()
        reset_sequences(tables, cursor, connection.vendor)
        cursor.execute("DROP TABLE IF EXISTS bench_copies")
        print("  ANALYZE", flush=True)
        cursor.execute("ANALYZE")
    return {"offset": offset, "clubs": number}


def main(argv=None) -> None:
    args = parse_args(argv)
    os.environ["DATABASE_URL"] = args.db_url or f"sqlite:///{args.db.resolve()}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    import django

    django.setup()
    started = time.perf_counter()
    facts = finish(args) if args.finish else multiply(args)
    facts["seconds"] = round(time.perf_counter() - started)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"clubs-{args.name}.json").write_text(json.dumps(facts, indent=2))
    print(f"{len(facts['clubs'])} clubs in {facts['seconds']} s; offset {facts['offset']}", flush=True)


if __name__ == "__main__":
    main()
