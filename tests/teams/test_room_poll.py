"""A teams room's phones' polls answered from the room's tag (teams.selectors.table_entry.room_tag, by the rule every
table page shares: club.table_entry.polled_state): `304 Not Modified`, the state unread, while nothing the room's page
shows has changed; the new version as soon as anything has (the other side, the director), never for the other
room's or another match's boards."""

import pytest

from teams.models import BoardResult, TypedRoomResult
from teams.room_results import read_room
from teams.services.matches import save_results
from tests.builders.table_entry import page_tag, poll
from tests.builders.team_tables import open_rooms, other_side, room_confirm, room_save

pytestmark = pytest.mark.django_db


@pytest.fixture
def rooms(make_event):
    event = make_event(teams=4, boards_per_match=2)
    first, second = event.matches.filter(round=1, away__isnull=False).select_related("event", "home", "away")[:2]
    return first, second, open_rooms(event)


def test_a_poll_that_finds_nothing_new_is_answered_304_from_the_tag(rooms, client, django_assert_max_num_queries):
    match, _other, paths = rooms
    path = paths[match.pk, 1]
    status, tag, version = poll(client, path)
    assert status == 200 and tag and version
    with django_assert_max_num_queries(3) as queries:  # the match (event, teams), its entry and the tag
        status, again, _ = poll(client, path, tag)
    assert status == 304 and again == tag
    sqls = [query["sql"] for query in queries.captured_queries]
    assert not any(sql.startswith('SELECT "teams_typedroomresult"') for sql in sqls)  # no state built
    assert not any(sql.startswith('SELECT "teams_boardresult"') for sql in sqls)
    cache_control = client.get(path + "state/", HTTP_IF_NONE_MATCH=tag)["Cache-Control"]
    assert {"no-cache", "private"} <= set(cache_control.split(", "))  # asked afresh each time, never shared
    assert poll(client, path, '"not-the-tag"')[0] == 200
    assert poll(client, path, "x" * 5000)[0] == 200  # hostile: a plain answer


def test_every_change_of_the_room_moves_the_tag_and_the_other_rooms_do_not(rooms, client, anonymous_client):
    match, other, paths = rooms
    path = paths[match.pk, 1]
    first, second = match.first_board, match.first_board + 1
    _status, tag, version = poll(client, path)

    def moved(write) -> None:
        nonlocal tag, version
        write()
        status, new_tag, new_version = poll(client, path, tag)
        assert status == 200 and new_tag != tag and new_version != version, write
        tag, version = new_tag, new_version

    def still(write) -> None:
        write()
        assert poll(client, path, tag)[0] == 304, write

    def typed(board: int) -> TypedRoomResult:
        return TypedRoomResult.objects.get(match=match, room=1, board=board)

    still(lambda: anonymous_client.post(paths[match.pk, 2], room_save(first, "4S", "N", "=")))  # the other room
    still(lambda: anonymous_client.post(paths[other.pk, 1], room_save(other.first_board, "4S", "N", "=")))
    moved(lambda: anonymous_client.post(path, room_save(first, "4S", "N", "=")))
    moved(lambda: anonymous_client.post(path, room_save(first, "4S", "N", "+1")))  # typed again: a new version
    moved(lambda: anonymous_client.post(other_side(path), room_save(first, "3NT", "S", "=")))  # a disagreement
    moved(lambda: anonymous_client.post(other_side(path), room_confirm(first, typed(first).version)))  # accepted
    assert typed(first).confirmed
    line = BoardResult.objects.get(match=match, room=1, board=first)
    moved(lambda: save_results(match=match, changes={(first, 1): read_room(first, "5S", "N", "=")}))  # the director
    moved(lambda: save_results(match=match, changes={(first, 1): None}))  # removed by the director
    assert not BoardResult.objects.filter(pk=line.pk).exists()
    moved(lambda: anonymous_client.post(path, room_save(second, "2H", "E", "=")))
    moved(lambda: anonymous_client.post(other_side(path), room_confirm(second, typed(second).version)))


def test_the_room_page_carries_its_tag_so_the_phones_first_poll_finds_nothing_new(rooms, client, anonymous_client):
    match, _other, paths = rooms
    path = paths[match.pk, 1]
    tag = page_tag(client.get(path).content.decode())
    assert poll(client, path, tag)[0] == 304  # the first poll after a load: no state built
    saved = anonymous_client.post(path, room_save(match.first_board, "4S", "N", "="), follow=True)  # the page again
    moved = page_tag(saved.content.decode())
    assert moved != tag and poll(client, path, moved)[0] == 304 and poll(client, path, tag)[0] == 200
