"""An evening's table and the season's league, public; seasons and the club's choices are the director's."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from rubber.models import ClubChoices, Member, Season
from rubber.services import add_season, save_choices
from tests.builders.rubber import play, start
from tests.builders.rubber_examples import FAST_RUBBER, SEED_RUBBER

EVENINGS = [datetime.date(2026, 10, 6), datetime.date(2026, 10, 13), datetime.date(2026, 10, 20)]


@pytest.fixture
def season_played(player_user, members):
    """Three evenings: the seed rubber (They +870), a fast rubber (We +920), a stopped one, and a visitor."""
    ana, eva, sara, olga = members
    guest = Member.objects.create(first_name="Gus", last_name="Guest")
    play(start(player_user, members, played_on=EVENINGS[0]), SEED_RUBBER)  # We -900, They +900
    play(start(player_user, [ana, eva, sara, olga], played_on=EVENINGS[1]), FAST_RUBBER)  # We +900
    play(start(player_user, [ana, olga, guest, eva], played_on=EVENINGS[1]), FAST_RUBBER)  # We (Ana, Gus) +900
    stopped = start(player_user, [sara, eva, ana, olga], played_on=EVENINGS[2])
    play(stopped, [("They", "2S", 8, None)])
    from rubber import services

    services.set_ended(
        rubber=stopped, ended=True, version=stopped.version, by=None
    )  # They +160 (60 + 100): rounds to +200
    play(start(player_user, members, played_on=EVENINGS[2]), [("We", "4S", 10, None)])  # still being played
    Season.objects.create(name="Autumn 2026", starts=datetime.date(2026, 9, 1), ends=datetime.date(2026, 12, 31))
    return members


def league_rows(page: str) -> list[list[str]]:
    import re

    body = page.split('id="league"')[1].split("</tbody>")[0].split("<tbody>")[1]
    return [
        [" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def test_the_season_league_after_three_evenings(client, season_played):
    season = Season.objects.get()
    page = client.get(reverse("rubber:season", args=[season.pk])).content.decode()
    assert "4 finished sheets" in page
    # Ana: -9 +9 +9 -2 = +7 in 4; Sara: -9 +9 -2 = -2 in 3; Eva: +9 -9 -9 +2 = -7 in 4; Olga the same.
    assert league_rows(page) == [
        ["Gus Guest", "1", "+9", "+9"],
        ["Ana Norte", "4", "+7", "+1.75"],
        ["Sara Sur", "3", "-2", "-0.67"],
        ["Eva Este", "4", "-7", "-1.75"],
        ["Olga Oeste", "4", "-7", "-1.75"],
    ]
    for day in EVENINGS:
        assert reverse("rubber:evening", args=[day.isoformat()]) in page


def test_an_evening_table_with_its_sheets_one_click_away(client, season_played):
    page = client.get(reverse("rubber:evening", args=[EVENINGS[2].isoformat()])).content.decode()
    assert league_rows(page) == [
        ["Eva Este", "1", "+2", "+2"],
        ["Olga Oeste", "1", "+2", "+2"],
        ["Ana Norte", "1", "-2", "-2"],
        ["Sara Sur", "1", "-2", "-2"],
    ]
    assert "being played" in page
    assert page.count('href="/rubber/') >= 3


def test_exact_scores_when_the_club_chooses_them(client, player_user, members):
    ClubChoices.objects.create(rounding="exact")
    play(start(player_user, members, played_on=EVENINGS[0]), SEED_RUBBER)
    page = client.get(reverse("rubber:evening", args=[EVENINGS[0].isoformat()])).content.decode()
    assert [row[:3] for row in league_rows(page)][0] == ["Eva Este", "1", "+8.7"]


def test_the_paper_scorepads_we_and_they_count_once_each(client, tmp_path, db):
    from django.core.management import call_command

    from tests.builders.rubber_examples import csv_text

    path = tmp_path / "seed.csv"
    path.write_text(csv_text(SEED_RUBBER))
    call_command("score_rubber", str(path), "--date", "2026-10-06", stdout=open("/dev/null", "w"))
    page = client.get(reverse("rubber:evening", args=["2026-10-06"])).content.decode()
    assert league_rows(page) == [["They guest", "1", "+9", "+9"], ["We guest", "1", "-9", "-9"]]


def test_the_rubber_room_lists_seasons_evenings_and_sheets_being_played(client, season_played):
    page = client.get(reverse("rubber:index")).content.decode()
    assert "Autumn 2026" in page and 'id="playing"' in page
    assert EVENINGS[2].isoformat() in page
    assert "Start a rubber or a Chicago" not in page  # visitors are asked to log in


def test_the_director_sets_the_clubs_choices(director_client, player_client, anonymous_client, db):
    url = reverse("rubber:choices")
    assert player_client.get(url).status_code == 403
    assert anonymous_client.get(url).status_code == 302
    assert player_client.post(url, {"chicago_bonus": "none", "rounding": "exact"}).status_code == 403
    response = director_client.post(url, {"chicago_bonus": "bogus\x00", "rounding": "exact"})
    assert response.status_code == 400 and "Select a valid choice" in response.content.decode()
    assert director_client.post(url, {"chicago_bonus": "none", "rounding": "exact"}).status_code == 302
    choices = ClubChoices.current()
    assert (choices.chicago_bonus, choices.rounding, choices.rotate) == ("none", "exact", False)


def test_rubbers_keep_the_choices_they_started_with(player_user, members):
    ClubChoices.objects.create(chicago_bonus="none")
    chicago = start(player_user, members, kind="chicago")
    ClubChoices.objects.update(chicago_bonus="standing")
    assert start(player_user, members, kind="chicago").chicago_bonus == "standing"
    chicago.refresh_from_db()
    assert chicago.chicago_bonus == "none"


@pytest.mark.parametrize(
    "data, message",
    [
        ({"name": "Spring", "starts": "2027-06-01", "ends": "2027-01-01"}, "The last day comes before the first."),
        ({"name": "x" * 61, "starts": "2027-01-01", "ends": "2027-06-01"}, "at most 60 characters"),
        ({"name": "<b>S</b>", "starts": "2027-01-²", "ends": "2027-06-01"}, "Enter a valid date"),
    ],
)
def test_bad_seasons_say_why_and_keep_the_input(director_client, data, message):
    response = director_client.post(reverse("rubber:new_season"), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert message in page and "<b>S</b>" not in page
    assert not Season.objects.exists()


def test_only_the_director_adds_seasons(director_client, player_client):
    data = {"name": "Spring 2027", "starts": "2027-01-01", "ends": "2027-06-30"}
    assert player_client.post(reverse("rubber:new_season"), data).status_code == 403
    assert not Season.objects.exists()
    response = director_client.post(reverse("rubber:new_season"), data)
    assert response.status_code == 302 and Season.objects.get().name == "Spring 2027"


def test_the_rubber_breadcrumb_writes_its_date_in_the_readers_format(player_client, rubber):
    from django.urls import reverse

    for language, date in (("en", "03/11/2026"), ("es", "03/11/2026"), ("ro", "03.11.2026")):
        page = player_client.get(reverse("rubber:pad", args=[rubber.pk]), HTTP_ACCEPT_LANGUAGE=language)
        assert date in page.content.decode() and "2026-11-03<" not in page.content.decode()


def test_the_services_refuse_a_season_out_of_order_and_keep_one_room_setting(db):
    with pytest.raises(ValidationError) as refused:
        add_season(name="Backwards", starts=datetime.date(2027, 6, 1), ends=datetime.date(2027, 1, 1))
    assert refused.value.message_dict == {"ends": ["The last day comes before the first."]}
    assert not Season.objects.exists()
    save_choices(chicago_bonus="none", rounding="exact", rotate=False)
    save_choices(chicago_bonus="standing", rounding="up50", rotate=True)  # sent twice: still the club's one row
    assert list(ClubChoices.objects.values_list("chicago_bonus", "rounding", "rotate")) == [("standing", "up50", True)]
