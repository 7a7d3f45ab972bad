"""The board traveller page and its CSV, on the hand-worked 5-table Mitchell of tests/builders/hand_mitchell.py.

Board 2 (dealer E, NS vulnerable) has four results compared and one adjusted score (A6040), so it is
scored against 5 results (top 8) with Neuberg's factor (M + 1) × 5 / 4 − 1 on the four played.
"""

import csv
import io
import re

import pytest
from django.urls import reverse

from events.models import Section, Session
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.pages import Tables, rows_of
from tests.builders.sessions import big_session, free_entry_session


def traveller_url(session, section, number):
    return reverse("events:board_traveller", args=[session.pk, section.pk, number])


def traveller_rows(client, session, section, number):
    return rows_of(client.get(traveller_url(session, section, number)), "traveller")


def test_board_two_lines_scores_matchpoints_and_percentages(client, hand_mitchell):
    session, section = hand_mitchell
    rows = traveller_rows(client, session, section, 2)
    # Round, NS, EW, contract, by, tricks, NS score, EW score, NS MP, EW MP, NS %, EW %
    played = [row for row in rows if len(row) == 12]
    assert [row[:10] for row in played] == [
        ["2", "1NS Ana García – Bogdan Popescu", "5EW", "3NT =", "S", "9", "600", "", "5.25", "2.75"],
        ["1", "2NS Carmen López – Visiting Vera (guest)", "2EW", "3NT -1", "S", "8", "", "100", "2.75", "5.25"],
        ["5", "3NS Dan Ionescu – Elena Martín", "4EW", "4♥ =", "E", "10", "", "420", "0.25 (bottom)", "7.75 (top)"],
        [
            "4",
            "4NS",
            "1EW Florin Dumitru – Gloria Sánchez",
            "3NTX =",
            "S",
            "9",
            "750",
            "",
            "7.75 (top)",
            "0.25 (bottom)",
        ],
    ]
    # Percentages: matchpoints over the top of 8 (5.25 / 8 = 65.625 % ...).
    assert [row[10:] for row in played] == [
        ["65.63", "34.38"],
        ["34.38", "65.63"],
        ["3.13", "96.88"],
        ["96.88", "3.13"],
    ]
    adjusted = next(row for row in rows if len(row) == 11)
    # The A6040: NS 60 % of 8 = 4.8, EW 40 % = 3.2; no score, no tricks.
    assert adjusted[1].startswith("5NS") and adjusted[2] == "3EW"
    assert adjusted[3] == "Adjusted A6040"
    assert adjusted[7:] == ["4.80", "3.20", "60.00", "40.00"]


def test_dealer_vulnerability_and_top_are_stated(client, hand_mitchell):
    session, section = hand_mitchell
    page = client.get(traveller_url(session, section, 2)).content.decode()
    assert "Dealer E, vulnerable: NS." in page
    assert "Top 8." in page


def test_the_working_of_the_board_is_stated(client, hand_mitchell):
    session, section = hand_mitchell
    page = client.get(traveller_url(session, section, 2)).content.decode()
    assert "4 results were compared with each other." in page
    assert "scored as if played 5 times, so the top is 8 matchpoints." in page
    assert "Neuberg's formula: (M + 1) × 5 ÷ 4 − 1." in page
    # 750 beat the three other played results: M = 6, factored to (6 + 1) × 5 / 4 − 1 = 7.75.
    assert "For example, 750 for North-South: M = 6, factored to 7.75." in page
    assert "1 adjusted score takes no part in the comparison." in page
    assert "A6040 (5NS v 3EW): an artificial adjusted score" in page
    assert "North-South receive 60 % of the top of 8 and East-West 40 %." in page


def test_frequency_table_with_raw_and_factored_matchpoints(client, hand_mitchell):
    session, section = hand_mitchell
    frequencies = rows_of(client.get(traveller_url(session, section, 2)), "frequencies")
    # NS score, times, matchpoints among the four compared, after Neuberg, EW after Neuberg.
    assert frequencies == [
        ["750", "1", "6", "7.75", "0.25"],
        ["600", "1", "4", "5.25", "2.75"],
        ["-100", "1", "2", "2.75", "5.25"],
        ["-420", "1", "0", "0.25", "7.75"],
    ]


def test_frequency_table_counts_ties(client, hand_mitchell):
    session, section = hand_mitchell
    frequencies = rows_of(client.get(traveller_url(session, section, 1)), "frequencies")
    # No factor on board 1 (all five compared): no "before factor" column.
    assert frequencies == [
        ["450", "1", "8", "0"],
        ["420", "2", "5", "3"],
        ["170", "1", "2", "6"],
        ["-50", "1", "0", "8"],
    ]


def test_score_breakdown_on_demand(client, hand_mitchell):
    session, section = hand_mitchell
    page = client.get(traveller_url(session, section, 2)).content.decode()
    tables = re.findall(r'<details class="breakdown">(.*?)</details>', page, re.S)
    assert len(tables) == 4  # every played contract, not the adjusted score
    doubled = next(text for text in tables if "<summary>750</summary>" in text)
    text = " ".join(re.sub(r"<[^>]+>", " ", doubled).split())
    # 3NTX by South, 9 tricks, vulnerable: 2 × 100 + game 500 + 50 for making it doubled.
    assert "3NTX by S, 9 tricks · vulnerable" in text
    assert "Contract tricks 200" in text and "Game bonus 500" in text
    assert "Bonus for making a doubled or redoubled contract 50" in text
    assert "Score for North-South 750" in text
    down = " ".join(re.sub(r"<[^>]+>", " ", next(t for t in tables if "<summary>100</summary>" in t)).split())
    assert "1 undertrick −100" in down and "Score for North-South -100" in down


def test_passed_out_and_not_played_lines(client, hand_mitchell):
    session, section = hand_mitchell
    board3 = traveller_rows(client, session, section, 3)
    passed = next(row for row in board3 if row[1].startswith("1NS"))
    assert passed[3] == "Pass" and passed[6] == "0"
    response = client.get(traveller_url(session, section, 5))
    board5 = rows_of(response, "traveller")
    not_played = next(row for row in board5 if row[1].startswith("5NS"))
    assert not_played[3] == "Not played" and not_played[7:] == ["", "", "", ""]
    assert "The board was not played at 1 table." in response.content.decode()


def test_previous_and_next_boards(client, hand_mitchell):
    session, section = hand_mitchell
    first = client.get(traveller_url(session, section, 1)).content.decode()
    assert 'id="previous-board"' not in first
    assert f'href="{traveller_url(session, section, 2)}"' in first
    last = client.get(traveller_url(session, section, 5)).content.decode()
    assert 'id="next-board"' not in last and f'href="{traveller_url(session, section, 4)}"' in last


def test_pairs_link_to_their_scorecards(client, hand_mitchell):
    session, section = hand_mitchell
    page = client.get(traveller_url(session, section, 1)).content.decode()
    for pair in section.pairs.all():
        assert reverse("events:pair_scorecard", args=[session.pk, pair.pk]) in page


def test_the_players_line_is_highlighted(player_client, hand_mitchell, member_player, settings):
    session, section = hand_mitchell
    settings.PAGE_CACHE_SECONDS = 0  # the page made for the player (kept for every player, reader.js marks it)
    response = player_client.get(traveller_url(session, section, 2))
    attrs = Tables(response.content.decode()).row_attrs["traveller"]
    rows = rows_of(response, "traveller")
    mine = [row[1] for row, attr in zip(rows, attrs, strict=True) if "mine" in (attr.get("class") or "")]
    assert mine == ["1NS Ana García – Bogdan Popescu"]


def test_butler_and_cross_imps_workings(client, db):
    session, section = build_hand_mitchell(name="Butler", scoring="butler")
    page = client.get(traveller_url(session, section, 1)).content.decode()
    # Datum of 420, 420, 450, -50, 170: drop 450 and -50, mean 336.7 → 340.
    assert "The datum is 340" in page
    assert "IMPs NS" in page and "% NS" not in page
    cross, cross_section = build_hand_mitchell(name="Cross", scoring="cross-imps")
    page = client.get(traveller_url(cross, cross_section, 1)).content.decode()
    assert "compared with each of the 4 other results" in page


def test_free_entry_traveller(client, db):
    session = free_entry_session()
    section = session.sections.get()
    response = client.get(traveller_url(session, section, 3))
    # Board 3 has one result, scored against the 3 results of the most played board: top 4, Neuberg
    # (0 + 1) × 3 / 1 − 1 = 2 each way.
    rows = rows_of(response, "traveller")
    assert [row[8:] for row in rows] == [["2", "2", "50.00", "50.00"]]
    assert "Top 4." in response.content.decode()


# --- access and bad input ------------------------------------------------------------------------


def test_in_progress_boards_are_hidden_except_from_directors(client, player_client, director_client, hand_mitchell):
    session, section = hand_mitchell
    session.status = Session.Status.IN_PROGRESS
    session.save()
    url = traveller_url(session, section, 1)
    assert client.get(url).status_code == 404
    assert player_client.get(url).status_code == 404
    assert client.get(reverse("events:traveller_csv", args=[session.pk, section.pk, 1])).status_code == 404
    response = director_client.get(url)
    assert response.status_code == 200 and "only directors can see these results" in response.content.decode()


def test_unknown_boards_and_sections_are_404(client, hand_mitchell):
    session, section = hand_mitchell
    other, other_section = build_hand_mitchell(name="Other night")
    assert client.get(traveller_url(session, section, 6)).status_code == 404
    assert client.get(traveller_url(session, section, 0)).status_code == 404
    assert client.get(reverse("events:board_traveller", args=[session.pk, other_section.pk, 1])).status_code == 404
    assert client.get(reverse("events:board_traveller", args=[999, section.pk, 1])).status_code == 404
    assert client.get(reverse("events:traveller_csv", args=[session.pk, section.pk, 9])).status_code == 404


def test_a_board_without_results(client, db):
    session = Session.objects.create(name="Empty", date="2026-11-05", status="final")
    section = Section.objects.create(session=session, letter="A", kind="mitchell", tables=3, boards_per_round=1)
    from events.setup.services.setup import prepare_section

    prepare_section(section=section)
    response = client.get(traveller_url(session, section, 1))
    assert response.status_code == 200
    assert "No results on this board yet." in response.content.decode()


# --- CSV -----------------------------------------------------------------------------------------


def test_traveller_csv(client, hand_mitchell):
    session, section = hand_mitchell
    response = client.get(reverse("events:traveller_csv", args=[session.pk, section.pk, 2]))
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="traveller-2026-11-02-a-board-2.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "Board",
        "Round",
        "Table",
        "NS pair",
        "EW pair",
        "Contract",
        "Declarer",
        "Lead",
        "Tricks",
        "NS score",
        "NS matchpoints",
        "EW matchpoints",
        "NS %",
        "EW %",
    ]
    by_ns = {row[3]: row for row in rows[1:]}
    assert by_ns["4NS"] == ["2", "4", "4", "4NS", "1EW", "3NTX", "S", "", "9", "750", "7.75", "0.25", "96.88", "3.13"]
    assert by_ns["5NS"][5:] == ["A6040", "", "", "", "", "4.80", "3.20", "60.00", "40.00"]


# --- bounded queries -----------------------------------------------------------------------------


@pytest.mark.slow  # a 9-table section entered line by line
def test_traveller_queries_do_not_grow_with_the_board(
    client, player_client, member_player, hand_mitchell, django_assert_max_num_queries
):
    session, section = hand_mitchell
    big = big_session(tables=9, sections=("A",))
    big_section = big.sections.get()
    for target, target_section in ((session, section), (big, big_section)):
        with django_assert_max_num_queries(7):  # the board's sit-outs one; the section and its siblings one
            assert client.get(traveller_url(target, target_section, 1)).status_code == 200
        with django_assert_max_num_queries(6):
            csv_url = reverse("events:traveller_csv", args=[target.pk, target_section.pk, 1])
            assert client.get(csv_url).status_code == 200
        with django_assert_max_num_queries(12):  # the visitor's 7, the login's 4, the board's hand record
            assert player_client.get(traveller_url(target, target_section, 1)).status_code == 200


@pytest.mark.parametrize("number", [1, 2, 3])
def test_free_entry_traveller_queries(client, db, number, django_assert_max_num_queries):
    session = free_entry_session()
    section = session.sections.get()
    with django_assert_max_num_queries(8):  # the board's sit-outs one of them
        assert client.get(traveller_url(session, section, number)).status_code == 200


def test_leads_are_shown_with_suit_symbols(client, hand_mitchell):
    from club.typed_result import read_typed_result
    from events.checks.services.corrections import reopen_session
    from events.entry.services.lines import save_line
    from events.models import TravellerLine

    session, section = hand_mitchell
    reopen_session(session=session, reason="Leads added")  # final results are corrected once reopened
    line = TravellerLine.objects.get(board__section=section, board__number=1, ns_pair__number=1)
    save_line(
        board=line.board,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=read_typed_result(1, "4S", "N", "10"),
        lead="hk",
        line=line,
    )
    response = client.get(traveller_url(session, section, 1))
    page = response.content.decode()
    assert '<span class="suit-h">♥</span>K' in page
    row = next(row for row in rows_of(response, "traveller") if row[1].startswith("1NS"))
    assert row[5] == "♥K"  # round, NS, EW, contract, by, lead
    # Without any lead on the board, the column is left out.
    assert "Lead" not in client.get(traveller_url(session, section, 2)).content.decode().split("<tbody>")[0]


@pytest.mark.parametrize(
    "typed, shown",
    [
        ("SA", '<span class="suit-s">♠</span>A'),
        ("d10", '<span class="suit-d">♦</span>10'),
        ("7C", '<span class="suit-c">♣</span>7'),
        ("X", "X"),
        ("", ""),
        ("ZZ", "ZZ"),
    ],
)
def test_lead_filter(typed, shown):
    from club.templatetags.bridge import lead

    assert str(lead(typed)) == shown


@pytest.mark.parametrize("language, west", [("en", "W"), ("es", "O"), ("ro", "V")])
def test_seat_initials_follow_the_language(language, west):
    from django.utils import translation

    from club.templatetags.bridge import dealer, seat

    with translation.override(language):
        assert (seat("N"), seat("E"), seat("S"), seat("W")) == ("N", "E", "S", west)
        assert dealer(4) == west  # board 4: West deals
