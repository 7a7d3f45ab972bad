"""The phones' polls answered from the table's tag (events.selectors.table_tag): `304 Not Modified`, the state
unread, while nothing the table's page shows has changed; the new version as soon as anything has, whoever wrote
it (the other phone, the director, another table's confirmation never)."""

import pytest

from events.entry.services.lines import delete_line
from events.models import CorrectionRequest, TableResult, TravellerLine
from events.plans import section_plan
from events.tables.selectors.table_entry import TableContext, find_table
from events.tables.selectors.table_tag import table_tag
from events.tables.services.table_entry import resolve_correction, set_table_entry
from tests.builders.table_entry import confirm_post, ew, page_tag, poll, save_post, three_table_room

pytestmark = pytest.mark.django_db


@pytest.fixture
def room():
    return three_table_room("Poll night")


def test_a_poll_that_finds_nothing_new_is_answered_304_from_the_tag(room, client, django_assert_max_num_queries):
    _session, _section, paths = room
    status, tag, version = poll(client, paths["1"])
    assert status == 200 and tag and version
    with django_assert_max_num_queries(1):  # the table (section, session, entry) with its tag: no state built
        status, again, _ = poll(client, paths["1"], tag)
    assert status == 304 and again == tag
    assert poll(client, paths["1"], '"not-the-tag"')[0] == 200
    assert poll(client, paths["1"], "x" * 5000)[0] == 200  # hostile: a plain answer


def test_every_change_of_the_page_moves_the_tag_and_another_tables_does_not(room, client, anonymous_client):
    _session, section, paths = room
    path = paths["1"]
    plan = section_plan(section)
    first, second = plan.plays_at(1, 1)
    elsewhere = plan.plays_at(2, 1)[0]
    _status, tag, version = poll(client, path)

    def moved(write) -> None:
        nonlocal tag, version
        write()
        status, new_tag, new_version = poll(client, path, tag)
        assert status == 200 and new_tag != tag and new_version != version, write
        # The poll's version (its lines read as ids alone) is the page's: the phone reloads only on a change.
        assert f'data-version="{new_version}"' in client.get(path).content.decode(), write
        tag, version = new_tag, new_version

    def still(write) -> None:
        write()
        assert poll(client, path, tag)[0] == 304, write

    still(lambda: anonymous_client.post(paths["2"], save_post(elsewhere, "4S", "N", "=")))
    still(lambda: anonymous_client.post(ew(paths["2"]), confirm_post(elsewhere)))
    moved(lambda: anonymous_client.post(path, save_post(first, "4S", "N", "=")))
    moved(lambda: anonymous_client.post(path, save_post(first, "4S", "N", "+1")))  # typed again: a new version
    moved(lambda: anonymous_client.post(ew(path), save_post(first, "3NT", "S", "=")))  # a disagreement
    moved(lambda: anonymous_client.post(ew(path), confirm_post(first, version=3)))  # accepts North-South's
    assert TableResult.objects.get(board__number=first.board, table=1).confirmed
    moved(lambda: delete_line(line=TravellerLine.objects.get(board__number=first.board, table=1)))
    moved(lambda: anonymous_client.post(path, {"action": "correct", "board": first.board, "note": "wrong lead"}))
    moved(lambda: resolve_correction(correction=CorrectionRequest.objects.get()))
    moved(lambda: anonymous_client.post(path, save_post(first, "4S", "N", "=")))  # entered again
    moved(lambda: anonymous_client.post(ew(path), confirm_post(first, version=4)))
    moved(lambda: anonymous_client.post(path, save_post(second, "4S", "N", "=")))
    moved(lambda: anonymous_client.post(ew(path), confirm_post(second)))  # the round is over: the next one


def test_a_closed_table_answers_without_a_tag_so_the_phone_asks_afresh(room, client):
    session, _section, paths = room
    _status, tag, _version = poll(client, paths["1"])
    set_table_entry(session=session, is_open=False)
    closed = client.get(paths["1"] + "state/", HTTP_IF_NONE_MATCH=tag)
    assert closed.status_code == 403 and "ETag" not in closed
    set_table_entry(session=session, is_open=True)
    assert poll(client, paths["1"])[0] == 200  # the phone dropped its tag with the closed answer


def test_the_page_carries_its_tag_so_the_phones_first_poll_finds_nothing_new(room, client, anonymous_client):
    _session, section, paths = room
    tag = page_tag(client.get(paths["1"]).content.decode())
    assert poll(client, paths["1"], tag)[0] == 304  # the first poll after a load: no state built
    play = section_plan(section).plays_at(1, 1)[0]
    saved = anonymous_client.post(paths["1"], save_post(play, "4S", "N", "="), follow=True)  # the page again
    moved = page_tag(saved.content.decode())
    assert moved != tag and poll(client, paths["1"], moved)[0] == 304 and poll(client, paths["1"], tag)[0] == 200


def test_the_tag_read_alone_is_the_tag_read_with_the_table(room, client, anonymous_client, django_assert_num_queries):
    """A context made without its tag (a director's settlement) reads it in its own statement: the same text, so the
    same tag, as the table's lookup reads (typed results, confirmed or not, lines and correction requests present;
    SUMs of ids are numeric on PostgreSQL and integers on SQLite, the text is the same on each)."""
    session, section, paths = room
    first, second = section_plan(section).plays_at(1, 1)
    anonymous_client.post(paths["1"], save_post(first, "4S", "N", "="))
    anonymous_client.post(ew(paths["1"]), confirm_post(first))
    anonymous_client.post(paths["1"], save_post(second, "3NT", "S", "-1"))
    anonymous_client.post(paths["1"], {"action": "correct", "board": first.board, "note": "wrong lead"})
    resolve_correction(correction=CorrectionRequest.objects.get())
    anonymous_client.post(paths["1"], {"action": "correct", "board": first.board, "note": "the lead again"})
    assert TravellerLine.objects.filter(table=1).count() == 1 and CorrectionRequest.objects.count() == 2
    tags = {}
    for table in (1, 2):  # a table with every kind of row, and one with none
        secret = paths[str(table)].rstrip("/").rsplit("/", 1)[-1]
        read, _problem = find_table(session.pk, section.letter, table, "ns", secret)
        alone = TableContext(read.entry, read.section, table, read.plan, "NS")
        with django_assert_num_queries(0):
            tags[table] = table_tag(read)
        with django_assert_num_queries(1):
            assert table_tag(alone) == tags[table]
    assert tags[1] != tags[2]
    assert poll(client, paths["1"], tags[1])[0] == 304
