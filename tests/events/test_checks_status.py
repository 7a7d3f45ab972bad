"""The session status (publishing refused while blocking problems remain), the checks' bounded queries, a line's
history data, several sections and unreadable movements, at the service level.

Sessions are entered through `save_line` as a director would.
"""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from club.typed_result import read_typed_result
from events.checks.selectors import checks
from events.checks.selectors.checks import Kind
from events.checks.services import fixes
from events.checks.services.corrections import reopen_session
from events.entry.selectors import line_history
from events.entry.services.lines import delete_line, save_line
from events.models import Board, Pair, Section, Session, TravellerLine
from events.plans import section_plan
from tests.builders.plays import board_of, enter_play, line_at, pairs_of
from tests.builders.sessions import club_night, enter_all

# --- building sessions ------------------------------------------------------------------------------------------


@pytest.fixture
def mitchell(db):
    """3-table Mitchell, 2 boards a round: 3 rounds, boards 1-6, each played three times; all entered."""
    session, section = club_night()
    enter_all(section)
    return session, section


def misplace_one_line(section):
    """Board 1's first line gets an EW pair the movement does not seat there (as an import could)."""
    slot = section_plan(section).board_plays(1)[0]
    line = line_at(section, slot)
    others = {s.ew for s in section_plan(section).board_plays(1)}
    stranger = Pair.objects.create(section=section, number=8, direction="EW")
    assert stranger.label not in others
    TravellerLine.objects.filter(pk=line.pk).update(ew_pair=stranger)
    return line


def swap_directly(lines):
    for line in lines:
        TravellerLine.objects.filter(pk=line.pk).update(ns_pair=line.ew_pair_id, ew_pair=line.ns_pair_id)


# --- status -----------------------------------------------------------------------------------------------------


def in_a_week():
    return timezone.now() + datetime.timedelta(days=7)


def test_publishing_is_refused_while_blocking_problems_remain(db, director_user):
    session, section = club_night()
    enter_all(section, skip={section_plan(section).schedule[0]})
    for status in (Session.Status.PROVISIONAL, Session.Status.FINAL):
        with pytest.raises(ValidationError) as refused:
            fixes.set_status(session=session, status=status, corrections_until=in_a_week(), user=director_user)
        assert "checks page" in " ".join(refused.value.messages)
    session.refresh_from_db()
    assert session.status == Session.Status.IN_PROGRESS


def test_publishing_is_accepted_once_the_problems_are_fixed(db, director_user):
    session, section = club_night()
    missing = section_plan(section).schedule[0]
    enter_all(section, skip={missing})
    enter_play(section, missing)
    until = in_a_week()
    session = fixes.set_status(
        session=session, status=Session.Status.PROVISIONAL, corrections_until=until, user=director_user
    )
    session.refresh_from_db()
    assert session.status == Session.Status.PROVISIONAL and session.corrections_until == until
    assert session.history.first().history_user == director_user
    assert Session.objects.published().filter(pk=session.pk).exists()

    fixes.set_status(session=session, status=Session.Status.FINAL, corrections_until=None, user=director_user)
    session.refresh_from_db()
    assert session.status == Session.Status.FINAL and session.corrections_until == until

    with pytest.raises(ValidationError):  # a final session changes only by being reopened with a reason
        fixes.set_status(session=session, status=Session.Status.IN_PROGRESS, user=director_user)
    reopen_session(session=session, reason="Board 3: wrong lead", user=director_user)
    fixes.set_status(session=session, status=Session.Status.IN_PROGRESS, corrections_until=None, user=director_user)
    session.refresh_from_db()
    assert session.status == Session.Status.IN_PROGRESS and session.corrections_until is None


def test_checked_problems_do_not_block_publishing(mitchell):
    session, section = mitchell
    line = misplace_one_line(section)
    with pytest.raises(ValidationError):
        fixes.set_status(session=session, status=Session.Status.FINAL)
    fixes.mark_checked(line=line)
    assert fixes.set_status(session=session, status=Session.Status.FINAL).status == Session.Status.FINAL


def test_unpublishing_is_allowed_with_problems(mitchell):
    session, section = mitchell
    fixes.set_status(session=session, status=Session.Status.FINAL)
    reopen_session(session=session, reason="A line to move")
    misplace_one_line(section)
    assert fixes.set_status(session=session, status=Session.Status.IN_PROGRESS).status == Session.Status.IN_PROGRESS


def test_publishing_rescores_the_session(mitchell):
    session, section = mitchell
    TravellerLine.objects.filter(board__section=section).update(ns_points=None, ew_points=None)
    fixes.set_status(session=session, status=Session.Status.FINAL)
    assert not TravellerLine.objects.filter(board__section=section, ns_points__isnull=True).exists()


@pytest.mark.parametrize("until", [None, "past"])
def test_provisional_needs_a_future_end_of_corrections(mitchell, until):
    session, _section = mitchell
    when = timezone.now() - datetime.timedelta(hours=1) if until == "past" else None
    with pytest.raises(ValidationError) as refused:
        fixes.set_status(session=session, status=Session.Status.PROVISIONAL, corrections_until=when)
    assert "corrections_until" in refused.value.message_dict


def test_an_unknown_status_is_refused(mitchell):
    session, _section = mitchell
    with pytest.raises(ValidationError):
        fixes.set_status(session=session, status="published")


def test_a_naive_end_of_corrections_is_read_in_the_club_time_zone(mitchell):
    session, _section = mitchell
    naive = (timezone.localtime() + datetime.timedelta(days=2)).replace(tzinfo=None, microsecond=0)
    session = fixes.set_status(session=session, status=Session.Status.PROVISIONAL, corrections_until=naive)
    session.refresh_from_db()
    assert timezone.localtime(session.corrections_until).replace(tzinfo=None) == naive


# --- bounded queries --------------------------------------------------------------------------------------------


def count_queries(session):
    with CaptureQueriesContext(connection) as context:
        checks.session_problems(session)
    return len(context.captured_queries)


@pytest.mark.slow  # a 7-table section of 3 boards a round entered
def test_the_checks_use_the_same_number_of_queries_whatever_the_size(db):
    small, small_section = club_night(tables=3, boards_per_round=1, name="Small")
    enter_all(small_section)
    big, big_section = club_night(tables=7, boards_per_round=3, name="Big")
    enter_all(big_section)
    for section in (small_section, big_section):
        lines = list(TravellerLine.objects.filter(board__section=section)[:3])
        swap_directly(lines[:1])
        TravellerLine.objects.filter(pk=lines[1].pk).update(ns_score=1)
        fixes.mark_checked(line=lines[2])
    assert len(checks.session_problems(big)) >= 2
    assert count_queries(big) == count_queries(small) <= 4


# --- history data -----------------------------------------------------------------------------------------------


def test_line_changes_give_before_and_after(db, director_user):
    session, section = club_night()
    slot = section_plan(section).board_plays(1)[0]
    line = enter_play(section, slot, user=director_user)
    pairs = pairs_of(section)
    save_line(
        board=board_of(section, 1),
        ns_pair=pairs[slot.ns],
        ew_pair=pairs[slot.ew],
        result=read_typed_result(1, "4S", "N", "10"),
        line=line,
        user=director_user,
    )
    delete_line(line=TravellerLine.objects.get(pk=line.pk), user=director_user)
    records = list(TravellerLine.history.filter(id=line.pk).order_by("history_date", "history_id"))
    created, changed, deleted = line_history.line_changes(records, line_history.history_pairs(records))
    assert created.kind == "+" and created.user == director_user
    assert ("NS pair", "—", slot.ns) in {(c.field, c.before, c.after) for c in created.changes}
    assert {(c.field, c.before, c.after) for c in changed.changes} == {
        ("contract", "3NT", "4S"),
        ("tricks", "9", "10"),
        ("NS score", "+400", "+420"),
    }
    assert deleted.kind == "-" and ("contract", "4S", "—") in {(c.field, c.before, c.after) for c in deleted.changes}


# --- several sections, unreadable movements ---------------------------------------------------------------------


def test_each_section_is_checked_against_its_own_movement(mitchell):
    session, section_a = mitchell
    section_b = Section.objects.create(session=session, letter="B", kind="howell", tables=3, boards_per_round=2)
    plan_b = section_plan(section_b)
    Board.objects.bulk_create([Board(section=section_b, number=number) for number in plan_b.boards])
    Pair.objects.bulk_create([Pair(section=section_b, number=int(label)) for label in plan_b.pairs])
    missing = plan_b.schedule[-1]
    enter_all(section_b, skip={missing})
    [problem] = checks.session_problems(session)
    assert (problem.kind, problem.section, problem.section_id, problem.board) == (
        Kind.MISSING,
        "B",
        section_b.pk,
        missing.board,
    )


def test_an_unreadable_movement_blocks_publishing(db):
    from movements.models import CustomMovement

    session = Session.objects.create(name="Odd night", date=datetime.date(2026, 11, 3))
    broken = CustomMovement.objects.create(name="Broken", csv_text="round,table\nnot,a movement\n")
    Section.objects.create(session=session, letter="A", kind="custom", tables=2, custom_movement=broken)
    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.MOVEMENT and problem.blocking
    with pytest.raises(ValidationError):
        fixes.set_status(session=session, status=Session.Status.FINAL)


def test_an_unreadable_movement_is_explained_in_the_readers_language(db):
    from django.utils import translation

    from movements.models import CustomMovement

    session = Session.objects.create(name="Odd night", date=datetime.date(2026, 11, 3))
    broken = CustomMovement.objects.create(name="Broken", csv_text="round,table\nnot,a movement\n")
    Section.objects.create(session=session, letter="A", kind="custom", tables=2, custom_movement=broken)
    with translation.override("es"):
        [problem] = checks.session_problems(session)
    assert "missing column" not in problem.message
    assert "(Línea 1: faltan las columnas: ns_pair, ew_pair, low_board, high_board)" in problem.message
