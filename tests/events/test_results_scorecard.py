"""The pair scorecard page, on the hand-worked 5-table Mitchell of tests/builders/hand_mitchell.py.

In that movement 1NS plays board r in round r; 3NS plays boards 3, 4, 5, 1, 2 in rounds 1 to 5;
1EW plays boards 1, 3, 5, 2, 4. Every board's top is 8.
"""

import pytest
from django.conf import settings
from django.urls import reverse

from events.models import Pair, Session
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.pages import Tables, rows_of
from tests.builders.sessions import big_session


def pair_of(session, label):
    return Pair.objects.get(section__session=session, number=int(label[:-2]), direction=label[-2:])


def scorecard(client, session, label):
    return client.get(reverse("events:pair_scorecard", args=[session.pk, pair_of(session, label).pk]))


def test_boards_in_the_order_played_with_running_percentage(client, hand_mitchell):
    session, _section = hand_mitchell
    rows = rows_of(scorecard(client, session, "3NS"), "scorecard")
    # Round, board, direction, opponents, contract, by, tricks, score, MP, %, running %
    assert [row[:2] + row[7:] for row in rows] == [
        ["1", "3", "90", "6", "75.00", "75.00"],  # +90 beats 0, -90, -90 and loses to 100: 6
        ["2", "4", "1430", "4", "50.00", "62.50"],  # 1430 three times: 4; running 10 / 16
        ["3", "5", "50", "0.25", "3.13", "42.71"],  # 10.25 / 24 = 42.708 %
        ["4", "1", "450", "8", "100.00", "57.03"],  # 18.25 / 32 = 57.031 %
        ["5", "2", "-420", "0.25", "3.13", "46.25"],  # 18.5 / 40, the 46.25 % of the ranking
    ]
    assert [row[2:7] for row in rows][:2] == [["NS", "3EW", "2♣ =", "N", "8"], ["NS", "2EW", "6♠ =", "N", "12"]]


def test_opponents_and_boards_are_links(client, hand_mitchell):
    session, section = hand_mitchell
    page = scorecard(client, session, "1NS").content.decode()
    for number in range(1, 6):
        assert reverse("events:board_traveller", args=[session.pk, section.pk, number]) in page
    for label in ("1EW", "2EW", "3EW", "4EW", "5EW"):
        assert reverse("events:pair_scorecard", args=[session.pk, pair_of(session, label).pk]) in page
    florin = "Florin Dumitru"
    assert f">{florin}</a>" in page  # the opponents' names link to their member pages


def test_declaring_defending_and_passed_out(client, hand_mitchell):
    session, _section = hand_mitchell
    roles = {row[0]: row[1:] for row in rows_of(scorecard(client, session, "3NS"), "roles")}
    # 3NS declared boards 3, 4 and 1: 6 + 4 + 8 = 18 of 24; defended 5 and 2: 0.25 + 0.25 of 16.
    assert roles == {"As declarers": ["3", "75.00"], "As defenders": ["2", "3.13"], "Passed out": ["0", "—"]}
    roles = {row[0]: row[1:] for row in rows_of(scorecard(client, session, "1NS"), "roles")}
    # 1NS declared 1, 2, 4, 5: 5 + 5.25 + 4 + 7.75 = 22 of 32; board 3 was passed out: 4 of 8.
    assert roles == {"As declarers": ["4", "68.75"], "As defenders": ["0", "—"], "Passed out": ["1", "50.00"]}


def test_an_east_west_scorecard(client, hand_mitchell):
    session, _section = hand_mitchell
    response = scorecard(client, session, "1EW")
    rows = rows_of(response, "scorecard")
    # EW takes the rest of each top: board 1 v 1NS 8 − 5 = 3; board 3 v 2NS (−90 for NS) 8 − 1 = 7;
    # board 5 v 3NS 8 − 0.25; board 2 v 4NS 8 − 7.75; board 4 v 5NS 8 − 8.
    assert [(row[1], row[2], row[7], row[8]) for row in rows] == [
        ("1", "EW", "-420", "3"),
        ("3", "EW", "90", "7"),
        ("5", "EW", "-50", "7.75"),
        ("2", "EW", "-750", "0.25"),
        ("4", "EW", "-1460", "0"),
    ]
    roles = {row[0]: row[1:] for row in rows_of(response, "roles")}
    # Declared 1NT (board 3) and 3S one down (board 5): 7 + 7.75 of 16; defended the rest: 3.25 of 24.
    assert roles == {"As declarers": ["2", "92.19"], "As defenders": ["3", "13.54"], "Passed out": ["0", "—"]}
    assert "Place" in response.content.decode()


def test_place_and_total_are_stated(client, hand_mitchell):
    session, _section = hand_mitchell
    page = scorecard(client, session, "4NS").content.decode()
    assert "Place =3 of 5: 18.50 matchpoints out of 40, 46.25 %." in page
    assert "North-South" in page


def test_points_are_coloured_from_bottom_to_top(client, hand_mitchell):
    session, _section = hand_mitchell
    page = scorecard(client, session, "3NS").content.decode()
    assert 'class="text-end points hue-120"' in page  # board 1: a top (100 %)
    assert 'class="text-end points hue-4"' in page  # 3.13 % → hue 4
    assert "style=" not in page


def test_every_hue_has_its_colour_in_the_style_sheet():
    css = (settings.BASE_DIR / "static" / "css" / "site.css").read_text()
    for hue in range(121):
        assert f".scorecard td.hue-{hue} {{ background-color: hsl({hue} 70% 82%); }}" in css


def test_adjusted_and_not_played_lines(client, hand_mitchell):
    session, _section = hand_mitchell
    rows = rows_of(scorecard(client, session, "5NS"), "scorecard")
    # 5NS sat out board 5 in round 1 (not played), then boards 1 (170: 2), 2 (A6040: 60 % of 8 = 4.8),
    # 3 (-90: 1) and 4 (1460: 8). Running: 2 / 8, 6.8 / 16, 7.8 / 24, 15.8 / 32.
    assert rows == [
        ["1", "5", "NS", "5EW", "Not played", "", "", "", "", ""],
        ["2", "1", "NS", "4EW", "2♠ +2", "N", "10", "170", "2", "25.00", "25.00"],
        ["3", "2", "NS", "3EW", "Adjusted 60 % for this pair", "", "", "4.80", "60.00", "42.50"],
        ["4", "3", "NS", "2EW", "1NT =", "W", "7", "-90", "1", "12.50", "32.50"],
        ["5", "4", "NS", "1EW Florin Dumitru – Gloria Sánchez", "6♠ +1", "N", "13", "1460", "8", "100.00", "49.38"],
    ]


def test_imp_scorecard(client, db):
    session, _section = build_hand_mitchell(name="Butler", scoring="butler")
    response = scorecard(client, session, "1NS")
    header = response.content.decode()
    assert "Running total" in header and "IMPs per board" in header
    rows = rows_of(response, "scorecard")
    # Board 1: datum 340, 420 − 340 = 80 → 2 IMPs.
    assert rows[0][1] == "1" and rows[0][8] == "2"


def test_the_players_own_scorecard_is_marked(player_client, hand_mitchell, member_player, settings):
    session, _section = hand_mitchell
    kept = scorecard(player_client, session, "1NS")  # the page kept for every player: the mark hidden, for reader.js
    assert 'data-reader-mine="page" hidden>Your scorecard' in kept.content.decode()
    mine = player_client.get(reverse("events:reader"), {"session": session.pk}).json()["scorecards"]
    assert mine == [kept.wsgi_request.path]
    settings.PAGE_CACHE_SECONDS = 0  # the page made for the player marks it itself
    assert "Your scorecard" in scorecard(player_client, session, "1NS").content.decode()
    assert "Your scorecard" not in scorecard(player_client, session, "2NS").content.decode()


# --- access and bad input ------------------------------------------------------------------------


def test_scorecards_of_sessions_in_progress_are_hidden(client, player_client, director_client, hand_mitchell):
    session, _section = hand_mitchell
    session.status = Session.Status.IN_PROGRESS
    session.save()
    assert scorecard(client, session, "1NS").status_code == 404
    assert scorecard(player_client, session, "1NS").status_code == 404
    assert scorecard(director_client, session, "1NS").status_code == 200


def test_a_pair_of_another_session_is_404(client, hand_mitchell):
    session, _section = hand_mitchell
    other, _other_section = build_hand_mitchell(name="Other")
    stranger = pair_of(other, "1NS")
    assert client.get(reverse("events:pair_scorecard", args=[session.pk, stranger.pk])).status_code == 404
    assert client.get(reverse("events:pair_scorecard", args=[session.pk, 99999])).status_code == 404


# --- bounded queries -----------------------------------------------------------------------------


@pytest.mark.parametrize("tables", [3, pytest.param(9, marks=pytest.mark.slow)])  # 2 sections of 9 tables: slow
def test_scorecard_queries_do_not_grow_with_the_session(
    client, player_client, member_player, db, tables, django_assert_max_num_queries
):
    session = big_session(tables=tables, sections=("A", "B"))
    pair = Pair.objects.filter(section__session=session).first()
    url = reverse("events:pair_scorecard", args=[session.pk, pair.pk])
    with django_assert_max_num_queries(9):  # the boards the pair sat out one of them
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(13):
        assert player_client.get(url).status_code == 200
    assert len(Tables(client.get(url).content.decode()).tables["scorecard"]) == tables * 2
