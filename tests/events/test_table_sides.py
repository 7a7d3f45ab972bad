"""The two sides of a table: the side that entered a board cannot confirm it; the other side's different result
opens a disagreement (both kept, both phones and the director see it) settled by one side accepting the other's or
by the director, both results in the line's history; a table's link acts on its current round (and the one before);
a confirmation is never replayed over the director's decision. Two phones at once in threads (SQLite and
PostgreSQL)."""

import pytest
from django.test import Client
from django.urls import reverse

from events.entry.selectors.line_history import source_text
from events.entry.services.lines import delete_line
from events.models import TableResult, TravellerLine
from events.plans import section_plan
from events.tables.services.table_entry import set_table_entry
from tests.builders.concurrency import run_at_once
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, save_post


def mitchell3():
    return make_session("mitchell", tables=3, boards_per_round=2, name="Sides night")


def first_play(section, table=1, round_=1):
    return section_plan(section).plays_at(table, round_)[0]


@pytest.mark.django_db
def test_the_side_that_entered_a_board_cannot_confirm_it(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    assert anonymous_client.post(path, save_post(play, "4S", "N", "+1")).status_code == 302
    response = anonymous_client.post(path, confirm_post(play))
    assert response.status_code == 400 and "the other pair confirms it" in response.content.decode()
    assert not TravellerLine.objects.exists()
    assert anonymous_client.post(ew(path), confirm_post(play)).status_code == 302
    assert TravellerLine.objects.get().ns_score == 450


@pytest.mark.django_db
def test_a_different_result_from_the_other_side_opens_a_disagreement_settled_by_accepting(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    anonymous_client.post(path, save_post(play, "4S", "N", "+1"))  # NS: 450
    assert anonymous_client.post(ew(path), save_post(play, "4S", "N", "=")).status_code == 302  # EW: 420
    typed = TableResult.objects.get()
    assert (typed.side, typed.ns_score, typed.disputed["side"], typed.disputed["ns_score"]) == ("NS", 450, "EW", 420)
    assert not TravellerLine.objects.exists()  # neither replaced the other
    for page_path in (path, ew(path)):
        page = anonymous_client.get(page_path).content.decode()
        assert "The two sides entered different results." in page and "450" in page and "420" in page
    grid = Client()
    director_page = reverse("events:live_grid", args=[session.pk])
    assert grid.get(director_page).status_code in (302, 403)  # the director's grid is the director's
    # A confirmation of the version seen before the disagreement is refused.
    assert anonymous_client.post(ew(path), confirm_post(play, version=1)).status_code == 400
    # North-South accepts East-West's result.
    assert anonymous_client.post(path, confirm_post(play, version=typed.version)).status_code == 302
    line = TravellerLine.objects.get()
    assert line.ns_score == 420
    reason = line.history.get().history_change_reason
    assert "NS:4S N +1" in reason and "EW:4S N =" in reason
    assert source_text(reason) == (
        "entered at table 1 after the two sides disagreed (North-South: 4S N +1; East-West: 4S N =): "
        "North-South accepted East-West's"
    )


@pytest.mark.django_db
def test_the_director_sees_a_disagreement_and_settles_it(anonymous_client, director_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    anonymous_client.post(path, save_post(play, "3NT", "S", "="))
    anonymous_client.post(ew(path), save_post(play, "3NT", "S", "-1"))
    typed = TableResult.objects.get()
    grid = director_client.get(reverse("events:live_grid", args=[session.pk])).content.decode()
    assert f"Table 1, board {play.board}: the two sides disagree" in grid and 'data-state="dispute"' in grid
    settle = reverse("events:table_settle", args=[typed.pk])
    assert director_client.post(settle, {"side": "XX", "version": typed.version}).status_code == 302  # refused
    assert not TravellerLine.objects.exists()
    assert director_client.post(settle, {"side": "NS", "version": typed.version - 1}).status_code == 302  # stale
    assert not TravellerLine.objects.exists()
    assert director_client.post(settle, {"side": "EW", "version": typed.version}).status_code == 302
    line = TravellerLine.objects.get()
    assert line.ns_score == -50
    assert source_text(line.history.get().history_change_reason).endswith("settled by the director")
    assert director_client.post(settle, {"side": "NS", "version": typed.version}).status_code == 302  # twice
    assert TravellerLine.objects.get().ns_score == -50
    assert anonymous_client.post(settle, {"side": "NS", "version": typed.version}).status_code in (302, 403)
    assert TravellerLine.objects.get().ns_score == -50


@pytest.mark.django_db
def test_a_link_acts_only_on_its_tables_current_round_and_the_one_before(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    ahead = first_play(section, round_=3)
    response = anonymous_client.post(path, save_post(ahead, "4S", "N", "="))
    assert response.status_code == 400 and "Round 3 is not the round of table 1 now" in response.content.decode()
    assert anonymous_client.post(ew(path), confirm_post(ahead)).status_code == 400
    assert not TableResult.objects.exists()
    for play in section_plan(section).plays_at(1, 1):
        anonymous_client.post(path, save_post(play, "PASS", "", ""))
        anonymous_client.post(ew(path), confirm_post(play))
    second = first_play(section, round_=2)
    assert anonymous_client.post(path, save_post(second, "4S", "N", "=")).status_code == 302
    assert anonymous_client.post(path, save_post(ahead, "4S", "N", "=")).status_code == 400  # still ahead


@pytest.mark.django_db
def test_a_confirmation_replayed_after_the_director_removed_the_line_is_refused(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    anonymous_client.post(path, save_post(play, "4S", "N", "+1"))
    anonymous_client.post(ew(path), confirm_post(play))
    line = TravellerLine.objects.get()
    line.contract, line.tricks, line.ns_score = "4S", 10, 420  # the director's correction
    line.save()
    assert anonymous_client.post(ew(path), confirm_post(play)).status_code == 302  # replayed: harmless
    assert TravellerLine.objects.get().ns_score == 420  # the director's decision stands
    delete_line(line=TravellerLine.objects.get())
    response = anonymous_client.post(ew(path), confirm_post(play))  # the same request sent again
    assert response.status_code == 400 and "The director removed the result" in response.content.decode()
    assert not TravellerLine.objects.exists()


def test_two_phones_of_one_table_saving_different_results_at_once_disagree(database):
    # North-South and East-West press Save at the same moment with different results: one row, both results
    # kept, whichever came first; nothing confirmed.
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)

    def post(side_path, result):
        return lambda: Client().post(side_path, save_post(play, "4S", "N", result)).status_code

    statuses, errors = run_at_once([post(path, "+1"), post(ew(path), "=")], database)
    assert errors == [] and statuses == [302, 302]
    typed = TableResult.objects.get()
    assert {typed.side, typed.disputed["side"]} == {"NS", "EW"}
    assert {typed.ns_score, typed.disputed["ns_score"]} == {450, 420}
    assert not TravellerLine.objects.exists()


def test_both_sides_accepting_at_once_store_one_line(database):
    # In a disagreement each side presses Accept at once: one wins, the other is refused (the version moved on)
    # or finds it settled; one line, never both.
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    Client().post(path, save_post(play, "4S", "N", "+1"))
    Client().post(ew(path), save_post(play, "4S", "N", "="))
    version = TableResult.objects.get().version

    def accept(side_path):
        return lambda: Client().post(side_path, confirm_post(play, version=version)).status_code

    statuses, errors = run_at_once([accept(path), accept(ew(path))], database)
    assert errors == [] and statuses == [302, 302]  # the second finds the board confirmed: harmless
    assert TravellerLine.objects.count() == 1
    assert TravellerLine.objects.get().ns_score in (420, 450)


@pytest.mark.django_db
def test_the_phone_says_a_correction_was_asked_then_shows_the_directors_answer(anonymous_client, director_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    play = first_play(section)
    anonymous_client.post(path, save_post(play, "4S", "N", "="))
    anonymous_client.post(ew(path), confirm_post(play))
    before = anonymous_client.get(path + "state/").json()["version"]
    anonymous_client.post(ew(path), {"action": "correct", "board": play.board, "note": "It was 4H"})
    for side_path in (path, ew(path)):  # both phones of the table
        page = anonymous_client.get(side_path).content.decode()
        assert "Sent: waiting for the director." in page and "It was 4H" in page
    asked = anonymous_client.get(path + "state/").json()["version"]
    assert asked != before  # the other phone reloads to show it
    line = TravellerLine.objects.get()
    line.contract, line.ns_score = "4H", 420
    line.save()
    correction = line.board.section.correction_requests.get()
    director_client.post(reverse("events:correction_done", args=[correction.pk]))
    assert anonymous_client.get(path + "state/").json()["version"] != asked
    page = anonymous_client.get(path).content.decode()
    assert "The director has dealt with it." in page and "4H" in page and "Sent: waiting" not in page


@pytest.mark.django_db
def test_a_final_or_closed_session_tells_the_polling_phone_why(anonymous_client):
    session, section = mitchell3()
    path = open_tables(session)["1"]
    set_table_entry(session=session, is_open=False)
    closed = anonymous_client.get(path + "state/")
    assert closed.status_code == 403 and closed.json()["error"] == "closed"
    set_table_entry(session=session, is_open=True)
    session.status = "final"
    session.save()
    final = anonymous_client.get(path + "state/")
    assert final.status_code == 403 and final.json()["error"] == "final"
    assert "The session is final" in final.json()["message"]
    page = anonymous_client.get(path)
    assert page.status_code == 403 and "The session is final" in page.content.decode()
    assert "<form" not in page.content.decode().split("<main", 1)[-1]
