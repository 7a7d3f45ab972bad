"""Table entry of a teams match: each room side's link, its page on a phone, a board saved then confirmed by the other
side (saved as the room's result through the teams services, the match scored), stored once however often sent,
refused links, corrections by the director only, who may open the director's pages."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from teams.models import BoardResult, TeamTableEntry, TypedRoomResult
from teams.selectors.table_entry import room_secret
from teams.services.table_entry import set_team_table_entry
from tests.builders.team_tables import open_rooms, other_side, path_parts, room_confirm, room_save

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(make_event):
    event = make_event(teams=4, boards_per_match=2)
    return event.matches.filter(round=1, away__isnull=False).select_related("event", "home", "away").first()


def enter(client, path, board, typed, lead=""):
    assert client.post(path, room_save(board, *typed, lead)).status_code == 302
    match_id, room, _side = path_parts(path)
    version = TypedRoomResult.objects.get(match_id=match_id, room=room, board=board).version
    assert client.post(other_side(path), room_confirm(board, version)).status_code == 302


def test_each_room_enters_its_boards_and_the_match_is_scored(anonymous_client, match):
    paths = open_rooms(match.event)
    first = match.first_board
    one, two = paths[match.pk, 1], paths[match.pk, 2]
    page = anonymous_client.get(one).content.decode()
    assert match.home.name in page and match.away.name in page and "Room 1" in page
    assert page.count('name="contract"') == 2 and ">Contract<" in page and ">Save<" in page
    response = anonymous_client.post(one, room_save(first, "4S", "N", "=", "HK"))
    assert response.status_code == 302 and "NS +420" in anonymous_client.get(one).content.decode()
    assert not BoardResult.objects.exists()  # kept as typed until the other side confirms
    assert anonymous_client.post(paths[match.pk, 1, "EW"], room_confirm(first)).status_code == 302
    enter(anonymous_client, two, first, ("4S", "N", "-1"))
    enter(anonymous_client, one, first + 1, ("3NT", "S", "="))
    enter(anonymous_client, two, first + 1, ("3NT", "S", "="))
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps, match.boards_scored, match.complete) == (10, 0, 2, True)
    result = BoardResult.objects.get(match=match, room=1, board=first)
    assert result.history.first().history_change_reason == "table:room1"
    assert "Every board of this room is in." in anonymous_client.get(one).content.decode()


def test_a_board_sent_twice_is_stored_once(anonymous_client, match):
    path = open_rooms(match.event)[match.pk, 1]
    board = match.first_board
    for _ in range(2):
        assert anonymous_client.post(path, room_save(board, "4S", "N", "=")).status_code == 302
    assert TypedRoomResult.objects.get().version == 1
    for _ in range(2):
        assert anonymous_client.post(other_side(path), room_confirm(board)).status_code == 302
    assert BoardResult.objects.count() == 1 and BoardResult.objects.get().history.count() == 1


def test_a_confirmed_board_is_changed_by_the_director_only(anonymous_client, match):
    path = open_rooms(match.event)[match.pk, 1]
    board = match.first_board
    enter(anonymous_client, path, board, ("4S", "N", "="))
    response = anonymous_client.post(path, room_save(board, "4S", "N", "+1"))
    assert response.status_code == 400 and "only the director can change it" in response.content.decode()
    assert BoardResult.objects.get().tricks == 10


def test_a_board_the_director_entered_is_refused_at_the_table(anonymous_client, match, enter_match):
    path = open_rooms(match.event)[match.pk, 2]
    board = match.first_board
    enter_match(match, {board: (("4S", "N", "="), ("4S", "N", "-1"))})
    response = anonymous_client.post(path, room_save(board, "3NT", "S", "="))
    assert response.status_code == 400 and BoardResult.objects.get(room=2).contract == "4S"


def test_a_version_changed_on_the_other_phone_is_not_confirmed(anonymous_client, match):
    path = open_rooms(match.event)[match.pk, 1]
    board = match.first_board
    anonymous_client.post(path, room_save(board, "4S", "N", "="))
    anonymous_client.post(path, room_save(board, "4S", "N", "+1"))
    response = anonymous_client.post(other_side(path), room_confirm(board, 1))
    assert response.status_code == 400 and "changed on another phone" in response.content.decode()
    assert not BoardResult.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"action": "save", "board": "1", "contract": "8S", "declarer": "N", "tricks": "="},
        {"action": "save", "board": "99", "contract": "4S", "declarer": "N", "tricks": "="},
        {"action": "save", "board": "x", "contract": "4S"},
        {"action": "confirm", "board": "1", "version": "1"},
        {"action": "nothing"},
        {"action": "confirm", "board": "1", "version": "99999999999999999999"},
    ],
)
def test_bad_input_is_refused_with_a_message(anonymous_client, match, data):
    path = open_rooms(match.event)[match.pk, 1]
    response = anonymous_client.post(path, data)
    assert response.status_code == 400 and 'role="alert"' in response.content.decode()
    assert not BoardResult.objects.exists()


def test_a_wrong_expired_or_other_matchs_secret_is_refused(anonymous_client, make_event):
    event = make_event(teams=4, boards_per_match=2)
    other = make_event(teams=4, boards_per_match=2, name="Other")
    paths = open_rooms(event)
    open_rooms(other)
    first, second = list(event.matches.filter(away__isnull=False))[:2]
    path = paths[first.pk, 1]
    assert anonymous_client.get(path.replace(path.split("/")[-2], "x" * 22)).status_code == 404
    assert anonymous_client.get(path.replace("/1/", "/2/", 1)).status_code == 404  # the other room's secret
    swapped = path.replace(f"/t/{first.pk}/", f"/t/{second.pk}/")
    assert anonymous_client.get(swapped).status_code == 404  # another match's
    entry = TeamTableEntry.objects.get(event=other)
    foreign = reverse("teams:room", args=[first.pk, 1, "ns", room_secret(entry, first.pk, 1, "NS")])
    assert anonymous_client.get(foreign).status_code == 404  # signed with another event's key
    assert anonymous_client.get(reverse("teams:room", args=[2**63, 1, "ns", "x"])).status_code == 404
    assert anonymous_client.get(path.replace("/ns/", "/ew/")).status_code == 404  # North-South's secret, East-West
    assert anonymous_client.get(path.replace("/ns/", "/xx/")).status_code == 404
    assert anonymous_client.get(path + "state/").status_code == 200
    set_team_table_entry(event=event, is_open=False)
    assert anonymous_client.get(path).status_code == 403
    assert anonymous_client.post(path, room_save(first.first_board, "4S", "N", "=")).status_code == 403
    assert anonymous_client.get(path + "state/").status_code == 403
    set_team_table_entry(event=event, is_open=True)
    event.status = event.Status.FINAL
    event.save()
    assert anonymous_client.get(path).status_code == 403


def test_the_state_moves_when_the_other_phone_saves(anonymous_client, match):
    path = open_rooms(match.event)[match.pk, 2]
    before = anonymous_client.get(path + "state/").json()["version"]
    anonymous_client.post(path, room_save(match.first_board, "2H", "E", "="))
    assert anonymous_client.get(path + "state/").json()["version"] != before


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ["Room 1", ">Contract<", ">Declarer<", ">Result<", ">Lead<", ">Save<"]),
        ("es", ["Sala 1", ">Contrato<", ">Declarante<", ">Resultado<", ">Salida<", ">Guardar<"]),
        ("ro", ["Sala 1", ">Contract<", ">Salvează<"]),
    ],
)
def test_the_room_page_in_english_spanish_and_romanian(anonymous_client, settings, match, language, words):
    path = open_rooms(match.event)[match.pk, 1]
    anonymous_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = anonymous_client.get(path).content.decode()
    assert all(word in page for word in words), [word for word in words if word not in page]
    response = anonymous_client.post(path, room_save(match.first_board, "4S", "N", "=") | {"board": "99"})
    refusal = {"en": "is not played in this match", "es": "no se juega en este partido", "ro": "nu se joacă"}
    assert refusal[language] in response.content.decode()


def test_the_director_corrects_a_confirmed_board_and_the_room_sees_it(anonymous_client, director_client, match):
    path = open_rooms(match.event)[match.pk, 1]
    board = match.first_board
    enter(anonymous_client, path, board, ("4S", "N", "="))
    result = BoardResult.objects.get()
    prefix = f"b{board}r1"
    data = {
        f"{prefix}-contract": "4S",
        f"{prefix}-declarer": "N",
        f"{prefix}-tricks": "+1",
        f"{prefix}-drawn": f"{result.pk}.{result.version}",
    }
    response = director_client.post(reverse("teams:match_entry", args=[match.pk]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert BoardResult.objects.get().tricks == 11
    page = anonymous_client.get(path).content.decode()
    assert "NS +450" in page and page.count('name="contract"') == 1  # the other board's form only
    BoardResult.objects.all().delete()  # the director removes it: the room may enter the board again
    enter(anonymous_client, path, board, ("3NT", "N", "="))
    assert BoardResult.objects.get().contract == "3NT"


def test_a_late_round_beyond_board_999_is_entered_too(anonymous_client, match):
    """A long teams event numbers its boards on past 999 (each round its own boards)."""
    type(match).objects.filter(pk=match.pk).update(first_board=1001)
    path = open_rooms(match.event)[match.pk, 2]
    enter(anonymous_client, path, 1001, ("1NT", "W", "="))
    assert BoardResult.objects.get().board == 1001


def test_the_room_page_reads_as_many_queries_however_many_boards(anonymous_client, make_event):
    counts = []
    for boards in (2, 12):
        event = make_event(teams=2, boards_per_match=boards, name=f"{boards} boards")
        match = event.matches.get()
        path = open_rooms(event)[match.pk, 1]
        enter(anonymous_client, path, 1, ("4S", "N", "="))
        with CaptureQueriesContext(connection) as captured:
            assert anonymous_client.get(path).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]
