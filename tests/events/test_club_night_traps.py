"""A director's club night without traps: score-only slips and the score cross-check, every error of a line at once,
passed-out boards and explicit averages as normal results, and final results protected (reopened with a reason,
corrected, published again with a public note)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

import scoring
from club.typed_result import read_typed_result
from events.checks.selectors import checks
from events.checks.services import fixes
from events.checks.services.corrections import reopen_session
from events.entry.services.lines import delete_line, save_line
from events.files.services.transfer import import_travellers
from events.models import Correction, Session, TravellerLine
from events.plans import section_plan
from events.setup.services.setup import PlayersTyped, set_players
from tests.builders.plays import board_of, enter_play
from tests.builders.sessions import club_night, enter_all


@pytest.fixture
def mitchell(make_session):
    return make_session("mitchell", tables=5, boards_per_round=1)


def traveller_url(session, section, number):
    return reverse("events:traveller_entry", args=[session.pk, section.pk, number])


def row_post(rows):
    """rows: {index: (contract, declarer, tricks, lead, score)} for the rows of a traveller form."""
    data = {}
    for index, values in rows.items():
        for name, value in zip(("contract", "declarer", "tricks", "lead", "score"), values, strict=True):
            data[f"r{index}-{name}"] = value
    return data


# --- score-only slips and the cross-check ---------------------------------------------------------------------


def test_a_score_only_line_is_read_and_a_score_no_contract_gives_is_refused():
    assert read_typed_result(1, "", "", "", "420") == scoring.TypedResult(ns_score=420)
    assert read_typed_result(4, "", "", "", "-200").ns_score == -200  # 2 down vulnerable, or 1 down doubled
    with pytest.raises(ValidationError) as caught:
        read_typed_result(1, "", "", "", "425")
    assert caught.value.message_dict == {"score": ["425: no contract scores that on board 1"]}


def test_a_contract_and_a_score_that_disagree_are_refused_naming_both():
    assert read_typed_result(1, "4S", "N", "10", "420").ns_score == 420
    with pytest.raises(ValidationError) as caught:
        read_typed_result(1, "4S", "N", "10", "450")
    [message] = caught.value.message_dict["score"]
    assert "4S N 10 scores 420" in message and "not 450" in message


def test_score_only_lines_are_entered_on_the_traveller_and_scored(director_client, mitchell):
    session, section = mitchell
    url = traveller_url(session, section, 1)
    rows = {0: ("", "", "", "", "420"), 1: ("4S", "N", "10", "", "420"), 2: ("", "", "", "", "-50")}
    response = director_client.post(url, row_post(rows))
    assert response.status_code == 302
    lines = sorted(TravellerLine.objects.values_list("contract", "ns_score", "ns_points"), key=lambda row: row[1])
    assert [(contract, score) for contract, score, _points in lines] == [("", -50), ("", 420), ("4S", 420)]
    assert all(points is not None for _contract, _score, points in lines)  # scored like any other line
    public = reverse("events:board_traveller", args=[session.pk, section.pk, 1])
    page = director_client.get(public).content.decode()
    assert page.count(">420<") >= 2 and ">50<" in page


def test_a_mismatched_slip_on_the_score_slip_page_is_refused(director_client, mitchell):
    session, section = mitchell
    slot = section_plan(section).plays_at(1, 1)[0]
    url = reverse("events:table_entry", args=[session.pk, section.pk, 1, 1])
    response = director_client.post(url, row_post({0: ("4S", "N", "10", "", "450")}))
    page = response.content.decode()
    assert response.status_code == 200 and "scores 420 for NS on this board, not 450" in page
    assert not TravellerLine.objects.exists()
    response = director_client.post(url, row_post({0: ("", "", "", "", "450")}))
    assert response.status_code == 302
    assert TravellerLine.objects.get(board__number=slot.board).ns_score == 450


def test_the_checks_accept_a_score_only_line(db):
    session, section = club_night()
    enter_all(section)
    line = TravellerLine.objects.filter(board__section=section).order_by("pk").first()
    save_line(
        board=board_of(section, line.board.number),
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=read_typed_result(line.board.number, "", "", "", "-100"),
        line=line,
    )
    assert checks.blocking_problems(session) == []


def test_the_csv_import_takes_a_line_with_a_score_and_no_contract(db):
    text = (
        "BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,LEAD,TRICKS,SCORE\n"
        "1,1,2,,,,,420\n"
        "1,3,4,4S,N,,10,420\n"
        "1,5,6,3NT,S,,9,400\n"
    )
    session = import_travellers(text=text, name="Slips", date="2026-11-30", scoring_method="matchpoints").session
    score_only = TravellerLine.objects.get(board__section__session=session, contract="")
    assert score_only.ns_score == 420 and score_only.ns_points is not None


# --- every error of a line at once ----------------------------------------------------------------------------


def test_every_error_of_a_line_is_shown_at_once(director_client, mitchell):
    session, section = mitchell
    response = director_client.post(traveller_url(session, section, 1), row_post({0: ("8S", "N", "14", "", "")}))
    page = response.content.decode()
    assert "level must be 1 to 7" in page and "14 tricks: declarer takes 0 to 13 tricks." in page
    assert 'id="id_r0-contract"' in page and 'id="id_r0-tricks-error"' in page


# --- passed-out boards and averages -----------------------------------------------------------------------------


def test_a_passed_out_board_is_a_normal_result(director_client, db):
    session, section = club_night()
    slot = section_plan(section).board_plays(1)[0]
    enter_all(section, skip={slot})
    enter_play(section, slot, contract="PASS", declarer="", result="")
    problems = checks.session_problems(session)
    assert not [problem for problem in problems if problem.kind == checks.Kind.WARNING]
    page = director_client.get(traveller_url(session, section, 1)).content.decode()
    assert "Passed out." not in page and "⚠" not in page


@pytest.mark.parametrize("typed", ["A6040", "A+", "A-", "A5050"])
def test_an_average_the_director_specified_does_not_block_publishing(db, typed):
    session, section = club_night()
    slot = section_plan(section).board_plays(5)[1]
    enter_all(section, skip={slot})
    enter_play(section, slot, contract=typed, declarer="", result="")
    assert checks.blocking_problems(session) == []
    assert fixes.set_status(session=session, status=Session.Status.FINAL).status == Session.Status.FINAL


def test_only_a_bare_average_needs_a_second_look(db):
    session, section = club_night()
    slot = section_plan(section).board_plays(5)[1]
    enter_all(section, skip={slot})
    enter_play(section, slot, contract="a", declarer="", result="")
    [problem] = checks.blocking_problems(session)
    assert problem.kind == checks.Kind.AVERAGE and "bare “A”" in problem.message


def test_the_entry_help_says_which_side_the_plus_favours(director_client, mitchell):
    session, section = mitchell
    page = director_client.get(traveller_url(session, section, 1)).content.decode()
    assert "A+ is 60 % to North-South and 40 % to East-West" in page
    slip = director_client.get(reverse("events:table_entry", args=[session.pk, section.pk, 1, 1])).content.decode()
    assert "A- is 40 % to North-South and 60 % to East-West" in slip


# --- final results protected ------------------------------------------------------------------------------------


@pytest.fixture
def final_night(db):
    session, section = club_night()
    enter_all(section)
    fixes.set_status(session=session, status=Session.Status.FINAL)
    return session, section


def test_every_write_service_refuses_a_final_session(final_night):
    session, section = final_night
    line = TravellerLine.objects.filter(board__section=section).order_by("pk").first()
    board = board_of(section, line.board.number)
    writes = [
        lambda: save_line(
            board=board,
            ns_pair=line.ns_pair,
            ew_pair=line.ew_pair,
            result=read_typed_result(1, "PASS", "", ""),
            line=line,
        ),
        lambda: delete_line(line=line),
        lambda: fixes.mark_checked(line=line),
        lambda: fixes.recompute_line(line=line),
        lambda: fixes.swap_round(section=section, table=1, round_=1),
        lambda: set_players(typed=[PlayersTyped(line.ns_pair, "", "")]),
        lambda: fixes.set_status(session=session, status=Session.Status.IN_PROGRESS),
    ]
    for write in writes:
        with pytest.raises(ValidationError):
            write()
    assert TravellerLine.objects.get(pk=line.pk).contract == line.contract


def test_the_entry_page_refuses_a_final_session_with_a_clear_message(director_client, final_night):
    session, section = final_night
    response = director_client.post(
        traveller_url(session, section, 1), row_post({0: ("PASS", "", "", "", "")}), follow=True
    )
    page = response.content.decode()
    assert "is final: its results can no longer change" in page and "1 result saved" not in page
    assert "These results are final and read-only." in page  # said before anything is typed, too
    assert not TravellerLine.objects.filter(board__section=section, contract="PASS").exists()


def test_a_final_session_is_reopened_with_a_reason_corrected_and_published_again(
    director_client, director_user, final_night
):
    session, section = final_night
    checks_url = reverse("events:session_checks", args=[session.pk])
    assert "Reopen for correction" in director_client.get(checks_url).content.decode()
    response = director_client.post(reverse("events:session_reopen", args=[session.pk]), {"reason": " "})
    assert Session.objects.get(pk=session.pk).status == Session.Status.FINAL  # no reason, no reopening
    response = director_client.post(
        reverse("events:session_reopen", args=[session.pk]), {"reason": "Board 1: wrong contract"}
    )
    assert response.status_code == 302 and Session.objects.get(pk=session.pk).status == Session.Status.PROVISIONAL
    line = TravellerLine.objects.filter(board__section=section, board__number=1).order_by("pk").first()
    save_line(
        board=board_of(section, 1),
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=read_typed_result(1, "PASS", "", ""),
        line=line,
        user=director_user,
    )
    fixes.set_status(session=session, status=Session.Status.FINAL, user=director_user)
    correction = Correction.objects.get(session=session)
    assert correction.reopened_by == director_user and correction.closed_at is not None
    for url in (
        reverse("events:session", args=[session.pk]),
        reverse("events:board_traveller", args=[session.pk, section.pk, 1]),
    ):
        page = director_client.get(url).content.decode()
        assert "Corrected on" in page and "Board 1: wrong contract" in page
    history = director_client.get(reverse("events:line_history", args=[line.pk])).content.decode()
    assert "Correction of the final results: Board 1: wrong contract" in history


def test_a_reason_longer_than_a_history_record_is_kept_whole_on_the_correction(director_user, final_night):
    # The form allows 200 characters; simple_history's change reason is varchar(100), which PostgreSQL enforces.
    session, section = final_night
    reason = "Board 1: " + "the wrong contract was entered and the players agreed it afterwards; " * 3
    reason = reason[:200].strip()
    assert len(reason) > 100
    reopen_session(session=session, reason=reason, user=director_user)
    line = TravellerLine.objects.filter(board__section=section, board__number=1).order_by("pk").first()
    save_line(
        board=board_of(section, 1),
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=read_typed_result(1, "PASS", "", ""),
        line=line,
        user=director_user,
    )
    assert Correction.objects.get(session=session).reason == reason
    recorded = line.history.order_by("-history_date").first().history_change_reason
    assert len(recorded) == 100 and recorded.endswith("…") and reason.startswith(recorded[:-1])
    session_reason = session.history.order_by("-history_date").first().history_change_reason
    assert session_reason == recorded


def test_reopening_is_for_directors_and_final_sessions_only(client, player_client, director_client, mitchell):
    session, _section = mitchell
    url = reverse("events:session_reopen", args=[session.pk])
    assert client.post(url, {"reason": "x"}).status_code == 302  # to the login page
    assert player_client.post(url, {"reason": "x"}).status_code == 403
    assert director_client.get(url).status_code == 405
    page = director_client.post(url, {"reason": "x"}, follow=True).content.decode()
    assert "Only a final session is reopened" in page
    with pytest.raises(ValidationError):
        reopen_session(session=session, reason="x")
    assert not Correction.objects.exists()
