"""The director's checks page, its one-click fixes and the session status."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from club.typed_result import read_typed_result
from events.entry.services.lines import save_line
from events.models import Board, Section, Session, TravellerLine
from events.plans import section_plan
from tests.builders.sessions import club_night, enter_all


@pytest.fixture
def complete(db):
    session, section = club_night()
    enter_all(section)
    return session, section


@pytest.fixture
def incomplete(db):
    session, section = club_night()
    missing = section_plan(section).board_plays(2)[0]
    enter_all(section, skip={missing})
    return session, section, missing


def checks_url(session):
    return reverse("events:session_checks", args=[session.pk])


def fix_url(session):
    return reverse("events:session_fix", args=[session.pk])


def status_url(session):
    return reverse("events:session_status", args=[session.pk])


def page_messages(response):
    return [str(message) for message in response.context["messages"]]


def in_a_week():
    return (timezone.localtime() + datetime.timedelta(days=7)).strftime("%Y-%m-%dT%H:%M")


# --- access -----------------------------------------------------------------------------------------------------


def test_anonymous_visitors_are_sent_to_log_in(anonymous_client, complete):
    session, _section = complete
    for url, method in ((checks_url(session), "get"), (fix_url(session), "post"), (status_url(session), "post")):
        response = getattr(anonymous_client, method)(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


def test_players_are_refused(player_client, complete):
    session, _section = complete
    assert player_client.get(checks_url(session)).status_code == 403
    assert player_client.post(fix_url(session), {"action": "mark_checked"}).status_code == 403
    assert player_client.post(status_url(session), {"status": "final"}).status_code == 403
    session.refresh_from_db()
    assert session.status == Session.Status.IN_PROGRESS


def test_actions_refuse_get(director_client, complete):
    session, _section = complete
    assert director_client.get(fix_url(session)).status_code == 405
    assert director_client.get(status_url(session)).status_code == 405


def test_unknown_session_is_not_found(director_client, db):
    assert director_client.get(reverse("events:session_checks", args=[999])).status_code == 404
    assert director_client.post(reverse("events:session_fix", args=[999]), {"action": "recompute"}).status_code == 404
    assert director_client.post(reverse("events:session_status", args=[999]), {"status": "final"}).status_code == 404


def test_actions_are_csrf_protected(director_user, complete):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(director_user)
    session, _section = complete
    assert client.post(status_url(session), {"status": "final"}).status_code == 403
    assert client.post(fix_url(session), {"action": "mark_checked"}).status_code == 403


# --- the page ---------------------------------------------------------------------------------------------------


def test_a_clean_session_page(director_client, complete):
    session, _section = complete
    response = director_client.get(checks_url(session))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<h1") == 1
    assert "No blocking problem: the session can be published." in html
    assert f'action="{status_url(session)}"' in html
    assert 'name="corrections_until"' in html and 'type="datetime-local"' in html
    for value in ("in_progress", "provisional", "final"):
        assert f'value="{value}"' in html


def test_the_page_lists_blocking_problems_with_their_fixes(director_client, incomplete):
    session, section, missing = incomplete
    at_table = list(TravellerLine.objects.filter(board__section=section, round=3, table=3))
    for line in at_table:
        TravellerLine.objects.filter(pk=line.pk).update(ns_pair=line.ew_pair_id, ew_pair=line.ns_pair_id)
    wrong = TravellerLine.objects.filter(board__section=section, board__number=1).first()
    TravellerLine.objects.filter(pk=wrong.pk).update(ns_score=-1)
    response = director_client.get(checks_url(session))
    html = response.content.decode()
    assert sorted(problem.kind for problem in response.context["blocking"]) == ["missing", "score", "swapped_round"]
    assert f"round {missing.round}, table {missing.table}: {missing.ns} v {missing.ew}" in html
    assert "Publishing is refused while 3 blocking problems remain." in html
    assert 'value="swap_round"' in html and 'value="recompute"' in html and 'value="mark_checked"' in html
    assert reverse("events:line_history", args=[wrong.pk]) in html
    assert reverse("events:traveller_entry", args=[session.pk, section.pk, 2]) in html
    assert reverse("events:table_entry", args=[session.pk, section.pk, 3, 3]) in html


@pytest.mark.slow  # 243 lines entered
def test_the_page_uses_a_bounded_number_of_queries(director_client, django_assert_max_num_queries, db):
    session, section = club_night(tables=9, boards_per_round=3, name="Big night")  # 27 boards, 243 lines
    plan = section_plan(section)
    enter_all(
        section,
        skip={plan.schedule[0], plan.schedule[40]},
        results={plan.schedule[7]: ("A", "", ""), plan.schedule[99]: ("7NT", "N", "13")},
    )
    some = list(TravellerLine.objects.filter(board__section=section, round=4, table=2))
    for line in some:
        TravellerLine.objects.filter(pk=line.pk).update(ns_pair=line.ew_pair_id, ew_pair=line.ns_pair_id)
    with django_assert_max_num_queries(10):
        response = director_client.get(checks_url(session))
    assert response.status_code == 200
    assert len(response.context["blocking"]) == 4


# --- fixes ------------------------------------------------------------------------------------------------------


def test_swap_round_fix(director_client, director_user, complete):
    session, section = complete
    at_table = list(TravellerLine.objects.filter(board__section=section, round=2, table=3))
    for line in at_table:
        TravellerLine.objects.filter(pk=line.pk).update(ns_pair=line.ew_pair_id, ew_pair=line.ns_pair_id)
    response = director_client.post(
        fix_url(session), {"action": "swap_round", "section": section.pk, "table": 3, "round": 2}, follow=True
    )
    assert response.redirect_chain == [(checks_url(session), 302)]
    assert "NS and EW swapped on 2 lines." in page_messages(response)
    assert response.context["blocking"] == []
    for line in at_table:
        line.refresh_from_db()
        assert line.history.first().history_user == director_user


def test_recompute_fix(director_client, complete):
    session, section = complete
    line = TravellerLine.objects.filter(board__section=section, board__number=1).first()
    TravellerLine.objects.filter(pk=line.pk).update(ns_score=999)
    response = director_client.post(fix_url(session), {"action": "recompute", "line": line.pk}, follow=True)
    assert "NS score recomputed on 1 line." in page_messages(response)
    line.refresh_from_db()
    assert line.ns_score == 400
    assert response.context["blocking"] == []


def test_mark_checked_fix(director_client, db):
    session, section = club_night()
    average = section_plan(section).board_plays(3)[0]
    enter_all(section, results={average: ("A", "", "")})  # a bare A: which average the director meant is checked
    line = TravellerLine.objects.get(board__section=section, adjusted="A5050")
    response = director_client.get(checks_url(session))
    assert [problem.kind for problem in response.context["blocking"]] == ["average"]
    assert "an average typed as a bare “A”, stored as A5050" in response.content.decode()

    response = director_client.post(fix_url(session), {"action": "mark_checked", "line": line.pk}, follow=True)
    assert "1 line marked as checked." in page_messages(response)
    assert response.context["blocking"] == []
    assert "Checked by the director" in response.content.decode()
    line.refresh_from_db()
    assert line.checked


def test_mark_checked_several_lines_at_once(director_client, complete):
    session, section = complete
    ids = list(TravellerLine.objects.filter(board__section=section).values_list("pk", flat=True)[:2])
    response = director_client.post(fix_url(session), {"action": "mark_checked", "line": ids}, follow=True)
    assert "2 lines marked as checked." in page_messages(response)
    assert TravellerLine.objects.filter(pk__in=ids, checked=True).count() == 2


@pytest.mark.parametrize(
    "data",
    [
        {"action": "delete_everything"},
        {},
    ],
)
def test_unknown_fix_changes_nothing(director_client, complete, data):
    session, _section = complete
    response = director_client.post(fix_url(session), data, follow=True)
    assert "Unknown fix: nothing was changed." in page_messages(response)


@pytest.mark.parametrize(
    "data",
    [
        {"action": "recompute", "line": "abc"},
        {"action": "recompute"},
        {"action": "mark_checked", "line": "999999"},
        {"action": "swap_round", "section": "1", "table": "x", "round": "2"},
        {"action": "swap_round", "table": "1", "round": "2"},
    ],
)
def test_fix_with_bad_parameters(director_client, complete, data):
    session, _section = complete
    response = director_client.post(fix_url(session), data, follow=True)
    assert response.redirect_chain == [(checks_url(session), 302)]
    [message] = response.context["messages"]
    assert message.level_tag == "error"


def test_fix_refuses_lines_of_another_session(director_client, complete):
    session, _section = complete
    other, other_section = club_night(name="Other night")
    enter_all(other_section)
    line = TravellerLine.objects.filter(board__section=other_section).first()
    response = director_client.post(fix_url(session), {"action": "mark_checked", "line": line.pk}, follow=True)
    assert "Choose lines of this session." in page_messages(response)
    line.refresh_from_db()
    assert not line.checked
    response = director_client.post(
        fix_url(session), {"action": "swap_round", "section": other_section.pk, "table": 1, "round": 1}, follow=True
    )
    assert [message.level_tag for message in response.context["messages"]] == ["error"]


def test_swap_round_of_an_empty_table_is_an_error(director_client, complete):
    session, section = complete
    response = director_client.post(
        fix_url(session), {"action": "swap_round", "section": section.pk, "table": 9, "round": 1}, follow=True
    )
    assert any("no results at table 9" in message for message in page_messages(response))


def test_recompute_of_an_unscorable_line_is_an_error(director_client, complete):
    session, section = complete
    line = TravellerLine.objects.filter(board__section=section).first()
    TravellerLine.objects.filter(pk=line.pk).update(tricks=None, ns_score=5)
    response = director_client.post(fix_url(session), {"action": "recompute", "line": line.pk}, follow=True)
    assert any("tricks are missing" in message for message in page_messages(response))
    line.refresh_from_db()
    assert line.ns_score == 5


# --- status -----------------------------------------------------------------------------------------------------


def test_publishing_refused_while_problems_remain_then_accepted(director_client, incomplete):
    session, section, missing = incomplete
    response = director_client.post(
        status_url(session), {"status": "provisional", "corrections_until": in_a_week()}, follow=True
    )
    assert response.redirect_chain == [(checks_url(session), 302)]
    [message] = page_messages(response)
    assert "1 blocking problem remains" in message and "checks page" in message
    session.refresh_from_db()
    assert session.status == Session.Status.IN_PROGRESS

    pairs = {pair.label: pair for pair in section.pairs.all()}
    board = section.boards.get(number=missing.board)
    save_line(
        board=board,
        ns_pair=pairs[missing.ns],
        ew_pair=pairs[missing.ew],
        result=read_typed_result(missing.board, "3NT", "N", "9"),
    )
    until = in_a_week()
    response = director_client.post(
        status_url(session), {"status": "provisional", "corrections_until": until}, follow=True
    )
    assert page_messages(response) == ["The session is now: Provisional."]
    session.refresh_from_db()
    assert session.status == Session.Status.PROVISIONAL
    assert timezone.localtime(session.corrections_until).strftime("%Y-%m-%dT%H:%M") == until
    html = response.content.decode()
    assert "corrections accepted until" in html
    assert f'value="{until}"' in html


def test_status_transitions(director_client, complete):
    session, _section = complete
    reopen_url = reverse("events:session_reopen", args=[session.pk])
    for url, data, status in (
        (status_url(session), {"status": "final"}, "final"),
        # a final session does not leave final through the status form: it is reopened with a reason
        (status_url(session), {"status": "provisional", "corrections_until": in_a_week()}, "final"),
        (reopen_url, {"reason": "Board 2: lead corrected"}, "provisional"),
        (status_url(session), {"status": "provisional", "corrections_until": in_a_week()}, "provisional"),
        (status_url(session), {"status": "in_progress"}, "in_progress"),
        (status_url(session), {"status": "final"}, "final"),
    ):
        director_client.post(url, data)
        session.refresh_from_db()
        assert session.status == status


@pytest.mark.parametrize(
    "data",
    [
        {"status": "provisional", "corrections_until": "next tuesday"},
        {"status": "provisional", "corrections_until": "2026-13-45T25:00"},
        {"status": "provisional"},
        {"status": "provisional", "corrections_until": "2001-01-01T10:00"},
        {"status": "published"},
        {},
    ],
)
def test_bad_status_input_is_refused(director_client, complete, data):
    session, _section = complete
    response = director_client.post(status_url(session), data, follow=True)
    assert response.redirect_chain == [(checks_url(session), 302)]
    [message] = response.context["messages"]
    assert message.level_tag == "error"
    session.refresh_from_db()
    assert session.status == Session.Status.IN_PROGRESS


def test_the_messages_are_one_each(director_client, complete):
    session, _section = complete
    response = director_client.post(status_url(session), {"status": "final"}, follow=True)
    assert len(re.findall(r'role="alert"', response.content.decode())) == 1


def test_several_sections_are_labelled(director_client, complete):
    session, _section = complete
    section_b = Section.objects.create(session=session, letter="B", kind="mitchell", tables=3, boards_per_round=2)
    numbers = section_plan(section_b).played_boards
    Board.objects.bulk_create([Board(section=section_b, number=number) for number in numbers])
    response = director_client.get(checks_url(session))
    assert {problem.section for problem in response.context["blocking"]} == {"B"}  # no results at all in B
    assert "Section B" in response.content.decode()
    assert reverse("events:traveller_entry", args=[session.pk, section_b.pk, 6]) in response.content.decode()


def offered_deadline(when: datetime.datetime) -> str:
    return (timezone.localtime(when) + datetime.timedelta(hours=48)).strftime("%Y-%m-%dT%H:00")


def test_the_status_form_offers_a_correction_period_of_48_hours(director_client, complete):
    session, _section = complete
    before = offered_deadline(timezone.now())
    html = director_client.get(checks_url(session)).content.decode()
    after = offered_deadline(timezone.now())
    offered = re.search(r'name="corrections_until" value="([^"]*)"', html).group(1)
    assert offered in {before, after}
    # Publishing with what is offered works at once.
    response = director_client.post(status_url(session), {"status": "provisional", "corrections_until": offered})
    session.refresh_from_db()
    assert response.status_code == 302 and session.status == Session.Status.PROVISIONAL


@pytest.mark.parametrize(
    "data",
    [
        {"status": "provisional", "corrections_until": "2001-01-01T10:00"},  # refused by the service
        {"status": "provisional", "corrections_until": "next tuesday"},  # refused by the form
    ],
)
def test_a_refused_status_keeps_the_directors_choice(director_client, complete, data):
    session, _section = complete
    response = director_client.post(status_url(session), data, follow=True)
    html = response.content.decode()
    assert re.search(r'<option value="provisional"\s+selected>', html)
    assert f'value="{data["corrections_until"]}"' in html
    session.refresh_from_db()
    assert session.status == Session.Status.IN_PROGRESS
    # Only once: the next visit offers the session's own status again.
    html = director_client.get(checks_url(session)).content.decode()
    assert re.search(r'<option value="in_progress"\s+selected>', html)


def test_the_end_of_corrections_ends_its_sentence_with_one_full_stop(director_client, complete):
    session, _section = complete
    until = datetime.datetime(2099, 12, 2, 20, 0, tzinfo=datetime.UTC)
    director_client.post(status_url(session), {"status": "provisional", "corrections_until": "2099-12-02T20:00"})
    session.refresh_from_db()
    assert session.corrections_until == until
    for url in (checks_url(session), reverse("events:session", args=[session.pk])):
        html = " ".join(director_client.get(url).content.decode().split())
        assert "accepted until 2 Dec 2099, 20:00." in html
        assert ".." not in re.sub(r"<[^>]+>", "", html).replace("...", "")
