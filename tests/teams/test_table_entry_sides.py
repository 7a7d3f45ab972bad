"""The two sides of a teams match's room (the North-South and East-West of a room are different teams), each on
its own link: the side that entered a board cannot confirm it; the other side's different result opens a
disagreement (both kept, both phones and the director's grid show it) settled by one side accepting the other's
or by the director, both results in the room's result's history; the room's link from before the sides had
their own answers a clear message."""

import pytest
from django.test import Client
from django.urls import reverse

from teams.models import BoardResult, TeamTableEntry, TypedRoomResult
from teams.selectors.live import round_live
from teams.selectors.table_entry import room_secret
from tests.builders.team_tables import open_rooms, room_confirm, room_save

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(make_event):
    event = make_event(teams=2, boards_per_match=2)
    return event.matches.select_related("event", "home", "away").get()


@pytest.fixture
def sides(match):
    paths = open_rooms(match.event)
    return paths[match.pk, 1, "NS"], paths[match.pk, 1, "EW"]


def disagree(client, sides, board) -> TypedRoomResult:
    """North-South enter 4S+1 (450), East-West 4S= (420): neither replaces the other."""
    ns, ew = sides
    assert client.post(ns, room_save(board, "4S", "N", "+1")).status_code == 302
    assert client.post(ew, room_save(board, "4S", "N", "=")).status_code == 302
    return TypedRoomResult.objects.get(board=board)


def test_the_side_that_entered_a_board_cannot_confirm_it(anonymous_client, match, sides):
    ns, ew = sides
    board = match.first_board
    page = anonymous_client.get(ns).content.decode()
    assert f"This phone: North-South ({match.home.name})" in page
    assert f"This phone: East-West ({match.away.name})" in anonymous_client.get(ew).content.decode()
    assert anonymous_client.post(ns, room_save(board, "4S", "N", "+1")).status_code == 302
    assert "Waiting for East-West to confirm it" in anonymous_client.get(ns).content.decode()
    response = anonymous_client.post(ns, room_confirm(board))
    assert response.status_code == 400 and "the other team confirms it" in response.content.decode()
    assert not BoardResult.objects.exists()
    assert "North-South entered this" in anonymous_client.get(ew).content.decode()
    assert anonymous_client.post(ew, room_confirm(board)).status_code == 302
    result = BoardResult.objects.get()
    assert result.ns_score == 450 and result.history.get().history_change_reason == "table:room1"


def test_a_disagreement_shows_on_both_phones_and_the_grid_and_is_settled_by_accepting(
    anonymous_client, director_client, match, sides
):
    ns, ew = sides
    board = match.first_board
    typed = disagree(anonymous_client, sides, board)
    assert (typed.side, typed.ns_score, typed.disputed["side"], typed.disputed["ns_score"]) == ("NS", 450, "EW", 420)
    assert not BoardResult.objects.exists()
    for path in sides:
        page = anonymous_client.get(path).content.decode()
        assert "The two sides entered different results." in page and "450" in page and "420" in page
    assert "Accept East-West's result" in anonymous_client.get(ns).content.decode()
    grid = director_client.get(reverse("teams:live_grid", args=[match.event_id])).content.decode()
    assert "board 1: the two sides disagree" in grid and 'data-state="dispute"' in grid
    assert round_live(match.event).disputes == [typed]
    # A confirmation of the version seen before the disagreement is refused.
    assert anonymous_client.post(ew, room_confirm(board, 1)).status_code == 400
    # North-South accept East-West's result: it becomes the room's, both results in its history.
    assert anonymous_client.post(ns, room_confirm(board, typed.version)).status_code == 302
    result = BoardResult.objects.get()
    assert (result.ns_score, result.tricks) == (420, 10)
    assert result.history.get().history_change_reason == "table:room1|NS:4S N +1|EW:4S N =|NS"
    typed.refresh_from_db()
    assert typed.confirmed and not typed.in_dispute and typed.side == "EW"
    assert anonymous_client.post(ew, room_confirm(board, typed.version)).status_code == 302  # a retry: harmless
    assert BoardResult.objects.get().history.count() == 1


def test_east_west_accept_north_souths_result(anonymous_client, match, sides):
    ns, ew = sides
    typed = disagree(anonymous_client, sides, match.first_board)
    assert anonymous_client.post(ew, room_confirm(match.first_board, typed.version)).status_code == 302
    result = BoardResult.objects.get()
    assert result.ns_score == 450 and result.history.get().history_change_reason.endswith("|EW")


def test_the_side_correcting_its_own_result_to_the_others_ends_the_disagreement(anonymous_client, match, sides):
    ns, ew = sides
    typed = disagree(anonymous_client, sides, match.first_board)
    assert anonymous_client.post(ns, room_save(match.first_board, "4S", "N", "=")).status_code == 302
    typed.refresh_from_db()
    assert not typed.in_dispute and typed.ns_score == 420 and typed.side == "NS"
    response = anonymous_client.post(ns, room_confirm(match.first_board, typed.version))
    assert response.status_code == 400  # now North-South's own again: East-West confirm it
    assert anonymous_client.post(ew, room_confirm(match.first_board, typed.version)).status_code == 302
    assert BoardResult.objects.get().ns_score == 420


def test_the_director_settles_a_disagreement(anonymous_client, director_client, match, sides):
    typed = disagree(anonymous_client, sides, match.first_board)
    url = reverse("teams:room_settle", args=[typed.pk])
    response = director_client.post(url, {"side": "XX", "version": typed.version})  # bad input
    assert response.status_code == 302 and not BoardResult.objects.exists()
    assert director_client.post(url, {"side": "EW", "version": typed.version - 1}).status_code == 302  # stale
    assert not BoardResult.objects.exists()
    response = director_client.post(url, {"side": "EW", "version": typed.version}, follow=True)
    assert "Disagreement settled." in response.content.decode()
    result = BoardResult.objects.get()
    assert result.ns_score == 420
    assert result.history.get().history_change_reason == "table:room1|NS:4S N +1|EW:4S N =|TD"
    response = director_client.post(url, {"side": "NS", "version": typed.version}, follow=True)  # double submit
    assert "This board is settled already." in response.content.decode()
    assert BoardResult.objects.get().ns_score == 420 and BoardResult.objects.get().history.count() == 1
    for path in sides:
        assert "NS +420" in anonymous_client.get(path).content.decode()


def test_players_and_visitors_cannot_settle(anonymous_client, player_client, match, sides):
    typed = disagree(anonymous_client, sides, match.first_board)
    url = reverse("teams:room_settle", args=[typed.pk])
    assert player_client.post(url, {"side": "NS", "version": typed.version}).status_code == 403
    assert Client().post(url, {"side": "NS", "version": typed.version}).status_code == 302  # to the login page
    assert not BoardResult.objects.exists()


def test_the_room_link_from_before_the_sides_answers_a_clear_message(anonymous_client, match, sides):
    entry = TeamTableEntry.objects.get(event=match.event)
    old = f"/teams/t/{match.pk}/1/{room_secret(entry, match.pk, 1, 'NS')}/"
    response = anonymous_client.get(old)
    assert response.status_code == 410 and "Each side of a room now has its own link" in response.content.decode()
    response = anonymous_client.post(old, room_save(match.first_board, "4S", "N", "="))
    assert response.status_code == 410 and not TypedRoomResult.objects.exists()
