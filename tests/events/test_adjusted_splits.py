"""Split and decimal adjusted scores (A61.8/38.2, A40/50) on the director's traveller page, in the CSV import and
export, and on the public traveller."""

import datetime

import pytest
from django.urls import reverse

from club.csv_files import FileRefused
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


def test_a_weighted_percentage_is_entered_on_the_traveller_page(director_client, three_tables):
    session, section = three_tables
    data = {"r0-contract": "4S", "r0-declarer": "N", "r0-tricks": "10", "r1-contract": "4S", "r1-declarer": "N"}
    data.update({"r1-tricks": "11", "r2-contract": "A61.8/38.2"})
    response = director_client.post(entry_url(session, section, 1), data)
    assert response.status_code == 302
    lines = {line.adjusted or line.ns_score: line for line in TravellerLine.objects.all()}
    # 61.8 % of the top of 4 = 2.472 for NS, 38.2 % = 1.528 for EW.
    assert (lines["A61.8/38.2"].ns_points, lines["A61.8/38.2"].ew_points) == pytest.approx((2.472, 1.528))
    # 420 and 450 compared between themselves, factored to 3 (Neuberg): 450 M = 2 -> (2 + 1) x 3 / 2 - 1 = 3.5;
    # 420 M = 0 -> 1 x 3 / 2 - 1 = 0.5.
    assert (lines[450].ns_points, lines[420].ns_points) == pytest.approx((3.5, 0.5))
    page = director_client.get(reverse("events:board_traveller", args=[session.pk, section.pk, 1])).content.decode()
    assert "A61.8/38.2" in page


def test_a_split_score_gives_each_side_its_own(director_client, three_tables):
    session, section = three_tables
    response = director_client.post(entry_url(session, section, 1), {"r0-contract": "A40/50"})
    assert response.status_code == 302
    line = TravellerLine.objects.get()
    assert line.adjusted == "A4050" and (line.ns_points, line.ew_points) == pytest.approx((1.6, 2.0))


def test_a_bad_split_saves_nothing_and_says_why(director_client, three_tables):
    session, section = three_tables
    response = director_client.post(entry_url(session, section, 1), {"r0-contract": "A60.125/40"})
    assert response.status_code == 200
    assert "with at most two decimals" in response.content.decode()
    assert not TravellerLine.objects.exists()


def test_a_player_cannot_enter_a_split(player_client, three_tables):
    session, section = three_tables
    assert player_client.post(entry_url(session, section, 1), {"r0-contract": "A40/50"}).status_code == 403
    assert not TravellerLine.objects.exists()


def test_the_csv_import_and_export_carry_splits_and_decimals():
    text = HEADER + "1,1,2,,,,,A61.8/38.2\n1,3,4,4S,N,,10,420\n2,1,2,,,,,A40/50\n2,3,4,4S,N,,10,620\n"
    session = import_travellers(
        text=text, name="Splits", date=datetime.date(2025, 3, 4), scoring_method="matchpoints"
    ).session
    adjusted = sorted(TravellerLine.objects.exclude(adjusted="").values_list("adjusted", flat=True))
    assert adjusted == ["A4050", "A61.8/38.2"]
    exported = export_csv(session)
    assert "A61.8/38.2" in exported and "A4050" in exported


def test_the_csv_import_refuses_a_percentage_over_100():
    with pytest.raises(FileRefused) as caught:
        import_travellers(
            text=HEADER + "1,1,2,,,,,A101/0\n",
            name="Splits",
            date=datetime.date(2025, 3, 4),
            scoring_method="matchpoints",
        )
    assert "A101/0" in caught.value.problems[0].message
