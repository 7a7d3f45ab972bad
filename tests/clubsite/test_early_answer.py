"""A phone's poll with its tag answered before the middleware it does not need (club/early_answer.py): the
session, login, language and CSRF middleware never run for it (the request the view saw carries no session and no
user), while a refused link, a page read and a first poll go the whole way as before."""

from __future__ import annotations

import pytest
from django.test import Client

from club.clubs import create_club
from club.tenancy import club_scope
from events.plans import section_plan
from events.tables.services.table_entry import set_table_entry
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, poll, save_post, three_table_room
from tests.builders.team_tables import open_rooms

pytestmark = pytest.mark.django_db


def _whole_way(response) -> bool:
    """Whether the request went through the session and login middleware (they set these on it)."""
    return hasattr(response.wsgi_request, "session") and hasattr(response.wsgi_request, "user")


@pytest.fixture
def room():
    return three_table_room("Early night")


def test_a_tagged_poll_is_answered_early_304_or_the_new_version(room, client, anonymous_client):
    _session, section, paths = room
    path = paths["1"]
    first = client.get(path + "state/")  # the first poll, without a tag: the whole way
    assert first.status_code == 200 and _whole_way(first)
    tag = first["ETag"]
    unchanged = client.get(path + "state/", HTTP_IF_NONE_MATCH=tag)
    assert unchanged.status_code == 304 and not _whole_way(unchanged)
    assert unchanged["ETag"] == tag and unchanged["X-Frame-Options"] == "DENY" and "Set-Cookie" not in unchanged
    board = section_plan(section).plays_at(1, 1)[0]
    assert anonymous_client.post(path, save_post(board, "4S", "N", "=")).status_code == 302
    changed = client.get(path + "state/", HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and not _whole_way(changed)
    assert changed["ETag"] != tag and changed.json()["version"] == poll(client, path)[2]
    assert anonymous_client.post(ew(path), confirm_post(board)).status_code == 302
    assert poll(client, path, changed["ETag"])[0] == 200  # the confirmation moved it again


def test_a_refused_link_goes_the_whole_way_and_speaks_the_readers_language(room):
    session, _section, paths = room
    phone = Client(HTTP_ACCEPT_LANGUAGE="es")
    tag = phone.get(paths["1"] + "state/")["ETag"]
    set_table_entry(session=session, is_open=False)
    closed = phone.get(paths["1"] + "state/", HTTP_IF_NONE_MATCH=tag)
    assert closed.status_code == 403 and _whole_way(closed) and "ETag" not in closed
    spanish = "La entrada en las mesas está cerrada: pregunte al director."
    assert closed.json() == {"error": "closed", "message": spanish}
    wrong = phone.get(paths["1"].replace("/ns/", "/ew/") + "state/", HTTP_IF_NONE_MATCH=tag)  # the other side's
    assert wrong.status_code == 404 and _whole_way(wrong)  # secret does not open this side


def test_other_conditional_requests_go_the_whole_way(room, client):
    _session, _section, paths = room
    for path in ("/", paths["1"], "/no/such/page/"):
        response = client.get(path, HTTP_IF_NONE_MATCH='"some-tag"')
        assert _whole_way(response), path
    assert client.get("/no/such/page/", HTTP_IF_NONE_MATCH='"x"').status_code == 404


def test_a_teams_rooms_poll_is_answered_early_too(client, make_event):
    event = make_event(teams=4, boards_per_match=2)
    match = event.matches.filter(round=1, away__isnull=False).first()
    path = open_rooms(event)[match.pk, 1]
    tag = client.get(path + "state/")["ETag"]
    again = client.get(path + "state/", HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and not _whole_way(again)


def test_on_a_site_of_many_clubs_a_poll_is_answered_early_in_its_own_club_only(settings):
    settings.CLUBS = "many"
    north, south = create_club(short_name="north", name="North"), create_club(short_name="south", name="South")
    with club_scope(north):
        session, _section = make_session("mitchell", tables=3, boards_per_round=2, name="North night")
        path = open_tables(session)["1"]
    phone = Client()
    tag = phone.get(f"/c/north{path}state/")["ETag"]
    answer = phone.get(f"/c/north{path}state/", HTTP_IF_NONE_MATCH=tag)
    assert answer.status_code == 304 and not _whole_way(answer)
    elsewhere = phone.get(f"/c/{south.short_name}{path}state/", HTTP_IF_NONE_MATCH=tag)
    assert elsewhere.status_code == 404 and _whole_way(elsewhere)  # another club's address opens nothing
    host = phone.get(f"{path}state/", HTTP_IF_NONE_MATCH=tag)  # the host's own pages: no tables there
    assert host.status_code == 404
