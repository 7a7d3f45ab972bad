"""The events app's part of the demo club (`club.demo` makes the members and the director first): two
finished sessions, every board entered through the services.

Every step is idempotent, so loading it twice changes nothing.
"""

import datetime
import random

from club.demo import MEMBERS
from club.typed_result import read_typed_result
from events.checks.services.fixes import set_status
from events.entry.services.lines import save_line
from events.entry.services.locking import session_write
from events.models import Section, Session
from events.plans import section_plan
from events.setup.services.setup import PlayersTyped, prepare_section, set_players
from events.standings.services.member_summaries import refresh_stale_member_summaries


def load_demo_sessions(director) -> dict:
    """The events app's part of the demo club (registered in `events.apps`): its finished sessions (counted
    alone: a second `make run` does not count the director's own sessions as demo ones)."""
    sessions = [load_demo_session(director, **spec) for spec in DEMO_SESSIONS]
    refresh_stale_member_summaries()  # what the task the publications enqueued does: the demo club is ready at once
    return {"sessions": len(sessions)}


DEMO_SESSIONS = [
    {
        "name": "Monday Mitchell",
        "date": datetime.date(2026, 11, 23),
        "kind": "mitchell",
        "tables": 7,
        "boards_per_round": 2,
        "seed": 23,
    },
    {
        "name": "Thursday Howell",
        "date": datetime.date(2026, 11, 26),
        "kind": "howell",
        "tables": 4,
        "boards_per_round": 2,
        "seed": 26,
    },
]
# Plausible contracts for the demo boards: (contract, declarer) and the usual number of tricks.
DEMO_CONTRACTS = [
    ("4S", "N", 10),
    ("3NT", "S", 9),
    ("2H", "E", 8),
    ("4H", "W", 10),
    ("3C", "N", 9),
    ("1NT", "W", 7),
    ("6S", "N", 12),
    ("2S", "S", 8),
    ("3NT", "E", 9),
    ("5D", "W", 11),
]


def demo_line(board: int, rng: random.Random) -> tuple[str, str, str]:
    """A result as a director types it: mostly the board's main contract, a trick more or less."""
    contract, declarer, tricks = DEMO_CONTRACTS[(board * 7) % len(DEMO_CONTRACTS)]
    if rng.random() < 0.2:
        contract, declarer, tricks = rng.choice(DEMO_CONTRACTS[:6])
    if rng.random() < 0.05:
        contract += "X"
    tricks = max(0, min(13, tricks + rng.choice([-1, 0, 0, 0, 1])))
    return contract, declarer, str(tricks)


def load_demo_session(director, *, name, date, kind, tables, boards_per_round, seed) -> Session:
    existing = Session.objects.filter(name=name, date=date).first()
    if existing:
        return existing
    rng = random.Random(seed)
    session = Session.objects.create(name=name, date=date, director=director)  # final once entered
    section = Section.objects.create(
        session=session, letter="A", kind=kind, tables=tables, boards_per_round=boards_per_round
    )
    prepare_section(section=section)
    members = [f"({number})" for number, _first, _last in MEMBERS]
    pairs = list(section.pairs.order_by("direction", "number"))
    assert len(members) >= 2 * len(pairs), "every demo pair is two members"
    rng.shuffle(members)
    set_players(typed=[PlayersTyped(pair, members[2 * i], members[2 * i + 1]) for i, pair in enumerate(pairs)])
    by_label = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    with session_write(session.pk):  # the standings stored once, after every line
        for slot in section_plan(section).schedule:
            contract, declarer, tricks = demo_line(slot.board, rng)
            board = boards[slot.board]
            board.section = section
            save_line(
                board=board,
                ns_pair=by_label[slot.ns],
                ew_pair=by_label[slot.ew],
                round_=slot.round,
                table=slot.table,
                result=read_typed_result(slot.board, contract, declarer, tricks, english_suits=True),
                user=director,
            )
    return set_status(session=session, status=Session.Status.FINAL, user=director)
