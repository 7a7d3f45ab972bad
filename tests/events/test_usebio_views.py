"""The director's USEBIO upload page: the normal path, bad files, and who may not use it."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from events.models import Session, TravellerLine
from tests.builders.accounts import director, logged_in_client

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data" / "usebio"
URL = reverse("events:usebio_import")


def upload(name: str, content: bytes, **fields):
    return {"file": SimpleUploadedFile(name, content, content_type="text/xml"), **fields}


def test_the_upload_creates_the_session_and_shows_the_comparison(director_client):
    content = (DATA / "compscore_short_board.xml").read_bytes()
    page = director_client.post(URL, upload("results.xml", content), follow=True).content.decode()
    session = Session.objects.get()
    assert f"/director/sessions/{session.pk}/" in page
    assert "5 lines imported; 5 figures compared with the file, 2 differ." in page
    assert 'id="usebio-differences"' in page and "played fewer times" in page
    assert "guest" not in page.split('id="usebio-players"')[1].split("</ul>")[0]  # this file names no players


def test_with_the_scorers_preset_nothing_differs(director_client):
    content = (DATA / "compscore_short_board.xml").read_bytes()
    page = director_client.post(URL, upload("results.xml", content, preset="compscore"), follow=True).content.decode()
    assert "2 differ" not in page and 'id="usebio-differences"' not in page and "0 differ" in page
    assert not Session.objects.get().short_boards_neuberg


def test_players_are_shown_with_how_they_were_matched(director_client):
    content = (DATA / "mitchell_two_sections.xml").read_bytes()
    page = director_client.post(URL, upload("monday.xml", content), follow=True).content.decode()
    assert "A 2NS: Dora Visitor — guest" in page


@pytest.mark.parametrize(
    "content, message",
    [
        (b"<USEBIO Version='1.2'><EVENT EVENT_TYPE='TEAMS'/></USEBIO>", "TEAMS is a teams event"),
        (b"not xml at all", "not readable XML"),
        (b"<PBN/>", "not a USEBIO file"),
    ],
)
def test_a_bad_file_is_refused_and_nothing_saved(director_client, content, message):
    response = director_client.post(URL, upload("bad.xml", content))
    assert response.status_code == 200
    assert message in response.content.decode() and 'id="import-problems"' in response.content.decode()
    assert not Session.objects.exists() and not TravellerLine.objects.exists()


def test_no_file_or_an_unknown_preset_is_a_form_error(director_client):
    assert "This field is required." in director_client.post(URL, {}).content.decode()
    content = (DATA / "howell_butler.xml").read_bytes()
    response = director_client.post(URL, upload("b.xml", content, preset="bbo"))
    assert "Select a valid choice" in response.content.decode() and not Session.objects.exists()


def test_the_page_is_for_directors_only(client, player_client):
    content = (DATA / "howell_butler.xml").read_bytes()
    assert player_client.get(URL).status_code == 403
    assert player_client.post(URL, upload("b.xml", content)).status_code == 403
    response = client.post(URL, upload("b.xml", content))
    assert response.status_code == 302 and "login" in response.url
    assert not Session.objects.exists()


def test_the_director_home_links_the_upload(director_client):
    assert URL in director_client.get(reverse("events:director")).content.decode()


def test_the_comparison_is_a_page_of_its_own_that_reloading_does_not_import_again(
    client, director_client, player_client
):
    content = (DATA / "compscore_short_board.xml").read_bytes()
    response = director_client.post(URL, upload("results.xml", content))
    session = Session.objects.get()
    report = reverse("events:import_report", args=[session.pk])
    assert response.status_code == 302 and response.url == report
    for _reload in range(2):
        page = director_client.get(report).content.decode()
        assert "5 lines imported; 5 figures compared with the file, 2 differ." in page
    assert Session.objects.count() == 1 and TravellerLine.objects.count() == 5
    other = director("other", "Otto")  # no report in this director's session: the set-up page instead
    setup = reverse("events:session_setup", args=[session.pk])
    assert logged_in_client(other).get(report).url == setup
    assert player_client.get(report).status_code == 403 and "login" in client.get(report).url
    assert director_client.get(reverse("events:import_report", args=[session.pk + 99])).status_code == 404
