"""The director's import and export pages."""

import datetime
import re

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from events.files.services.transfer import export_csv, import_travellers
from events.models import Session, TravellerLine
from tests.builders.sessions import HOWELL

HEADER = "BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,LEAD,TRICKS,SCORE\n"
IMPORT_URL = reverse("events:travellers_import")


def upload(text, filename="travellers.csv", **fields):
    content = text if isinstance(text, bytes) else text.encode()
    return {
        "name": "Tuesday pairs",
        "date": "2025-03-04",
        "scoring": "butler",
        "scale": "ebu",
        "file": SimpleUploadedFile(filename, content, content_type="text/csv"),
        **fields,
    }


@pytest.fixture
def session(db):
    return import_travellers(
        text=HOWELL.read_text(), name="Tuesday pairs", date=datetime.date(2025, 3, 4), scoring_method="matchpoints"
    ).session


def test_the_import_page_shows_the_upload_form(director_client):
    response = director_client.get(IMPORT_URL)
    page = response.content.decode()
    assert response.status_code == 200
    assert page.count("<h1") == 1
    assert 'enctype="multipart/form-data"' in page and "csrfmiddlewaretoken" in page
    for field in ("name", "date", "scoring", "scale", "file"):
        assert f'name="{field}"' in page


def test_a_good_file_becomes_a_session_and_leads_to_its_set_up_page(director_client, director_user):
    response = director_client.post(IMPORT_URL, upload(HOWELL.read_text()))
    session = Session.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("events:session_setup", kwargs={"session_id": session.pk})
    assert [str(message) for message in get_messages(response.wsgi_request)] == [
        "Imported 18 lines (6 boards, 6 pairs) into session “Tuesday pairs”."
    ]
    assert (session.name, session.date, session.scoring, session.director) == (
        "Tuesday pairs",
        datetime.date(2025, 3, 4),
        "butler",
        director_user,
    )
    line = TravellerLine.objects.order_by("pk").first()
    assert line.history.get().history_user == director_user  # the import is in each line's history


def test_a_bad_file_lists_every_problem_and_keeps_the_typed_fields(director_client):
    text = HEADER + "1,1,2,4S,N,,10,450\n1,3,3,4S,N,,10,420\n7,5,6,8S,N,,10,\n"
    response = director_client.post(
        IMPORT_URL, upload(text, name="Club night", date="2025-05-06", scoring="cross-imps", scale="acbl")
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert not Session.objects.exists()
    assert "The file was not imported: 3 problems." in page
    problems = re.findall(r"<li>(Line \d+: .*?)</li>", page)
    assert [problem.split(":")[0] for problem in problems] == ["Line 2", "Line 3", "Line 4"]
    assert "SCORE 450 does not agree with 4S by N taking 10 tricks on board 1" in problems[0]
    assert 'value="Club night"' in page and 'value="2025-05-06"' in page
    assert re.search(r'<option value="cross-imps" selected>', page)
    assert re.search(r'<option value="acbl" selected>', page)


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"file": ""}, "This field is required."),
        ({"file": SimpleUploadedFile("t.csv", b"BOARD_NUMBER\n\xe9\n")}, "The file is not UTF-8 text"),
        ({"name": ""}, "This field is required."),
        ({"date": "tomorrow"}, "Enter a valid date."),
    ],
)
def test_a_form_error_is_shown_and_nothing_is_imported(director_client, fields, error):
    response = director_client.post(IMPORT_URL, upload(HOWELL.read_text(), **fields))
    assert response.status_code == 200
    assert error in response.content.decode()
    assert not Session.objects.exists()


def test_the_export_downloads_the_session_as_csv(director_client, session):
    response = director_client.get(reverse("events:travellers_export", kwargs={"session_id": session.pk}))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="travellers-2025-03-04-tuesday-pairs.csv"'
    assert response.content.decode() == export_csv(session)
    assert response.content.decode().splitlines()[1] == "1,1,2,4S,N,HK,10,420,2.00,2.00"


def test_the_export_of_an_unknown_session_is_not_found(director_client):
    assert director_client.get(reverse("events:travellers_export", kwargs={"session_id": 999})).status_code == 404


def test_anonymous_users_are_sent_to_the_login_page(anonymous_client, session):
    login = reverse("login")
    export_url = reverse("events:travellers_export", kwargs={"session_id": session.pk})
    for response in (
        anonymous_client.get(IMPORT_URL),
        anonymous_client.post(IMPORT_URL, upload(HOWELL.read_text())),
        anonymous_client.get(export_url),
    ):
        assert response.status_code == 302
        assert response.url.startswith(login)
    assert Session.objects.count() == 1


def test_players_are_refused(player_client, session):
    assert player_client.get(IMPORT_URL).status_code == 403
    assert player_client.post(IMPORT_URL, upload(HOWELL.read_text())).status_code == 403
    assert player_client.get(reverse("events:travellers_export", kwargs={"session_id": session.pk})).status_code == 403
    assert Session.objects.count() == 1


def test_the_import_post_is_csrf_protected(director_user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(director_user)
    assert client.post(IMPORT_URL, upload(HOWELL.read_text())).status_code == 403
    assert not Session.objects.exists()
