"""Checks before publishing, the one-click fixes and the session status, at the service level.

Sessions are entered through `save_line` as a director would; bad data that the entry refuses
(swapped rounds, scored sit-outs, wrong scores) is written straight into the models, as an old
import would have left it.
"""

import pytest
from django.core.exceptions import ValidationError

from club.typed_result import read_typed_result
from events.checks.selectors import checks
from events.checks.selectors.checks import Kind
from events.checks.services import fixes
from events.entry.services.lines import save_line
from events.models import Board, Pair, TravellerLine
from events.plans import section_plan
from tests.builders.plays import board_of, enter_play, line_at, pairs_of
from tests.builders.sessions import club_night, enter_all

# --- building sessions ------------------------------------------------------------------------------------------


def kinds(problems):
    return sorted(problem.kind for problem in problems)


@pytest.fixture
def mitchell(db):
    """3-table Mitchell, 2 boards a round: 3 rounds, boards 1-6, each played three times; all entered."""
    session, section = club_night()
    enter_all(section)
    return session, section


# --- a clean session --------------------------------------------------------------------------------------------


def test_a_complete_session_has_no_problem(mitchell):
    session, _section = mitchell
    assert checks.session_problems(session) == []
    assert checks.blocking_problems(session) == []


# --- missing and extra results ----------------------------------------------------------------------------------


def test_missing_results_are_blocking_and_name_the_encounters(db):
    session, section = club_night()
    plan = section_plan(section)
    left_out = plan.board_plays(3)[1]
    enter_all(section, skip={left_out})
    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.MISSING and problem.blocking
    assert problem.board == 3 and problem.fix is None and not problem.can_mark_checked
    assert "2 of the 3 results" in problem.message
    assert f"round {left_out.round}, table {left_out.table}: {left_out.ns} v {left_out.ew}" in problem.message

    enter_play(section, left_out)  # entering the missing result clears it
    assert checks.session_problems(session) == []


def test_a_not_played_line_counts_as_a_result(db):
    session, section = club_night()
    left_out = section_plan(section).board_plays(1)[0]
    enter_all(section, skip={left_out})
    enter_play(section, left_out, contract="NP", declarer="", result="")
    assert checks.session_problems(session) == []


def test_extra_results_are_blocking(mitchell):
    session, section = mitchell
    extra_ns = Pair.objects.create(section=section, number=9, direction="NS")
    extra_ew = Pair.objects.create(section=section, number=9, direction="EW")
    TravellerLine.objects.create(
        board=board_of(section, 2),
        round=1,
        table=4,
        ns_pair=extra_ns,
        ew_pair=extra_ew,
        contract="3NT",
        declarer="N",
        tricks=9,
        ns_score=600,
    )
    problems = checks.session_problems(session)
    assert kinds(problems) == [Kind.EXTRA, Kind.MISPLACED]
    extra = next(problem for problem in problems if problem.kind == Kind.EXTRA)
    assert extra.blocking and extra.board == 2
    assert "4 results; the movement schedules only 3" in extra.message


def test_results_on_a_board_the_movement_does_not_play(mitchell):
    session, section = mitchell
    stray = Board.objects.create(section=section, number=7)
    pairs = pairs_of(section)
    TravellerLine.objects.create(
        board=stray,
        ns_pair=pairs["1NS"],
        ew_pair=pairs["1EW"],
        contract="1NT",
        declarer="S",
        tricks=7,
        ns_score=scoring_ns(7, "1NT", "S", 7),
    )
    problems = checks.session_problems(session)
    assert kinds(problems) == [Kind.EXTRA, Kind.MISPLACED]
    assert all(problem.blocking and problem.board == 7 for problem in problems)
    assert "does not play it" in problems[0].message or "does not play it" in problems[1].message


# --- misplaced pairs --------------------------------------------------------------------------------------------


def misplace_one_line(section):
    """Board 1's first line gets an EW pair the movement does not seat there (as an import could)."""
    slot = section_plan(section).board_plays(1)[0]
    line = line_at(section, slot)
    others = {s.ew for s in section_plan(section).board_plays(1)}
    stranger = Pair.objects.create(section=section, number=8, direction="EW")
    assert stranger.label not in others
    TravellerLine.objects.filter(pk=line.pk).update(ew_pair=stranger)
    return line


def test_misplaced_pair_is_blocking_until_marked_checked(mitchell):
    session, section = mitchell
    line = misplace_one_line(section)
    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.MISPLACED and problem.blocking
    assert problem.line_id == line.pk and problem.fix is None and problem.can_mark_checked
    assert "does not put these pairs on this board" in problem.message

    fixes.mark_checked(line=line)
    [problem] = checks.session_problems(session)
    assert problem.checked and not problem.blocking and not problem.can_mark_checked
    assert checks.blocking_problems(session) == []


def test_a_line_in_the_wrong_round_is_misplaced(mitchell):
    session, section = mitchell
    slot = section_plan(section).board_plays(1)[0]
    line = line_at(section, slot)
    TravellerLine.objects.filter(pk=line.pk).update(round=slot.round + 1)
    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.MISPLACED
    assert f"round {slot.round}, not round {slot.round + 1}" in problem.message


# --- swapped rounds ---------------------------------------------------------------------------------------------


def swap_directly(lines):
    for line in lines:
        TravellerLine.objects.filter(pk=line.pk).update(ns_pair=line.ew_pair_id, ew_pair=line.ns_pair_id)


def test_a_swapped_round_is_found_and_swapped_back(mitchell, director_user):
    session, section = mitchell
    at_table = list(TravellerLine.objects.filter(board__section=section, round=2, table=1))
    assert len(at_table) == 2
    scores_before = {line.pk: (line.ns_score, line.ns_points, line.ew_points) for line in at_table}
    swap_directly(at_table)

    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.SWAPPED_ROUND and problem.blocking
    assert (problem.round, problem.table) == (2, 1)
    assert sorted(problem.line_ids) == sorted(line.pk for line in at_table)
    assert problem.fix == checks.SWAP_ROUND
    assert dict(problem.fix_params) == {"section": str(section.pk), "table": "1", "round": "2"}

    assert fixes.swap_round(section=section, table=1, round_=2, user=director_user) == 2
    assert checks.session_problems(session) == []
    for line in TravellerLine.objects.filter(pk__in=scores_before):
        assert (line.ns_pair_id, line.ew_pair_id) == next(
            (original.ns_pair_id, original.ew_pair_id) for original in at_table if original.pk == line.pk
        )
        assert (line.ns_score, line.ns_points, line.ew_points) == scores_before[line.pk]
        assert line.history.first().history_user == director_user


def test_a_swapped_round_without_round_and_table_on_its_lines(mitchell):
    session, section = mitchell
    at_table = list(TravellerLine.objects.filter(board__section=section, round=3, table=2))
    swap_directly(at_table)
    TravellerLine.objects.filter(pk__in=[line.pk for line in at_table]).update(round=None, table=None)
    [problem] = checks.session_problems(session)
    assert (problem.kind, problem.round, problem.table) == (Kind.SWAPPED_ROUND, 3, 2)
    fixes.swap_round(section=section, table=2, round_=3)
    assert checks.session_problems(session) == []
    assert set(TravellerLine.objects.filter(pk__in=[line.pk for line in at_table]).values_list("round", "table")) == {
        (3, 2)
    }


def test_one_swapped_line_of_a_round_is_a_misplaced_pair(mitchell):
    session, section = mitchell
    first, _second = TravellerLine.objects.filter(board__section=section, round=2, table=1)
    swap_directly([first])
    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.MISPLACED and problem.line_id == first.pk
    assert "are the directions swapped?" in problem.message


def test_swapping_a_round_without_lines_is_refused(mitchell):
    _session, section = mitchell
    with pytest.raises(ValidationError):
        fixes.swap_round(section=section, table=7, round_=2)


def test_a_missed_arrow_switch_round_is_swapped_back_table_by_table(db):
    """Round 3 is arrow-switched; an old import wrote its travellers with the pairs as they sat (EW pair
    North-South), where the movement keeps each pair under its own direction: every table of round 3 looks
    swapped."""
    session, section = club_night(tables=3, boards_per_round=2, arrow_switch_rounds="3")
    plan = section_plan(section)
    switched = [slot for slot in plan.schedule if slot.round == 3]
    assert switched and all(slot.arrow_switched for slot in switched)
    enter_all(section, skip=set(switched))
    pairs = pairs_of(section)
    for slot in switched:
        TravellerLine.objects.create(
            board=board_of(section, slot.board),
            round=3,
            table=slot.table,
            ns_pair=pairs[slot.ew],
            ew_pair=pairs[slot.ns],
            contract="3NT",
            declarer="N",
            tricks=9,
            ns_score=scoring_ns(slot.board, "3NT", "N", 9),
        )
    problems = checks.session_problems(session)
    assert {(problem.kind, problem.round, problem.table) for problem in problems} == {
        (Kind.SWAPPED_ROUND, 3, table) for table in (1, 2, 3)
    }
    for problem in problems:
        fixes.swap_round(section=section, table=problem.table, round_=problem.round)
    assert checks.session_problems(session) == []


# --- scores that disagree with their contract -------------------------------------------------------------------


def test_a_wrong_score_is_blocking_and_recomputed(mitchell, director_user):
    session, section = mitchell
    slot = section_plan(section).board_plays(2)[0]  # board 2: NS vulnerable
    line = line_at(section, slot)
    assert line.ns_score == 600
    points = line.ns_points
    TravellerLine.objects.filter(pk=line.pk).update(ns_score=400, ns_points=None)
    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.SCORE and problem.blocking and problem.line_id == line.pk
    assert problem.fix == checks.RECOMPUTE and dict(problem.fix_params) == {"line": str(line.pk)}
    assert "+600" in problem.message and "+400" in problem.message

    fixes.recompute_line(line=line, user=director_user)
    line.refresh_from_db()
    assert line.ns_score == 600 and line.ns_points == points
    assert checks.session_problems(session) == []
    record = line.history.first()
    assert record.history_user == director_user and record.ns_score == 600


def test_a_passed_out_board_scores_zero(mitchell):
    session, section = mitchell
    line = line_at(section, section_plan(section).board_plays(4)[0])
    TravellerLine.objects.filter(pk=line.pk).update(contract="PASS", declarer="", tricks=None, ns_score=50)
    problems = checks.session_problems(session)
    score = next(problem for problem in problems if problem.kind == Kind.SCORE)
    fixes.recompute_line(line=TravellerLine.objects.get(pk=score.line_id))
    line.refresh_from_db()
    assert line.ns_score == 0
    assert Kind.SCORE not in kinds(checks.session_problems(session))


def test_a_line_that_cannot_be_scored_has_no_fix(mitchell):
    session, section = mitchell
    line = line_at(section, section_plan(section).board_plays(1)[0])
    TravellerLine.objects.filter(pk=line.pk).update(declarer="")
    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.SCORE and problem.blocking and problem.fix is None
    assert "declarer is missing" in problem.message
    with pytest.raises(ValidationError):
        fixes.recompute_line(line=line)
    fixes.mark_checked(line=line)
    assert checks.blocking_problems(session) == []


def test_recomputing_an_adjusted_line_is_refused(db):
    session, section = club_night()
    slot = section_plan(section).board_plays(1)[0]
    line = enter_play(section, slot, contract="A6040", declarer="", result="")
    with pytest.raises(ValidationError):
        fixes.recompute_line(line=line)


# --- averages ---------------------------------------------------------------------------------------------------


def test_an_average_blocks_until_checked(db, director_user):
    session, section = club_night()
    average = section_plan(section).board_plays(5)[1]
    enter_all(section, skip={average})
    line = enter_play(section, average, contract="A", declarer="", result="")  # a bare "A" is read as A5050
    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.AVERAGE and problem.blocking
    assert problem.fix == checks.MARK_CHECKED and problem.shows_fix and not problem.can_mark_checked
    assert "A5050" in problem.message and "a bare “A”" in problem.message

    fixes.mark_checked(line=line, user=director_user)
    [problem] = checks.session_problems(session)
    assert problem.checked and not problem.blocking and not problem.shows_fix
    assert line.history.first().history_user == director_user


def test_a_correction_after_the_check_reopens_it(db):
    session, section = club_night()
    average = section_plan(section).board_plays(5)[1]
    enter_all(section, skip={average})
    line = enter_play(section, average, contract="A", declarer="", result="")
    fixes.mark_checked(line=line)
    assert checks.blocking_problems(session) == []
    line.refresh_from_db()
    pairs = pairs_of(section)
    for typed in ("A6040", "A"):  # an explicit split needs no second look; a bare A typed again does
        save_line(
            board=board_of(section, 5),
            ns_pair=pairs[average.ns],
            ew_pair=pairs[average.ew],
            result=read_typed_result(5, typed, "", ""),
            line=line,
        )
    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.AVERAGE and problem.blocking and "A5050" in problem.message
    fixes.mark_checked(line=line)
    assert checks.blocking_problems(session) == []


# --- scored sit-outs --------------------------------------------------------------------------------------------


def test_a_scored_sit_out_is_blocking_until_checked(db):
    session, section = club_night(tables=4, boards_per_round=2, phantom=True)
    plan = section_plan(section)
    enter_all(section)
    assert checks.session_problems(session) == []
    round_ = 2
    [sitting] = sorted(checks.sit_outs(plan)[round_])
    # an old import gave the pair sitting out a result on a board of round 2
    number = min(slot.board for slot in plan.schedule if slot.round == round_)
    pairs = pairs_of(section)
    opponent = next(label for label in plan.pairs if label[-2:] != sitting[-2:])
    ns, ew = (sitting, opponent) if sitting.endswith("NS") else (opponent, sitting)
    line = TravellerLine.objects.create(
        board=board_of(section, number),
        round=round_,
        ns_pair=pairs[ns],
        ew_pair=pairs[ew],
        contract="4S",
        declarer="N",
        tricks=10,
        ns_score=scoring_ns(number, "4S", "N", 10),
    )
    problems = checks.session_problems(session)
    sit_out = next(problem for problem in problems if problem.kind == Kind.SIT_OUT)
    assert sit_out.blocking and sit_out.line_id == line.pk and sit_out.can_mark_checked
    assert f"{sitting} sitting out in round 2" in sit_out.message
    assert Kind.EXTRA in kinds(problems)  # the board now has one result more than scheduled

    fixes.mark_checked(line=line)
    assert Kind.SIT_OUT not in kinds(checks.blocking_problems(session))


def scoring_ns(number, contract, declarer, tricks):
    return read_typed_result(number, contract, declarer, str(tricks)).ns_score


# --- warnings and free entry ------------------------------------------------------------------------------------


def test_a_far_score_is_a_warning_that_does_not_block(db):
    session, section = club_night()
    plan = section_plan(section)
    far = plan.board_plays(4)[0]
    enter_all(section, skip={far})
    enter_play(section, far, contract="7NT", declarer="N", result="13")
    [problem] = checks.session_problems(session)
    assert problem.kind == Kind.WARNING and not problem.blocking and problem.can_mark_checked
    assert "far from every other result" in problem.message


def test_free_entry_sections_are_checked_for_scores_and_uneven_boards(db):
    session, section = club_night(kind="none", tables=2, boards_per_round=2, rounds=2)
    pairs = pairs_of(section)
    for number, ns, ew in ((1, "1NS", "1EW"), (1, "2NS", "2EW"), (2, "1NS", "1EW")):
        save_line(
            board=board_of(section, number),
            ns_pair=pairs[ns],
            ew_pair=pairs[ew],
            result=read_typed_result(number, "2S", "N", "8"),
        )
    problems = checks.session_problems(session)
    assert kinds(problems) == [Kind.UNEVEN]
    assert not problems[0].blocking and problems[0].board == 2
