"""Sessions and sections made from their movement, with lines entered through the services as a director would."""

import datetime
import random
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from club.typed_result import read_typed_result
from events.entry.services.lines import save_line
from events.entry.services.locking import session_write
from events.models import Pair, Section, Session
from events.plans import section_plan
from events.setup.services.setup import prepare_section
from events.standings.selectors.ranking import rank_sessions
from events.standings.services.member_summaries import refresh_session_members
from events.standings.services.standings import STANDING_FIELDS

MONDAY = datetime.date(2026, 11, 2)
DATA = Path(__file__).parent.parent / "events" / "data"
HOWELL = DATA / "howell_3_tables.csv"  # 3 tables, pairs 1-6, boards 1-6, each board played 3 times
MITCHELL = DATA / "mitchell_3_tables.csv"  # 3 tables, pairs 1NS-3NS and 1EW-3EW, boards 1-6
SESSION_FIELDS = frozenset(field.name for field in Session._meta.fields)


# --- sessions and sections ---------------------------------------------------------------------------------------


def make_session(kind="mitchell", tables=5, boards_per_round=1, name=None, date=MONDAY, **fields):
    """A session with one section A, its boards and pairs made from the movement → (session, section).

    `fields` are the session's (scoring, status, scale ...) or the section's (rounds, phantom ...);
    the session is called "Test <kind>" unless `name` is given.
    """
    session = Session.objects.create(
        name=name or f"Test {kind}", date=date, **{key: value for key, value in fields.items() if key in SESSION_FIELDS}
    )
    section = Section.objects.create(
        session=session,
        letter="A",
        kind=kind,
        tables=tables,
        boards_per_round=boards_per_round,
        **{key: value for key, value in fields.items() if key not in SESSION_FIELDS},
    )
    prepare_section(section=section)
    return session, section


def club_night(kind="mitchell", tables=3, boards_per_round=2, name="Club night", **fields):
    """The checks' session: unless told otherwise a 3-table Mitchell of two boards a round, boards 1-6 played
    three times each."""
    return make_session(kind, tables, boards_per_round, name=name, **fields)


def big_session(tables=7, sections=("A", "B"), kind="mitchell", boards_per_round=2) -> Session:
    """A final session of several sections, every slot entered with a plausible result (for size tests)."""
    session = Session.objects.create(name="Big night", date=datetime.date(2026, 11, 9))
    for letter in sections:
        section = Section.objects.create(
            session=session, letter=letter, kind=kind, tables=tables, boards_per_round=boards_per_round
        )
        prepare_section(section=section)
    fill_session(session)
    return made_final(session)


def made_final(session: Session) -> Session:
    """The session, its results entered, made final (read-only from then on)."""
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINAL)
    refresh_session_members(session_ids=[session.pk])  # as set_status does: its members' pages count it
    session.refresh_from_db()
    return session


def free_entry_session(neuberg=True, final=True) -> Session:
    """A free-entry section (no movement), boards played 3, 2 and 1 times: Neuberg's E is the most played; final
    unless `final` is False (then still open to entry)."""
    session, section = make_session(
        "none",
        tables=3,
        boards_per_round=3,
        rounds=1,
        name="Free",
        date=datetime.date(2026, 11, 3),
        short_boards_neuberg=neuberg,
    )
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    results = {
        1: [("1NS", "1EW", "4S", "N", "10"), ("2NS", "2EW", "4S", "N", "9"), ("3NS", "3EW", "3NT", "S", "9")],
        2: [("1NS", "2EW", "2H", "E", "8"), ("2NS", "3EW", "2H", "E", "9")],
        3: [("3NS", "1EW", "1NT", "N", "7")],
    }
    for number, lines in results.items():
        for ns, ew, contract, declarer, tricks in lines:
            save_line(
                board=boards[number],
                ns_pair=pairs[ns],
                ew_pair=pairs[ew],
                result=read_typed_result(number, contract, declarer, tricks),
            )
    return made_final(session) if final else session


def session_post(**section):
    """The set-up form's data for a new session of one section (a 5-table Mitchell unless `section` says)."""
    data = {
        "name": "Monday pairs",
        "date": "2026-11-30",
        "scoring": "matchpoints",
        "scale": "ebu",
        "short_boards_neuberg": "on",
        "sections-TOTAL_FORMS": "1",
        "sections-INITIAL_FORMS": "0",
        "sections-MIN_NUM_FORMS": "1",
        "sections-MAX_NUM_FORMS": "1000",
    }
    fields = {
        "letter": "A",
        "kind": "mitchell",
        "tables": "5",
        "boards_per_round": "2",
        "rounds": "",
        "first_board": "1",
        "even_tables": "skip",
        "arrow_switch_rounds": "",
        "custom_movement": "",
    }
    fields.update(section)
    data.update({f"sections-0-{key}": value for key, value in fields.items()})
    return data


# --- lines -------------------------------------------------------------------------------------------------------


@contextmanager
def entered_before_publishing(session_id: int):
    """Test data for a session a test made final: its lines are written as if they had been entered before it was
    published (every service refuses to change a final session, which the tests of that rule check)."""
    final = Session.objects.filter(pk=session_id, status=Session.Status.FINAL)
    was_final = final.update(status=Session.Status.PROVISIONAL) == 1
    try:
        yield
    finally:
        if was_final:
            Session.objects.filter(pk=session_id).update(status=Session.Status.FINAL)


def enter(section, board_number, ns_label, contract, declarer="", result="", *, maps=None):
    """Enters the line of `ns_label` on a board against whoever the movement seats opposite. A caller entering
    many lines passes the section's `maps` (`section_maps`), read once."""
    plan = section_plan(section)
    slot = next(s for s in plan.board_plays(board_number) if s.ns == ns_label)
    pairs, boards = maps or section_maps(section)
    with entered_before_publishing(section.session_id):
        return save_line(
            board=boards[board_number],
            ns_pair=pairs[slot.ns],
            ew_pair=pairs[slot.ew],
            result=read_typed_result(board_number, contract, declarer, result),
        )


def section_maps(section) -> tuple[dict, dict]:
    """The section's pairs by label and boards by number (each board's section the one given: no query for it)."""
    boards = {board.number: board for board in section.boards.all()}
    for board in boards.values():
        board.section = section
    return {pair.label: pair for pair in section.pairs.all()}, boards


def enter_all(section, skip=(), results=None):
    """Every encounter of the movement entered as 3NT by North making 9 tricks (or as `results` says)."""
    pairs, boards = section_maps(section)
    # One write block for the whole section: each line rescores its board, the standings are stored once at the end
    # (save_line's way for a caller saving several lines) instead of after each of up to hundreds of lines.
    with entered_before_publishing(section.session_id), session_write(section.session_id):
        for slot in section_plan(section).schedule:
            if slot in skip:
                continue
            contract, declarer, tricks = (results or {}).get(slot, ("3NT", "N", "9"))
            save_line(
                board=boards[slot.board],
                ns_pair=pairs[slot.ns],
                ew_pair=pairs[slot.ew],
                result=read_typed_result(slot.board, contract, declarer, tricks),
            )


def fill_session(session: Session, rng_seed: int = 1) -> None:
    """Enters a plausible result for every slot of every section of the session (for size tests)."""
    rng = random.Random(rng_seed)
    contracts = [("4S", "N", 10), ("3NT", "S", 9), ("2H", "E", 8), ("1NT", "W", 7), ("PASS", "", 0)]
    with session_write(session.pk):  # the standings stored once, after every line (as in enter_all)
        fill_sections(session, rng, contracts)


def fill_sections(session: Session, rng: random.Random, contracts: list) -> None:
    for section in session.sections.all():
        pairs, boards = section_maps(section)
        for slot in section_plan(section).schedule:
            contract, declarer, tricks = rng.choice(contracts)
            tricks += rng.choice([-1, 0, 1]) if contract != "PASS" else 0
            save_line(
                board=boards[slot.board],
                ns_pair=pairs[slot.ns],
                ew_pair=pairs[slot.ew],
                round_=slot.round,
                table=slot.table,
                result=read_typed_result(slot.board, contract, declarer, str(tricks)),
            )


def enter_on_board(board, pairs, slot, contract, declarer, result, user, line=None):
    """Saves (or corrects, given `line`) the line of `slot` on `board`, as `user`."""
    return save_line(
        board=board,
        ns_pair=pairs[slot.ns],
        ew_pair=pairs[slot.ew],
        result=read_typed_result(board.number, contract, declarer, result),
        line=line,
        user=user,
    )


# --- the standings stored on the pairs ---------------------------------------------------------------------------


def stored(session) -> dict[str, tuple]:
    return {
        pair.label: tuple(getattr(pair, name) for name in STANDING_FIELDS)
        for pair in Pair.objects.filter(section__session=session)
    }


def ranked(session) -> dict[str, tuple]:
    """Each pair's standing as the ranking page works it out, line by line, now."""
    results = rank_sessions([session.pk])[session.pk]
    standings = {pair.label: (0.0, 0.0, 0, "", 0) for pair in results.pairs.values()}
    for ranking in results.fields:
        for row in ranking.rows:
            standings[row.pair.label] = (row.score, row.maximum, row.boards, row.place, ranking.size)
    return standings


def assert_current(session):
    now, kept = ranked(session), stored(session)
    assert kept.keys() == now.keys()
    for label, standing in now.items():
        assert kept[label] == pytest.approx(standing), label


# --- fixtures ----------------------------------------------------------------------------------------------------


@pytest.fixture(name="make_session")
def make_session_fixture(db):
    """make_session(kind="mitchell", tables=5, boards_per_round=1, name=None, date=MONDAY, **fields)."""
    return make_session


@pytest.fixture(name="enter")
def enter_fixture():
    """enter(section, board_number, ns_label, contract, declarer, result) saves one line."""
    return enter


@pytest.fixture
def board_one(db):
    """Board 1 of a 3-table Mitchell, with its pairs by label and its three scheduled encounters."""
    _session, section = club_night()
    board = section.boards.get(number=1)
    board.section = section
    pairs = {pair.label: pair for pair in section.pairs.all()}
    return board, pairs, section_plan(section).board_plays(1)


@pytest.fixture
def corrected(board_one, director_user):
    """A line entered as 3NT= by Dee Director, then corrected to 4S+1 by another director."""
    board, pairs, slots = board_one
    other = User.objects.create_user("sam", first_name="Sam", last_name="Scorer")
    line = enter_on_board(board, pairs, slots[0], "3NT", "N", "9", director_user)
    enter_on_board(board, pairs, slots[0], "4S", "S", "+1", other, line=line)
    return line, other
