"""How many clubs' nights one app server carries, from the CPU `bench_clubs.py` measured (issue 31, item 6).

A club night, as the bench club plays it: TABLES tables of a Mitchell, each table playing BOARDS boards, the two
phones of each table polling its state every POLL_SECONDS while the session's HOURS last; after the last board
each of the 2 x TABLES x 2 players reads PAGE_VIEWS pages. Each result is one save (North-South) and one
confirmation (East-West); each of the two changes makes both phones of the table read the state built and load
the table's page again (counted at a save's CPU). Every page view is counted at its CPU made afresh (no page
cache: an upper bound; from the cache a page costs about a static file). Clubs play in the same evening, so one
server must carry every club's night in the same HOURS: it is given USE of its CORES (the rest is headroom for a
room's bursts, the task worker and the operating system); PostgreSQL and Redis on machines of their own.
"""

from __future__ import annotations

TABLES = 12
BOARDS = 24
POLL_SECONDS = 4  # static/js/table.js
HOURS = 3
PAGE_VIEWS = 10
CORES = 2
USE = 0.5

# The pages a player reads after a night, and how often each (the rest of PAGE_VIEWS: a traveller each).
READ = {"home": 1, "ranking-12": 2, "scorecard": 2, "member": 1}


def night(pages: dict[str, float], room: dict[str, tuple[float, float]]) -> dict[str, float]:
    """CPU seconds of one club night, by kind of request, from the medians measured (ms per request)."""
    results = TABLES * BOARDS
    players = 4 * TABLES
    state, save, confirm = room["poll (state built)"][0], room["save"][0], room["confirm"][0]
    idle_polls = 2 * TABLES * HOURS * 3600 / POLL_SECONDS
    travellers = PAGE_VIEWS - sum(READ.values())
    page_ms = sum(pages[name] * times for name, times in READ.items()) + pages["traveller"] * travellers
    return {
        "results (save + confirm)": results * (save + confirm) / 1000,
        "phones after each change (state + page)": results * 2 * 2 * (state + save) / 1000,
        "phones polling, nothing new (304)": idle_polls * room["poll 304"][0] / 1000,
        "players' pages, made afresh": players * page_ms / 1000,
    }


def estimate(pages: dict[str, float], room: dict[str, tuple[float, float]], label: str) -> list[str]:
    parts = night(pages, room)
    total = sum(parts.values())
    budget = CORES * USE * HOURS * 3600
    lines = [f"One club night ({label}): {TABLES} tables x {BOARDS} boards = {TABLES * BOARDS} results, "
             f"{2 * TABLES} phones polling every {POLL_SECONDS} s for {HOURS} h, {4 * TABLES} players x "
             f"{PAGE_VIEWS} pages:"]  # fmt: skip
    lines += [f"  {name:42} {seconds:7.1f} s CPU" for name, seconds in parts.items()]
    lines.append(f"  {'a night in all':42} {total:7.1f} s CPU")
    lines.append(
        f"  one {CORES}-core app server at {USE:.0%} for the {HOURS}-hour evening ({budget:,.0f} s CPU): "
        f"{budget / total:.0f} clubs' nights at once"
    )
    return lines
