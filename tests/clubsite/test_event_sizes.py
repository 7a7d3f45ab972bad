"""Every size bounded to what a bridge event can be (`club.limits`): larger is refused with a message, before
anything is built, stored or drawn."""

import re
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.limits import MAX_FILE_LINES, MAX_PROBLEMS
from events.models import Board, Session
from movements.models import CustomMovement
from tests.builders.sessions import make_session, session_post
from tests.builders.teams import make_event

HEADER = "round,table,ns_pair,ew_pair,low_board,high_board\n"


@pytest.mark.parametrize("high", ["1000", "1000000", "99999999999", "9" * 5000])
def test_a_custom_movement_with_huge_board_numbers_is_refused(director_client, high):
    text = HEADER + f"1,1,1,2,1,{high}\n1,2,3,4,1,{high}\n"
    started = time.monotonic()
    response = director_client.post(reverse("movements:custom_create"), {"name": "Huge", "csv_text": text})
    assert time.monotonic() - started < 5
    assert response.status_code == 200
    assert "high_board must be at most 999" in response.content.decode()
    assert not CustomMovement.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "none", "tables": "300", "boards_per_round": "300", "rounds": "300"}, "less than or equal to 60"),
        ({"kind": "none", "tables": "3", "boards_per_round": "10", "rounds": "300"}, "less than or equal to 99"),
        ({"kind": "mitchell", "tables": "5", "boards_per_round": "11"}, "less than or equal to 10"),
        ({"kind": "mitchell", "tables": "5", "first_board": "40000"}, "less than or equal to 999"),
        ({"kind": "mitchell", "tables": "5", "first_board": "995"}, "numbered up to 1004"),
        ({"kind": "none", "tables": "3", "boards_per_round": "10", "rounds": "99"}, "numbered up to 990"),
    ],
)
def test_a_section_larger_than_an_event_is_refused(director_client, fields, message):
    response = director_client.post(reverse("events:session_create"), session_post(**fields))
    page = response.content.decode()
    if message == "numbered up to 990":  # 990 boards from board 1: the largest free-entry section allowed
        assert response.status_code == 302 and Board.objects.count() == 990
        return
    assert response.status_code == 200 and message in page
    assert not Session.objects.exists() and not Board.objects.exists()


def test_at_most_26_sections(director_client):
    data = session_post()
    sections = {k: v for k, v in data.items() if k.startswith("sections-0-")}
    for index in range(1, 27):
        for key, value in sections.items():
            data[key.replace("sections-0-", f"sections-{index}-")] = value
        data[f"sections-{index}-letter"] = f"S{index}"
    data["sections-TOTAL_FORMS"] = "27"
    response = director_client.post(reverse("events:session_create"), data)
    assert response.status_code == 200 and "A session has at most 26 sections (A to Z)." in response.content.decode()
    assert not Session.objects.exists()


def upload(text):
    return SimpleUploadedFile("t.csv", text.encode(), content_type="text/csv")


def import_travellers(client, text):
    data = {"file": upload(text), "name": "Big", "date": "2026-11-30", "scoring": "matchpoints", "scale": "ebu"}
    return client.post(reverse("events:travellers_import"), data)


def test_a_file_longer_than_an_event_is_refused_at_once(director_client):
    lines = [f"{1 + i % 30},{1 + i % 60}NS,{1 + (i + 1) % 60}EW,3NT,N,9,400" for i in range(MAX_FILE_LINES + 1)]
    text = "BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,TRICKS,SCORE\n" + "\n".join(lines)
    started = time.monotonic()
    response = import_travellers(director_client, text)
    assert time.monotonic() - started < 20
    assert f"The file has more than {MAX_FILE_LINES} lines" in response.content.decode()
    assert not Session.objects.exists()


def test_a_file_of_bad_lines_lists_the_first_100_problems_and_counts_the_rest(director_client):
    text = "BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,TRICKS,SCORE\n" + "x,y,z,8S,Q,99,\n" * 400
    page = import_travellers(director_client, text).content.decode()
    listed = page.count("<li>Line ")
    assert listed == MAX_PROBLEMS
    total = int(re.search(r"The file was not imported: (\d+) problems.", page).group(1))
    assert total >= 400 and f"and {total - MAX_PROBLEMS} more problems" in page


def test_a_teams_file_of_bad_lines_lists_the_first_100_problems(director_client, db):
    match = make_event(teams=2).matches.get()
    text = "BOARD_NUMBER,ROOM,CONTRACT,PLAYED_BY,TRICKS\n" + "1,9,4S,N,10\n" * 150
    page = director_client.post(reverse("teams:match_import", args=[match.pk]), {"file": upload(text)})
    page = page.content.decode()
    assert page.count("<li>Line ") == MAX_PROBLEMS and "and 50 more problems" in page


def test_the_checks_page_lists_the_first_100_problems_of_a_kind(director_client, db):
    session, _section = make_session("mitchell", tables=30, boards_per_round=4)  # 120 boards, none entered
    page = director_client.get(reverse("events:session_checks", args=[session.pk])).content.decode()
    shown = page.count('id="problem-blocking-')
    assert shown == MAX_PROBLEMS
    assert "more problems" in page
