"""The request's club found without the database once the process knows it (club/club_directory.py): one cache read
a request, the clubs read again when one is made or changes its settings, and what is kept bounded."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club import club_directory
from club.club_settings import save_club_settings
from club.clubs import create_club
from club.models import Club


@pytest.fixture
def clubs(db, settings):
    settings.CLUBS = "many"
    settings.ALLOWED_HOSTS = ["*"]
    return (
        create_club(short_name="north", name="North Club"),
        create_club(short_name="south", name="South Club", host="bridge.south.test"),
    )


def club_queries(client, url: str, **headers) -> tuple[int, list[str]]:
    """(status, the queries on the clubs' table) of one request."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **headers)
    return response.status_code, [q["sql"] for q in queries if '"club_club"' in q["sql"]]


def test_a_club_is_read_once_then_found_from_what_the_process_kept(clubs, client):
    status, read = club_queries(client, "/c/north/")
    assert status == 200 and len(read) == 1  # one query for the host name and the prefix together
    status, read = club_queries(client, "/c/north/")
    assert status == 200 and read == []
    assert "North Club" in client.get("/c/north/").content.decode()


def test_a_clubs_own_host_name_wins_and_is_kept_too(clubs, client):
    assert club_queries(client, "/", HTTP_HOST="bridge.south.test")[0] == 200
    status, read = club_queries(client, "/c/north/", HTTP_HOST="BRIDGE.south.test")
    assert status == 404 and read == []  # the host's club (south): /c/north/ is no page of it
    assert "South Club" in client.get("/", HTTP_HOST="bridge.south.test").content.decode()


def test_a_club_made_after_its_address_was_unknown_is_found(clubs, client):
    assert client.get("/c/east/").status_code == 404  # the host's 404: no such club, and that is kept
    create_club(short_name="east", name="East Club")
    assert "East Club" in client.get("/c/east/").content.decode()


def test_a_clubs_new_name_is_on_its_next_page(clubs, client):
    north = clubs[0]
    client.get("/c/north/")
    save_club_settings(
        club_id=north.pk,
        name="Northern Lights BC",
        language="",
        time_zone="",
        preset="",
        conventions={},
        colour="",
        accent_colour="",
        logo=None,
        remove_logo=False,
    )
    assert "Northern Lights BC" in client.get("/c/north/").content.decode()


def test_another_process_sees_the_change_through_the_shared_version(clubs, client):
    client.get("/c/north/")
    Club.objects.filter(short_name="north").update(name="Renamed Elsewhere")  # a write in another process ...
    assert "Renamed Elsewhere" not in client.get("/c/north/").content.decode()  # ... not seen here yet
    club_directory.clubs_changed()  # ... until its version moves in the shared cache
    assert "Renamed Elsewhere" in client.get("/c/north/").content.decode()


def test_made_up_addresses_keep_at_most_the_bound(clubs, client, monkeypatch):
    monkeypatch.setattr(club_directory, "KEPT_AT_MOST", 20)
    for n in range(50):
        assert client.get(f"/c/nobody{n}/").status_code == 404
        assert len(club_directory._kept) <= 20
    assert client.get("/c/north/").status_code == 200
