"""The director's live view of a teams round: each room's state (not started, entering, done, late with the
pairs sessions' rule from club.live_states), each board's cell, the boards missing, the match scores so far and
the rooms' correction requests; the page, its polled part, who may see them and bad ids."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from club.live_states import DONE, ENTERING, LATE, WAITING, late_after, step_state
from teams.models import RoomCorrectionRequest, TeamTableEntry, TypedRoomResult
from teams.room_results import read_room
from teams.selectors.live import round_live
from teams.services.matches import save_results
from tests.builders.team_tables import open_rooms, other_side, room_confirm, room_save

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event):
    return make_event(teams=4, boards_per_match=2)


@pytest.fixture
def paths(event):
    return open_rooms(event)


def first_match(event):
    return event.matches.filter(round=1, away__isnull=False).order_by("table").first()


def enter(client, path, board, typed, confirm=True):
    assert client.post(path, room_save(board, *typed)).status_code == 302
    if confirm:
        match_id, room = (int(part) for part in path.split("/")[3:5])
        version = TypedRoomResult.objects.get(match_id=match_id, room=room, board=board).version
        assert client.post(other_side(path), room_confirm(board, version)).status_code == 302


def states(live) -> dict:
    return {(item.match.table, room.room): room.state for item in live.matches for room in item.rooms}


def test_the_state_rule_is_one_for_both_apps():
    now = timezone.now()
    late = late_after(20)
    assert step_state(done=True, typed=False, begun=now - late * 3, now=now, late=late) == DONE
    assert step_state(done=False, typed=True, begun=now - late * 2, now=now, late=late) == LATE
    assert step_state(done=False, typed=True, begun=now, now=now, late=late) == ENTERING
    assert step_state(done=False, typed=False, begun=None, now=now, late=late) == WAITING  # play has not begun
    assert late_after(None) == datetime.timedelta(minutes=20)


def test_rooms_go_from_not_started_to_entering_to_done(anonymous_client, event, paths):
    match = first_match(event)
    one = paths[match.pk, 1]
    live = round_live(event)
    assert live.round == 1 and set(states(live).values()) == {WAITING} and live.missing == 8
    enter(anonymous_client, one, match.first_board, ("4S", "N", "="), confirm=False)
    live = round_live(event)
    assert states(live)[match.table, 1] == ENTERING and states(live)[match.table, 2] == WAITING
    assert [cell.state for cell in live.matches[0].rooms[0].cells] == [ENTERING, WAITING]
    enter(anonymous_client, one, match.first_board, ("4S", "N", "="), confirm=False)  # the confirm alone
    version = TypedRoomResult.objects.get(match=match, room=1, board=match.first_board).version
    anonymous_client.post(other_side(one), room_confirm(match.first_board, version))
    live = round_live(event)
    first = live.matches[0].rooms[0]
    assert first.cells[0].state == DONE and first.cells[0].ns_score == 420 and first.state == WAITING
    assert live.missing == 7 and live.arrived[0].board == match.first_board
    enter(anonymous_client, one, match.first_board + 1, ("3NT", "S", "+1"))
    live = round_live(event)
    assert states(live)[match.table, 1] == DONE and live.matches[0].rooms[0].missing == 0 and live.missing == 6
    assert live.matches[0].score.home_imps is not None and live.matches[0].score.home_vp is not None


def test_a_room_is_late_after_the_events_setting_from_its_last_board_or_the_start_of_play(
    anonymous_client, event, paths
):
    match = first_match(event)
    enter(anonymous_client, paths[match.pk, 1], match.first_board, ("4S", "N", "="))
    start = timezone.now()
    TypedRoomResult.objects.update(updated_at=start - datetime.timedelta(minutes=30))  # play began 30 min ago
    TypedRoomResult.objects.update(confirmed_at=start - datetime.timedelta(minutes=10))
    live = round_live(event, now=start)
    assert states(live)[match.table, 1] == WAITING  # its last board confirmed 10 minutes ago
    assert states(live)[match.table, 2] == LATE and list(states(live).values()).count(LATE) == 3
    TeamTableEntry.objects.update(late_minutes=45)
    assert LATE not in states(round_live(event, now=start)).values()
    assert states(round_live(event, now=start + datetime.timedelta(minutes=40)))[match.table, 1] == LATE


def test_nobody_is_late_before_play_begins(event, paths):
    live = round_live(event, now=timezone.now() + datetime.timedelta(hours=3))
    assert set(states(live).values()) == {WAITING}


def test_a_board_the_director_entered_is_done_too(event, paths):
    match = first_match(event)
    save_results(match=match, changes={(match.first_board, 2): read_room(match.first_board, "2H", "E", "=")})
    live = round_live(event)
    assert live.matches[0].rooms[1].cells[0].state == DONE and live.matches[0].rooms[1].cells[0].ns_score == -110


def test_a_round_costs_the_same_queries_whatever_its_size(make_event, django_assert_max_num_queries, anonymous_client):
    for teams in (4, 12):
        event = make_event(teams=teams, boards_per_match=2, name=f"{teams} teams")
        paths = open_rooms(event)
        for match in event.matches.filter(round=1, away__isnull=False):
            enter(anonymous_client, paths[match.pk, 1], match.first_board, ("4S", "N", "="))
            RoomCorrectionRequest.objects.create(match=match, room=2, board=match.first_board)
        with django_assert_max_num_queries(8):
            live = round_live(event)
            assert len(live.matches) == teams // 2 and len(live.corrections) == teams // 2
            assert all(typed.match.home.name for typed in live.arrived)
            assert all(c.match.table for c in live.corrections)


def test_a_room_asks_for_a_correction_once_and_the_director_closes_it(
    anonymous_client, director_client, player_client, event, paths
):
    match = first_match(event)
    one = paths[match.pk, 1]
    enter(anonymous_client, one, match.first_board, ("4S", "N", "="))
    assert "Ask the director to correct a board" in anonymous_client.get(one).content.decode()
    ask = {"action": "correct", "board": match.first_board, "note": "It was 4H"}
    assert anonymous_client.post(one, ask).status_code == 302
    assert anonymous_client.post(one, ask).status_code == 302  # twice: one request
    correction = RoomCorrectionRequest.objects.get()
    assert (correction.room, correction.note, correction.resolved) == (1, "It was 4H", False)
    refused = anonymous_client.post(one, {"action": "correct", "board": 99, "note": ""})
    assert refused.status_code == 400 and "not played in this match" in refused.content.decode()
    grid = director_client.get(reverse("teams:live_grid", args=[event.pk])).content.decode()
    assert "please correct board" in grid and "It was 4H" in grid
    done = reverse("teams:correction_done", args=[correction.pk])
    assert player_client.post(done).status_code == 403
    response = director_client.post(done)
    assert response.status_code == 302 and response["Location"].endswith(f"/live/?round={match.round}")
    assert RoomCorrectionRequest.objects.get().resolved
    assert director_client.get(done).status_code == 405
    assert director_client.post(reverse("teams:correction_done", args=[2**40])).status_code == 404
    assert director_client.post(reverse("teams:correction_done", args=[correction.pk + 9])).status_code == 404


def test_the_director_reads_the_page_and_its_polled_part(director_client, anonymous_client, event, paths):
    match = first_match(event)
    enter(anonymous_client, paths[match.pk, 2], match.first_board, ("4S", "N", "-1"))
    page = director_client.get(reverse("teams:live_view", args=[event.pk]))
    html = page.content.decode()
    assert page.status_code == 200 and "no-store" in page["Cache-Control"]
    assert f'data-live-url="/teams/director/{event.pk}/live/grid/?round=1"' in html and "js/live.js" in html
    assert paths[match.pk, 1] in html and paths[match.pk, 2] in html  # each room's phone page
    assert reverse("teams:match_entry", args=[match.pk]) in html and "IMPs:" in html
    assert 'data-state="done"' in html and 'data-missing="7"' in html and "<script>" not in html
    grid = director_client.get(reverse("teams:live_grid", args=[event.pk]) + "?round=1")
    assert (
        grid.status_code == 200 and "<html" not in grid.content.decode() and 'data-missing="7"' in grid.content.decode()
    )
    assert director_client.get(reverse("teams:live_view", args=[event.pk]) + "?round=2").status_code == 200


@pytest.mark.parametrize("query", ["?round=abc", "?round=99", "?round=-1", "?round=" + "9" * 40, "?round="])
def test_a_round_that_is_not_there_is_not_found(director_client, event, paths, query):
    for name in ("teams:live_view", "teams:live_grid"):
        assert director_client.get(reverse(name, args=[event.pk]) + query).status_code == 404


def test_an_event_that_is_not_there_or_not_started(director_client, make_event):
    for event_id in (2**40, 999_999):
        assert director_client.get(reverse("teams:live_view", args=[event_id])).status_code == 404
        assert director_client.get(reverse("teams:live_grid", args=[event_id])).status_code == 404
    waiting = make_event(teams=4, start=False)
    assert (
        "No match is played yet" in director_client.get(reverse("teams:live_view", args=[waiting.pk])).content.decode()
    )
    assert director_client.get(reverse("teams:live_grid", args=[waiting.pk])).status_code == 404


def test_players_and_visitors_do_not_get_in(player_client, anonymous_client, event, paths):
    correction = RoomCorrectionRequest.objects.create(match=first_match(event), room=1, board=1)
    for url in (reverse("teams:live_view", args=[event.pk]), reverse("teams:live_grid", args=[event.pk])):
        assert player_client.get(url).status_code == 403
        response = anonymous_client.get(url)
        assert response.status_code == 302 and "/login" in response["Location"]
    assert anonymous_client.post(reverse("teams:correction_done", args=[correction.pk])).status_code == 302
    assert not RoomCorrectionRequest.objects.get().resolved


def test_the_late_setting_and_the_links_to_the_live_view(director_client, event):
    url = reverse("teams:event_tables", args=[event.pk])
    assert director_client.post(url, {"is_open": "on", "late_minutes": "35"}).status_code == 302
    assert TeamTableEntry.objects.get(event=event).late_minutes == 35
    assert director_client.post(url, {"is_open": "on", "late_minutes": "0"}).status_code == 400
    assert director_client.post(url, {"is_open": "on"}).status_code == 302  # empty: unchanged
    assert TeamTableEntry.objects.get(event=event).late_minutes == 35
    live = reverse("teams:live_view", args=[event.pk])
    assert live in director_client.get(url).content.decode()
    assert live in director_client.get(reverse("teams:event_setup", args=[event.pk])).content.decode()
    match = first_match(event)
    assert f"{live}?round=1" in director_client.get(reverse("teams:match_entry", args=[match.pk])).content.decode()
    director_client.post(url, {})  # closed: no link
    assert live not in director_client.get(url).content.decode()


def test_the_polled_part_costs_the_same_queries_for_a_bigger_round(
    director_client, make_event, django_assert_max_num_queries
):
    for teams in (4, 16):
        event = make_event(teams=teams, boards_per_match=4, name=f"{teams} teams")
        open_rooms(event)
        url = reverse("teams:live_grid", args=[event.pk]) + "?round=1"
        with django_assert_max_num_queries(12):
            response = director_client.get(url)
        assert response.status_code == 200 and response.content.decode().count("data-room=") == teams


@pytest.mark.parametrize(
    "language, words",
    [
        (
            "es",
            ["Vista en directo", "Sala 1", "Faltan 8 manos en la ronda 1.", "sin empezar", "Solicitudes de corrección"],
        ),
        ("ro", ["Sala 1", "Lipsesc încă 8 mâini în runda 1.", "Cereri de corectură", "neînceput", "Vedere în direct"]),
    ],
)
def test_the_live_view_in_spanish_and_romanian(director_client, event, paths, language, words):
    director_client.cookies["django_language"] = language
    page = director_client.get(reverse("teams:live_view", args=[event.pk])).content.decode()
    for word in words:
        assert word in page
    assert "still missing" not in page and "Correction requests" not in page
