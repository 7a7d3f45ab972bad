"""Weighted scores (Law 12C1c) on the director's traveller page, the public traveller and scorecard, the checks
and the CSV files."""

import datetime

import pytest
from django.urls import reverse

from events.files.services.transfer import export_csv, import_travellers
from events.models import TravellerLine

pytestmark = pytest.mark.django_db
HEADER = "BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,LEAD,TRICKS,SCORE\n"


@pytest.fixture
def three_tables(make_session):
    """A 3-table Mitchell, 2 boards a round: board 1 is due three times (top 4, EBU)."""
    return make_session("mitchell", tables=3, boards_per_round=2, status="provisional")


def entry_url(session, section, number):
    return reverse("events:traveller_entry", args=[session.pk, section.pk, number])


def enter_board_one(client, session, section):
    data = {"r0-contract": "60% 4S N =, 40% 4S N -1", "r1-contract": "4S", "r1-declarer": "N", "r1-tricks": "10"}
    data.update({"r2-contract": "4S", "r2-declarer": "N", "r2-tricks": "9"})
    return client.post(entry_url(session, section, 1), data)


def test_a_weighted_score_is_entered_and_scored(director_client, three_tables):
    session, section = three_tables
    assert enter_board_one(director_client, session, section).status_code == 302
    lines = {line.adjusted or line.ns_score: line for line in TravellerLine.objects.all()}
    # Top 4. With 60 % the line is +420: 420 420 -50 -> 3, 3, 0; with 40 % -50: -50 420 -50 -> 1, 4, 1.
    # The weighted line: 0.6 x 3 + 0.4 x 1 = 2.2; the 420: 0.6 x 3 + 0.4 x 4 = 3.4; the -50: 0.4 x 1 = 0.4.
    assert lines["W60:420;40:-50"].ns_points == pytest.approx(2.2)
    assert lines["W60:420;40:-50"].ew_points == pytest.approx(1.8)
    assert (lines[420].ns_points, lines[-50].ns_points) == pytest.approx((3.4, 0.4))


def test_the_public_pages_explain_a_weighted_score(client, director_client, three_tables):
    session, section = three_tables
    enter_board_one(director_client, session, section)
    page = client.get(reverse("events:board_traveller", args=[session.pk, section.pk, 1])).content.decode()
    assert "is a weighted score (Law 12C1c)" in page and "60 % × 420; 40 % × -50" in page
    line = TravellerLine.objects.get(adjusted__startswith="W")
    card = client.get(reverse("events:pair_scorecard", args=[session.pk, line.ns_pair_id])).content.decode()
    assert "a weighted score" in card
    checks = director_client.get(reverse("events:session_checks", args=[session.pk])).content.decode()
    assert "W60:420;40:-50" not in checks  # a weighted score is specified: only a bare A needs a second look


def test_a_bad_weighted_score_saves_nothing(director_client, three_tables):
    session, section = three_tables
    response = director_client.post(entry_url(session, section, 1), {"r0-contract": "60% 4S N =, 50% 4S N -1"})
    assert response.status_code == 200
    assert "add up to 110, not 100" in response.content.decode()
    response = director_client.post(entry_url(session, section, 1), {"r0-contract": "60% 4S =, 40% PASS"})
    assert "e.g. 60% 4S N =, 40% 4S N -1" in response.content.decode()
    assert not TravellerLine.objects.exists()


def test_a_player_cannot_enter_a_weighted_score(player_client, three_tables):
    session, section = three_tables
    assert enter_board_one(player_client, session, section).status_code == 403
    assert not TravellerLine.objects.exists()


def test_the_csv_files_carry_weighted_scores():
    text = HEADER + "1,1,2,,,,,W60:420;40:-50\n1,3,4,4S,N,,10,420\n1,5,6,4S,N,,9,-50\n"
    session = import_travellers(
        text=text, name="W", date=datetime.date(2025, 3, 4), scoring_method="matchpoints"
    ).session
    line = TravellerLine.objects.get(adjusted__startswith="W")
    assert line.ns_points == pytest.approx(2.2)  # as on the traveller page above
    assert "W60:420;40:-50" in export_csv(session)
