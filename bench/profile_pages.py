"""Where a page's CPU goes: each hot page of the bench club (built by bench_pages.py) requested through Django's
test client under cProfile, as bench_pages measures it (DEBUG off, no page cache).

    .venv/bin/python bench/profile_pages.py [--db-url postgres://...] [--requests 20] [--page ranking-30] [--top 25]
    .venv/bin/python bench/profile_pages.py --cpu-only --db-url postgres://.../scale_many --club bench-200

`--club SHORT_NAME` measures one club of a database of many (`multiply_clubs.py`) as a site serving many clubs
does (`CLUBS=many`, its pages under `/c/SHORT_NAME/`): the club's pages are the copy's of the bench club's.

Prints, for each page, the CPU milliseconds per request (time.process_time, without the profiler) and the
functions that take the most of it (cumulative and own time, with the profiler on).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_pages import (
    RESULTS,  # noqa: E402
    setup_django,  # noqa: E402
)
from bench_pages import parse_args as bench_args  # noqa: E402


def club_info(info: dict, bench, short_name: str) -> dict:
    """The bench club's facts for one of its copies (`multiply_clubs.py`: every id moved by the copy's offset)."""
    name = bench.db_url.rstrip("/").rsplit("/", 1)[-1] if bench.db_url else bench.db.stem
    found = RESULTS / f"clubs-{name}.json"
    if not found.exists():  # the bench club alone, measured with CLUBS=many: its own ids
        return info
    facts = json.loads(found.read_text())
    moved = facts["clubs"][short_name] * facts["offset"]
    return {**info, "big_session": info["big_session"] + moved, "busiest_member": info["busiest_member"] + moved}


def hot_urls(info: dict) -> dict[str, str]:
    """The pages of issue 32: home, the 30-table ranking, a traveller and a scorecard of a 12-table session, and the
    busiest member's page; and the newest session's ranking CSV, the members' list, the newest teams event's
    standings and one of its matches."""
    from events.models import Pair, Section, Session
    from teams.models import TeamEvent

    session = Session.objects.exclude(pk=info["big_session"]).order_by("-date").first()
    section = Section.objects.filter(session=session).first()
    pair = Pair.objects.filter(section=section, player1__isnull=False).order_by("pk").first()
    urls = {
        "home": "/",
        "ranking-12": f"/sessions/{session.pk}/",
        "ranking-30": f"/sessions/{info['big_session']}/",
        "traveller": f"/sessions/{session.pk}/sections/{section.pk}/boards/5/",
        "scorecard": f"/sessions/{session.pk}/pairs/{pair.pk}/",
        "member": f"/members/{info['busiest_member']}/",
        "ranking-csv": f"/sessions/{session.pk}/ranking.csv",
        "members": "/members/",
    }
    event = TeamEvent.objects.order_by("-date", "-pk").first()
    if event is not None:
        match = event.matches.filter(away__isnull=False).order_by("-round", "pk").first()
        urls.update({"teams-standings": f"/teams/{event.pk}/", "teams-match": f"/teams/matches/{match.pk}/"})
    return urls


def cpu_per_request(client, url: str, requests: int) -> float:
    for _ in range(2):
        assert client.get(url).status_code == 200
    started = time.process_time()
    for _ in range(requests):
        client.get(url)
    return 1000 * (time.process_time() - started) / requests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", action="append", help="only these pages (home, ranking-30, traveller ...)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--sort", default="cumulative", help="cumulative or tottime")
    parser.add_argument("--cpu-only", action="store_true", help="the CPU per request alone, no profile")
    parser.add_argument("--club", help="one club of a database of many (multiply_clubs.py), with CLUBS=many")
    args, rest = parser.parse_known_args()
    bench = bench_args(rest)
    if args.club:
        os.environ["CLUBS"] = "many"
    setup_django(bench)
    from django.core.management import call_command
    from django.test import Client

    from club.tenancy import club_scope, command_club

    info = json.loads(bench.marker.read_text())
    # As bench_pages does (and cron every minute): the summaries its corrections marked stale written again.
    call_command("refresh_member_summaries", "--stale", stdout=io.StringIO())
    client = Client()
    prefix = f"/c/{args.club}" if args.club else ""
    with club_scope(command_club(args.club)):
        urls = hot_urls(club_info(info, bench, args.club) if args.club else info)
    print(f"load average {os.getloadavg()}", flush=True)
    pages = {name: prefix + path for name, path in urls.items()}
    if args.club:
        pages["host-front"] = "/"  # the host's list of every club
    for name, url in pages.items():
        if args.page and name not in args.page:
            continue
        cpu = cpu_per_request(client, url, bench.requests)
        print(f"\n=== {name} {url}: {cpu:.1f} ms CPU per request ({bench.requests} requests) ===", flush=True)
        if args.cpu_only:
            continue
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(bench.requests):
            client.get(url)
        profile.disable()
        pstats.Stats(profile).strip_dirs().sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
