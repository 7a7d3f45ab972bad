"""Numbers that are not numbers: digits outside ASCII (`²`, `①`, `٣`, `⁹` pass `str.isdigit()` and some crash
`int()`), negative and 20-digit values, in every place the attack of issue 16 found a 500. Each is refused
or ignored with a message, never an error page."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from events.models import TravellerLine
from teams.models import BoardResult
from tests.builders.sessions import club_night, enter, free_entry_session
from tests.builders.teams import make_event

DIGITS = ["²", "①", "⁹", "٣", "12²", "-1", "99999999999999999999"]


@pytest.mark.parametrize("value", DIGITS)
@pytest.mark.parametrize("query", ["/?year={}", "/?year=2026&month={}", "/members/?per_page={}", "/members/?page={}"])
def test_public_query_strings(anonymous_client, value, query):
    club_night()
    response = anonymous_client.get(query.format(value))
    assert response.status_code == 200


@pytest.mark.parametrize("value", DIGITS)
def test_teams_standings_through_round(anonymous_client, db, value):
    event = make_event(teams=4, status="final")
    response = anonymous_client.get(reverse("teams:standings", args=[event.pk]), {"round": value})
    assert response.status_code == 200


@pytest.mark.parametrize("value", DIGITS)
def test_checks_page_fix_actions(director_client, db, value):
    session, section = club_night()
    line = enter(section, 1, "1NS", "3NT", "N", "9")
    url = reverse("events:session_fix", args=[session.pk])
    posts = [
        {"action": "swap_round", "section": value, "table": "1", "round": "1"},
        {"action": "swap_round", "section": str(section.pk), "table": value, "round": value},
        {"action": "recompute", "line": [value]},
        {"action": "mark_checked", "line": [str(line.pk), value]},
    ]
    for data in posts:
        response = director_client.post(url, data, follow=True)
        assert response.status_code == 200, data
        assert "Choose" in response.content.decode(), data
    assert not TravellerLine.objects.get(pk=line.pk).checked


@pytest.mark.parametrize("value", DIGITS)
def test_teams_match_import_board_number(director_client, db, value):
    match = make_event(teams=2).matches.get()
    text = f"BOARD_NUMBER,ROOM,CONTRACT,PLAYED_BY,TRICKS\n{value},1,4S,N,10\n"
    upload = SimpleUploadedFile("match.csv", text.encode(), content_type="text/csv")
    response = director_client.post(reverse("teams:match_import", args=[match.pk]), {"file": upload})
    assert response.status_code == 200
    assert "Line 2: BOARD_NUMBER" in response.content.decode()
    assert not BoardResult.objects.exists()


@pytest.mark.parametrize("value", DIGITS)
def test_traveller_import_board_number(director_client, db, value):
    text = f"BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,TRICKS\n{value},1,2,4S,N,10\n"
    upload = SimpleUploadedFile("t.csv", text.encode(), content_type="text/csv")
    data = {"file": upload, "name": "Imported", "date": "2026-11-30", "scoring": "matchpoints", "scale": "ebu"}
    response = director_client.post(reverse("events:travellers_import"), data)
    assert response.status_code == 200
    assert "BOARD_NUMBER" in response.content.decode()


@pytest.mark.parametrize("value", ["²", "①NS", "٣EW", "0", "1000", "99999"])
def test_free_entry_pair_numbers_are_refused_with_the_field_named(director_client, db, value):
    session = free_entry_session(final=False)
    section = session.sections.get()
    url = reverse("events:traveller_entry", args=[session.pk, section.pk, 3])
    data = {"n0-ns_pair": value, "n0-ew_pair": "2EW", "n0-contract": "4S", "n0-declarer": "N", "n0-tricks": "10"}
    response = director_client.post(url, data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "is not a pair number" in page and "invalid literal" not in page


@pytest.mark.parametrize("value", ["²", "①", "٣", "99999999999999999999"])
def test_entry_tricks_say_which_field(director_client, db, value):
    session, section = club_night()
    url = reverse("events:traveller_entry", args=[session.pk, section.pk, 1])
    response = director_client.post(url, {"r0-contract": "4S", "r0-declarer": "N", "r0-tricks": value})
    page = response.content.decode()
    assert response.status_code == 200 and "invalid literal" not in page
    assert not TravellerLine.objects.exists()
