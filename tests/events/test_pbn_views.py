"""The director's PBN results upload page: the normal path, bad files, and who may not use it."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from events.models import BoardDeal, Session, TravellerLine

pytestmark = pytest.mark.django_db
RUTER = Path(__file__).parent / "data" / "pbn" / "ruter_mitchell.pbn"
URL = reverse("events:pbn_import")


def upload(content: bytes, name: str = "results.pbn", **fields):
    return {"file": SimpleUploadedFile(name, content, content_type="text/plain"), **fields}


def test_the_upload_creates_the_session_with_its_deals_and_shows_the_comparison(director_client):
    page = director_client.get(URL).content.decode()
    assert "Import a PBN results file" in page and 'name="scoring"' in page
    page = director_client.post(URL, upload(RUTER.read_bytes(), "thursday.pbn"), follow=True).content.decode()
    session = Session.objects.get()
    assert f"/director/sessions/{session.pk}/" in page
    assert "6 lines imported; 6 figures compared with the file, 0 differ." in page
    assert "The totals of 6 pairs compared with the file: 0 differ." in page
    assert "stored for 2 boards" in page and "A 1NS: Ana Garcia — guest" in page
    assert set(BoardDeal.objects.values_list("source_name", flat=True)) == {"thursday.pbn"}


def test_the_pairs_totals_that_differ_are_listed(director_client):
    text = RUTER.read_text().replace(" 2  3  3 N-S     5.0  62.50", " 2  3  3 N-S     6.0  75.00")
    page = director_client.post(
        URL, upload(text.encode(), scoring="matchpoints", preset="ebu"), follow=True
    ).content.decode()
    table = page.split('id="usebio-pair-differences"')[1].split("</table>")[0]
    assert "3NS" in table and "total" in table and "percentage" in table and "62.5" in table


@pytest.mark.parametrize(
    "content, fields, message",
    [
        (RUTER.read_bytes().replace(b"N  9 HK", b"N 99 HK"), {}, "Line 14: TRICKS"),
        (b"\x00\xff" * 100, {}, "no ScoreTable"),
        (RUTER.read_bytes(), {"scoring": "rubber"}, "Select a valid choice"),
        (RUTER.read_bytes(), {"preset": "<script>"}, "Select a valid choice"),
    ],
)
def test_a_bad_file_or_choice_lists_its_problems_and_saves_nothing(director_client, content, fields, message):
    response = director_client.post(URL, upload(content, **fields))
    assert response.status_code == 200 and message in response.content.decode()
    assert not Session.objects.exists() and not TravellerLine.objects.exists()


def test_a_file_too_big_is_refused_by_the_form(director_client, settings):
    response = director_client.post(URL, upload(b" " * 5_000_001))
    assert "larger than" in response.content.decode() and not Session.objects.exists()


def test_no_file_is_asked_for_again(director_client):
    response = director_client.post(URL, {})
    assert response.status_code == 200 and "This field is required" in response.content.decode()


def test_only_directors_may_import(client, player_client):
    response = client.get(URL)
    assert response.status_code == 302 and "login" in response.url
    assert player_client.post(URL, upload(RUTER.read_bytes())).status_code == 403
    assert not Session.objects.exists()


def test_a_file_with_hundreds_of_problems_lists_a_hundred_and_counts_the_rest(director_client):
    header = '[Date "2026.11.26"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
    page = director_client.post(URL, upload((header + "1 2 3\n" * 300).encode()), follow=True).content.decode()
    assert "300 problems" in page and "and 200 more problems" in page and page.count("3 values where") == 100
