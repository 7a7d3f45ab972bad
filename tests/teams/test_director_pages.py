"""Director pages: set-up, teams, the start, Swiss rounds, match entry, totals, adjustments, status."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from club.models import Member
from teams.models import Adjustment, BoardResult, TeamEvent


@pytest.fixture
def event(make_event):
    return make_event(teams=4, scale=TeamEvent.Scale.TWENTY, start=False)


@pytest.fixture
def started(make_event):
    return make_event(teams=2, format=TeamEvent.Format.MATCH, boards_per_match=2)


def director_urls(event, match, team, adjustment):
    """(method, url) of every director page."""
    return [
        ("get", reverse("teams:director")),
        ("get", reverse("teams:event_create")),
        ("get", reverse("teams:event_setup", args=[event.pk])),
        ("get", reverse("teams:team_create", args=[event.pk])),
        ("get", reverse("teams:team_edit", args=[team.pk])),
        ("post", reverse("teams:team_delete", args=[team.pk])),
        ("post", reverse("teams:event_start", args=[event.pk])),
        ("post", reverse("teams:next_round", args=[event.pk])),
        ("get", reverse("teams:round_pairings", args=[event.pk, 1])),
        ("post", reverse("teams:event_status", args=[event.pk])),
        ("get", reverse("teams:match_entry", args=[match.pk])),
        ("post", reverse("teams:match_totals", args=[match.pk])),
        ("post", reverse("teams:adjustment_add", args=[match.pk])),
        ("post", reverse("teams:adjustment_delete", args=[adjustment.pk])),
        ("get", reverse("teams:match_import", args=[match.pk])),
        ("get", reverse("teams:match_export", args=[match.pk])),
    ]


def test_anonymous_and_players_are_refused(anonymous_client, player_client, started):
    match = started.matches.select_related("home").get()
    adjustment = Adjustment.objects.create(match=match, team=match.home, amount=1, reason="x")
    for method, url in director_urls(started, match, match.home, adjustment):
        response = getattr(anonymous_client, method)(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login")), url
        assert getattr(player_client, method)(url).status_code == 403, url
    assert Adjustment.objects.count() == 1 and started.teams.count() == 2


def test_director_home_and_create(director_client, director_user):
    assert director_client.get(reverse("teams:director")).status_code == 200
    page = director_client.get(reverse("teams:event_create")).content.decode()
    assert page.count("<h1") == 1
    response = director_client.post(
        reverse("teams:event_create"),
        {
            "name": "Swiss night",
            "date": "2026-06-04",
            "format": "swiss",
            "boards_per_match": "6",
            "rounds": "4",
            "scoring": "vp",
            "scale": "wbf",
        },
    )
    event = TeamEvent.objects.get()
    assert response.url == reverse("teams:event_setup", args=[event.pk])
    assert (event.rounds, event.director, event.status) == (4, director_user, TeamEvent.Status.IN_PROGRESS)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"format": "swiss", "rounds": ""}, "rounds"),
        ({"scale": "wbf-discrete", "boards_per_match": "5"}, "scale"),  # the discrete table has no 5-board column
        ({"boards_per_match": "0"}, "boards_per_match"),
        ({"name": ""}, "name"),
    ],
)
def test_create_bad_input(director_client, changes, field):
    data = {
        "name": "Teams",
        "date": "2026-06-04",
        "format": "round-robin",
        "boards_per_match": "8",
        "rounds": "",
        "scoring": "vp",
        "scale": "wbf",
        **changes,
    }
    response = director_client.post(reverse("teams:event_create"), data)
    assert response.status_code == 200 and field in response.context["form"].errors
    assert response.context["form"]["name"].value() == data["name"]
    assert not TeamEvent.objects.exists()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        # The old WBF 25-point scale has columns for 8 to 20 boards in steps of 2, and 24 (scoring.victory_points).
        ("en", "Old WBF 25-point scale: this VP scale has tables for 8, 10, 12, 14, 16, 18, 20 and 24 boards, not 32"),
        (
            "es",
            "Antigua escala WBF de 25 puntos: esta escala de VP tiene tablas para 8, 10, 12, 14, 16, 18, 20 y 24 "
            "manos, no para 32",
        ),
    ],
)
def test_a_scale_without_a_table_for_the_match_is_named_in_the_readers_language(director_client, language, expected):
    data = {
        "name": "Teams",
        "date": "2026-06-04",
        "format": "round-robin",
        "boards_per_match": "32",
        "rounds": "",
        "scoring": "vp",
        "scale": "wbf-25",
    }
    response = director_client.post(reverse("teams:event_create"), data, HTTP_ACCEPT_LANGUAGE=language)
    assert response.context["form"].errors["scale"] == [expected]


def test_setup_page_and_settings(director_client, event):
    url = reverse("teams:event_setup", args=[event.pk])
    page = director_client.get(url).content.decode()
    assert page.count("<h1") == 1 and "T1" in page and "Start: make the schedule" in page
    data = {
        "name": "Renamed",
        "date": "2026-06-04",
        "format": "round-robin",
        "boards_per_match": "2",
        "rounds": "",
        "scoring": "vp",
        "scale": "30",
    }
    assert director_client.post(url, data).status_code == 302
    event.refresh_from_db()
    assert (event.name, event.scale) == ("Renamed", "30")


def test_settings_are_locked_once_started(director_client, started):
    url = reverse("teams:event_setup", args=[started.pk])
    data = {
        "name": "Renamed",
        "date": "2026-06-04",
        "format": "swiss",
        "boards_per_match": "9",
        "rounds": "",
        "scoring": "vp",
        "scale": "wbf",
    }
    director_client.post(url, data)
    started.refresh_from_db()
    assert (started.name, started.format, started.boards_per_match) == ("Renamed", "match", 2)


def test_team_create_and_edit(director_client, event):
    member = Member.objects.create(first_name="Ana", last_name="García", number="1001")
    url = reverse("teams:team_create", args=[event.pk])
    assert director_client.get(url).status_code == 200
    data = {
        "name": "New team",
        "captain": "2",
        "player_1": "Ana García (1001)",
        "player_2": "Guest Two",
        "player_3": "Guest Three",
        "player_4": "Guest Four",
        **dict.fromkeys(("guest_2", "guest_3", "guest_4"), "on"),
    }
    assert director_client.post(url, data).status_code == 302
    team = event.teams.get(name="New team")
    assert [(p.name, p.captain) for p in team.players.all()] == [
        ("Ana García", False),
        ("Guest Two", True),
        ("Guest Three", False),
        ("Guest Four", False),
    ]
    edit = reverse("teams:team_edit", args=[team.pk])
    page = director_client.get(edit).content.decode()
    assert 'value="Ana García (1001)"' in page and '<option value="Ana García (1001)">' in page
    assert "<select" not in page.split('id="team-players"')[1]  # one type-ahead box a player, no drop-down
    assert team.players.get(position=1).member == member
    assert 'name="guest_2" id="id_guest_2" aria-label="Player 2 is a guest" checked' in page
    assert 'name="guest_1" id="id_guest_1" aria-label="Player 1 is a guest">' in page
    director_client.post(edit, {**data, "name": "Renamed", "player_5": "Fifth", "guest_5": "on"})
    team.refresh_from_db()
    assert team.name == "Renamed" and team.players.count() == 5


def test_team_players_are_typed_by_name_or_number_as_on_the_pairs_page(director_client, event):
    ana = Member.objects.create(first_name="Ana", last_name="García", number="1001")
    bogdan = Member.objects.create(first_name="Bogdan", last_name="Popescu", number="1002")
    data = {"name": "Typed", "captain": "1", "player_1": "1001", "player_2": "bogdan popescu", "player_3": "Vera"}
    data |= {"player_4": "Visiting Val", "guest_3": "on", "guest_4": "on"}
    assert director_client.post(reverse("teams:team_create", args=[event.pk]), data).status_code == 302
    players = event.teams.get(name="Typed").players.all()
    assert [(p.member, p.guest_name) for p in players] == [
        (ana, ""),
        (bogdan, ""),
        (None, "Vera"),
        (None, "Visiting Val"),
    ]


def test_a_name_no_member_has_is_a_guest_only_when_ticked(director_client, event):
    # As on the pairs page (club.member_match): nothing typed silently becomes a guest; what was typed stays.
    Member.objects.create(first_name="Ana", last_name="García", number="1001")
    data = {"name": "Typo", "captain": "1", "player_1": "Ana Garcai", "player_2": "B", "player_3": "C"}
    data |= {"player_4": "D", "guest_2": "on", "guest_3": "on", "guest_4": "on"}
    response = director_client.post(reverse("teams:team_create", args=[event.pk]), data)
    page = response.content.decode()
    assert response.status_code == 200 and "No member is called “Ana Garcai”. Did you mean Ana García (1001)?" in page
    assert response.context["form"]["player_1"].value() == "Ana Garcai" and not event.teams.filter(name="Typo")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "X", "captain": "1", "player_1": "A", "player_2": "B", "player_3": "C"}, "4 to 6 players"),
        ({"name": "X", "captain": "5", "player_1": "A", "player_2": "B", "player_3": "C", "player_4": "D"}, "captain"),
        (
            {"name": "T1", "captain": "1", "player_1": "A", "player_2": "B", "player_3": "C", "player_4": "D"},
            "already a team",
        ),
    ],
)
def test_team_bad_input(director_client, event, data, message):
    guests = {f"guest_{i}": "on" for i in range(1, 7)}  # the letters are guests' names
    response = director_client.post(reverse("teams:team_create", args=[event.pk]), {**data, **guests})
    assert response.status_code == 200 and message in response.content.decode()
    assert response.context["form"]["player_1"].value() == "A"
    assert event.teams.count() == 4


def test_team_delete(director_client, event, started):
    director_client.post(reverse("teams:team_delete", args=[event.teams.first().pk]))
    assert event.teams.count() == 3
    director_client.post(reverse("teams:team_delete", args=[started.teams.first().pk]))
    assert started.teams.count() == 2


def test_start(director_client, event):
    url = reverse("teams:event_start", args=[event.pk])
    assert director_client.post(url).status_code == 302
    assert event.matches.count() == 6
    response = director_client.post(url, follow=True)
    assert "already started" in response.content.decode()
    assert director_client.get(url).status_code == 405


def test_swiss_next_round_and_pairings(director_client, make_event, enter_match):
    swiss = make_event(teams=4, format=TeamEvent.Format.SWISS, rounds=2, boards_per_match=1)
    response = director_client.post(reverse("teams:next_round", args=[swiss.pk]), follow=True)
    assert "Round 1 is not finished" in response.content.decode()
    pairings = reverse("teams:round_pairings", args=[swiss.pk, 1])
    assert director_client.get(pairings).status_code == 200
    t = {team.name: team.pk for team in swiss.teams.all()}
    bad = director_client.post(pairings, {"home_1": t["T1"], "away_1": t["T2"], "home_2": t["T1"], "away_2": t["T4"]})
    assert bad.status_code == 200 and "more than once" in bad.content.decode()
    director_client.post(pairings, {"home_1": t["T1"], "away_1": t["T4"], "home_2": t["T2"], "away_2": t["T3"]})
    assert [(m.home.name, m.away.name) for m in swiss.matches.select_related("home", "away")] == [
        ("T1", "T4"),
        ("T2", "T3"),
    ]
    for match in swiss.matches.all():
        enter_match(match, {1: (("PASS", "", ""), ("PASS", "", ""))})
    director_client.post(reverse("teams:next_round", args=[swiss.pk]))
    assert swiss.matches.filter(round=2).count() == 2
    page = director_client.get(pairings).content.decode()
    assert "can no longer change" in page


def test_status(director_client, event):
    url = reverse("teams:event_status", args=[event.pk])
    director_client.post(url, {"status": "final"})
    event.refresh_from_db()
    assert event.status == "final"
    response = director_client.post(url, {"status": "nonsense"}, follow=True)
    assert "Unknown status" in response.content.decode()
    event.refresh_from_db()
    assert event.status == "final"


def room(board, room, contract, declarer="", tricks=""):
    prefix = f"b{board}r{room}"
    return {f"{prefix}-contract": contract, f"{prefix}-declarer": declarer, f"{prefix}-tricks": tricks}


def test_match_entry_saves_both_rooms_and_shows_the_swing(director_client, started):
    match = started.matches.get()
    url = reverse("teams:match_entry", args=[match.pk])
    page = director_client.get(url).content.decode()
    assert page.count("<h1") == 1 and 'name="b1r1-contract"' in page and 'name="b2r2-tricks"' in page
    data = {**room(1, 1, "4s", "n", "="), **room(1, 2, "4S", "N", "-1"), **room(2, 1, "pass"), **room(2, 2, "PASS")}
    assert director_client.post(url, data).status_code == 302
    match.refresh_from_db()
    # Board 1 (None vul): +420 against -50 → 470 → 10 IMPs to the home team; board 2 passed out.
    assert (match.home_imps, match.away_imps, match.complete) == (10, 0, True)
    response = director_client.get(url)
    # WBF, 2 boards: B = 15 sqrt 2 = 21.21; 10 + 10 (1 - tau^(30 / 21.21)) / 0.763932 = 10 + 10 x 0.493657 / 0.763932
    assert response.context["score"].home_vp == Decimal("16.46")
    assert 'id="home-total">10<' in response.content.decode()


def autofocused(page: str) -> list[str]:
    return re.findall(r'<input[^>]*name="([^"]+)"[^>]*\sautofocus', page)


def test_match_entry_puts_the_cursor_in_the_first_room_to_enter(director_client, started, enter_match):
    match = started.matches.get()
    url = reverse("teams:match_entry", args=[match.pk])
    assert autofocused(director_client.get(url).content.decode()) == ["b1r1-contract"]
    enter_match(match, {1: (("4S", "N", "10"), ("4S", "N", "9"))})
    assert autofocused(director_client.get(url).content.decode()) == ["b2r1-contract"]
    response = director_client.post(url, {**room(1, 1, "4S", "N", "10"), **room(1, 2, "4S", "Q", "10")})
    assert autofocused(response.content.decode()) == ["b1r2-contract"]  # the row to correct


def test_match_entry_refuses_everything_when_a_row_is_wrong(director_client, started):
    match = started.matches.get()
    url = reverse("teams:match_entry", args=[match.pk])
    data = {
        **room(1, 1, "4S", "N", "10"),
        **room(1, 2, "4S", "Q", "10"),
        **room(2, 1, "9NT", "N", "9"),
        **room(2, 2, "", "N", "9"),
    }
    response = director_client.post(url, data)
    assert response.status_code == 200 and not BoardResult.objects.exists()
    boards = response.context["boards"]
    assert "declarer" in boards[0].rows[1].form.errors
    assert "contract" in boards[1].rows[0].form.errors
    assert "contract" in boards[1].rows[1].form.errors  # declarer and tricks without a contract
    page = response.content.decode()
    assert "Declarer must be N, E, S or W." in page and 'value="9NT"' in page and "Nothing was saved" in page


def test_clearing_a_contract_removes_the_result(director_client, started, enter_match):
    match = enter_match(started.matches.get(), {1: (("4S", "N", "10"), ("4S", "N", "9"))})
    url = reverse("teams:match_entry", args=[match.pk])
    director_client.post(url, {**room(1, 1, "4S", "N", "10"), **room(1, 2, "")})
    assert BoardResult.objects.count() == 1
    director_client.post(url, {**room(1, 1, "4S", "N", "10")})
    response = director_client.post(url, {**room(1, 1, "4S", "N", "10")}, follow=True)
    assert "Nothing changed" in response.content.decode()


def test_match_totals(director_client, started):
    match = started.matches.get()
    url = reverse("teams:match_totals", args=[match.pk])
    assert director_client.post(url, {"home": "12", "away": "3"}).status_code == 302
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps, match.totals_only) == (12, 3, True)
    bad = director_client.post(url, {"home": "1.5", "away": "3"})
    assert bad.status_code == 200 and "whole numbers" in bad.content.decode()
    assert director_client.post(url, {"home": "-1", "away": "3"}).status_code == 200
    page = director_client.get(reverse("teams:match_entry", args=[match.pk])).content.decode()
    assert "entered as totals only" in page


def test_adjustments(director_client, started):
    match = started.matches.get()
    url = reverse("teams:adjustment_add", args=[match.pk])
    data = {"team": match.away_id, "kind": "vp", "amount": "-1", "reason": "Slow play"}
    assert director_client.post(url, data).status_code == 302
    adjustment = Adjustment.objects.get()
    bad = director_client.post(url, {**data, "kind": "imps", "amount": "0.5"})
    assert bad.status_code == 200 and "whole" in bad.content.decode()
    assert director_client.post(url, {**data, "reason": ""}).status_code == 200
    assert Adjustment.objects.count() == 1
    director_client.post(reverse("teams:adjustment_delete", args=[adjustment.pk]))
    assert not Adjustment.objects.exists()


def test_bye_page_takes_adjustments_only(director_client, make_event):
    event = make_event(teams=3)
    bye = event.matches.filter(away__isnull=True).first()
    page = director_client.get(reverse("teams:match_entry", args=[bye.pk])).content.decode()
    assert "bye" in page and 'name="b1r1-contract"' not in page and 'id="adjustment-form"' in page
