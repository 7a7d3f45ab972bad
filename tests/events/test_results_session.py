"""The session ranking page and its CSV export, checked against numbers worked out by hand.

`hand_mitchell` (tests/builders/hand_mitchell.py) is a 5-table Mitchell playing one board a round: boards 1-5,
each played once by every NS pair, so every board is scored against 5 results and the top is 8 (2 per result
beaten). Vulnerability by board number: 1 None, 2 NS, 3 EW, 4 Both, 5 NS.
"""

import csv
import datetime
import io
import re

import pytest
from django.urls import reverse
from django.utils import translation

from club.models import Member
from events.models import Pair, Session, TravellerLine
from events.plans import section_plan
from events.setup.selectors.pairs_and_sections import SectionInfo, load_sections
from events.standings.selectors.ranking import rank_sessions
from events.standings.services.rescoring import expected_results
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.pages import Tables, attrs_of, rows_of
from tests.builders.sessions import big_session, free_entry_session

# The hand-computed 5-table Mitchell (the NS scores are commented in tests/builders/hand_mitchell.py).
# NS matchpoints (top 8):
#   board 1: 450 beats 4 → 8; 420 beats 2, ties 1 → 5 (twice); 170 beats 1 → 2; -50 → 0.
#   board 2: four results compared (the A6040 is not), raw 6/4/2/0 out of 6, Neuberg to 5:
#            (M + 1) × 5 / 4 − 1 → 750: 7.75, 600: 5.25, -100: 2.75, -420: 0.25; A6040: 60 % of 8 = 4.8.
#   board 3: 100 → 8, 90 → 6, 0 → 4, -90 twice → 1 each.
#   board 4: 1460 → 8, 1430 three times → 4 each, 650 → 0.
#   board 5: four played (5NS did not play it), Neuberg to 5 as on board 2: 2220: 7.75, 140: 5.25,
#            100: 2.75, 50: 0.25.
# NS totals: 1NS 5+5.25+4+4+7.75 = 26 of 40 = 65 %; 5NS 2+4.8+1+8 = 15.8 of 32 = 49.375 %;
#            3NS 8+0.25+6+4+0.25 = 18.5 = 46.25 %; 4NS 0+7.75+8+0+2.75 = 18.5 = 46.25 %;
#            2NS 5+2.75+1+4+5.25 = 18 = 45 %.
NS_RANKING = [
    ("1", "1NS", "26.00", "65.00", "5"),
    ("2", "5NS", "15.80", "49.38", "4"),
    ("=3", "3NS", "18.50", "46.25", "5"),
    ("=3", "4NS", "18.50", "46.25", "5"),
    ("5", "2NS", "18.00", "45.00", "5"),
]


def session_url(session, **query):
    url = reverse("events:session", args=[session.pk])
    return url + ("?" + "&".join(f"{key}={value}" for key, value in query.items()) if query else "")


# --- content ------------------------------------------------------------------------------------


def test_north_south_ranking_has_places_ties_and_percentages(client, hand_mitchell):
    session, _section = hand_mitchell
    rows = rows_of(client.get(session_url(session)), "ranking-a-ns")
    assert [
        (place, pair, score, percentage, boards) for place, pair, _names, score, percentage, boards in rows
    ] == NS_RANKING


def test_a_score_column_of_whole_numbers_shows_no_decimals(client, make_session, enter):
    session, section = make_session("mitchell", tables=3, boards_per_round=1)
    session.status = Session.Status.FINAL
    session.save()
    for board, contract in ((1, "4S"), (2, "3NT"), (3, "2H")):
        enter(section, board, "1NS", contract, "N", "=")
    scores = [row[3] for row in rows_of(client.get(session_url(session)), "ranking-a-ns")]
    assert scores and all("." not in score for score in scores)


def test_players_are_named_and_members_linked(client, hand_mitchell):
    session, _section = hand_mitchell
    response = client.get(session_url(session))
    rows = rows_of(response, "ranking-a-ns")
    names = {row[1]: row[2] for row in rows}
    assert names["1NS"] == "Ana García – Bogdan Popescu"
    assert names["2NS"] == "Carmen López – Visiting Vera Guest"  # a guest is labelled as one (issue 15, item 1)
    page = response.content.decode()
    ana = Member.objects.get(first_name="Ana")
    assert f'href="{reverse("events:member_detail", args=[ana.pk])}">Ana García</a>' in page
    assert "Visiting Vera</a>" not in page  # a guest has no page
    assert 'Visiting Vera <span class="badge rounded-pill text-bg-light border guest-label">Guest</span>' in page
    pair = Pair.objects.get(section__session=session, number=1, direction="NS")
    assert f'href="{reverse("events:pair_scorecard", args=[session.pk, pair.pk])}"' in page


def test_east_west_field_is_ranked_separately(client, hand_mitchell):
    session, _section = hand_mitchell
    rows = rows_of(client.get(session_url(session)), "ranking-a-ew")
    assert sorted(row[1] for row in rows) == ["1EW", "2EW", "3EW", "4EW", "5EW"]
    assert rows[0][0] == "1"
    # The EW field shares what NS did not take: 4 × 40 + 32 on board 5 = 192 in all, minus NS's 96.8,
    # minus the 0.8 the A6040 leaves unawarded (60 % + 40 % of 8 = 8, so nothing): 95.2.
    assert sum(float(row[3]) for row in rows) == pytest.approx(192 - (26 + 15.8 + 18.5 + 18.5 + 18))


def test_scoring_method_and_top_are_stated(client, hand_mitchell):
    session, _section = hand_mitchell
    page = client.get(session_url(session)).content.decode()
    assert "Scored by matchpoints: 2 per score beaten (EBU)." in page
    assert "Top on each board: 8 matchpoints, each board scored against 5 results." in page
    # Board 2 compared four results (an adjusted score), board 5 four (one not played).
    assert "Fewer results were compared than that on boards 2, 5" in page
    assert "Mitchell, 5 tables" in page


def test_acbl_scale_and_imps_are_stated(client, db):
    session, _section = build_hand_mitchell(scale="acbl")
    page = client.get(session_url(session)).content.decode()
    assert "1 per score beaten (ACBL)" in page
    assert "Top on each board: 4 matchpoints" in page
    butler, _section = build_hand_mitchell(name="Butler night", scoring="butler")
    response = client.get(session_url(butler))
    assert "Scored by Butler IMPs" in response.content.decode()
    header = re.search(r'<table[^>]*id="ranking-a-ns".*?</thead>', response.content.decode(), re.S).group(0)
    assert "IMPs per board" in header and "%" not in header


def test_travellers_of_every_board_are_linked(client, hand_mitchell):
    session, section = hand_mitchell
    page = client.get(session_url(session)).content.decode()
    for number in range(1, 6):
        assert reverse("events:board_traveller", args=[session.pk, section.pk, number]) in page


def test_columns_sort_and_bad_sort_values_are_ignored(client, hand_mitchell):
    session, _section = hand_mitchell
    by_pair = rows_of(client.get(session_url(session, **{"a-ns-sort": "pair"})), "ranking-a-ns")
    assert [row[1] for row in by_pair] == ["1NS", "2NS", "3NS", "4NS", "5NS"]
    by_place_down = rows_of(client.get(session_url(session, **{"a-ns-sort": "-place"})), "ranking-a-ns")
    assert [row[1] for row in by_place_down] == ["2NS", "4NS", "3NS", "5NS", "1NS"]
    by_percentage = rows_of(client.get(session_url(session, **{"a-ns-sort": "percentage"})), "ranking-a-ns")
    assert [row[1] for row in by_percentage][:1] == ["2NS"]
    nonsense = client.get(session_url(session, **{"a-ns-sort": "banana", "a-ew-sort": "-"}))
    assert [row[1] for row in rows_of(nonsense, "ranking-a-ns")] == [row[1] for row in NS_RANKING]


def test_the_players_own_row_is_highlighted(player_client, client, hand_mitchell, member_player, settings):
    session, _section = hand_mitchell
    kept = attrs_of(player_client.get(session_url(session)), "ranking-a-ns")  # kept for every player: reader.js marks
    assert not [row for row in kept if "mine" in (row.get("class") or "")]
    assert len(player_client.get(reverse("events:reader"), {"session": session.pk}).json()["scorecards"]) == 1
    settings.PAGE_CACHE_SECONDS = 0  # the page made for the player marks the row itself
    attrs = attrs_of(player_client.get(session_url(session)), "ranking-a-ns")
    mine = [row["data-pair"] for row in attrs if "mine" in (row.get("class") or "")]
    assert mine == ["1NS"]
    assert "Your pair is highlighted." in player_client.get(session_url(session)).content.decode()
    anonymous = attrs_of(client.get(session_url(session)), "ranking-a-ns")
    assert not [row for row in anonymous if "mine" in (row.get("class") or "")]


def test_several_sections_each_have_their_fields(client, db):
    session = big_session(tables=4, sections=("A", "B"))
    response = client.get(session_url(session))
    tables = Tables(response.content.decode()).tables
    assert {"ranking-a-ns", "ranking-a-ew", "ranking-b-ns", "ranking-b-ew"} <= set(tables)
    assert all(len(tables[key]) == 4 for key in ("ranking-a-ns", "ranking-b-ew"))
    assert "Section B" in response.content.decode()


def test_howell_has_one_field(client, db):
    session = big_session(tables=4, sections=("A",), kind="howell")
    tables = Tables(client.get(session_url(session)).content.decode()).tables
    assert "ranking-a-all" in tables and "ranking-a-ns" not in tables
    assert len(tables["ranking-a-all"]) == 8


# --- the same numbers as events.rankings -----------------------------------------------------------


def standings(results):
    return [
        (
            ranking.section.letter,
            ranking.direction,
            row.place,
            row.pair.label,
            round(row.score, 6),
            round(row.maximum, 6),
            row.boards,
        )
        for ranking in results.fields
        for row in ranking.rows
    ]


def reference(session, reference_ranking):
    return [
        (section.letter, field, row.place, row.pair.label, round(row.score, 6), round(row.maximum, 6), row.boards)
        for section, field, rows in reference_ranking(session)
        for row in rows
    ]


@pytest.mark.parametrize(
    "build",
    [
        lambda: build_hand_mitchell()[0],
        lambda: build_hand_mitchell(scoring="cross-imps")[0],
        lambda: build_hand_mitchell(short_boards_neuberg=False)[0],
        lambda: big_session(tables=4, sections=("A",), kind="howell"),
        lambda: big_session(tables=5, sections=("A", "B")),
        lambda: free_entry_session(),
        lambda: free_entry_session(neuberg=False),
    ],
    ids=["mitchell", "cross-imps", "no-neuberg", "howell", "two-sections", "free-entry", "free-no-neuberg"],
)
def test_fast_rankings_match_the_reference_rankings(db, build, reference_ranking):
    session = build()
    assert standings(rank_sessions([session.pk])[session.pk]) == reference(session, reference_ranking)


def test_free_entry_tops_match_the_services(db):
    session = free_entry_session()
    section = session.sections.get()
    info: SectionInfo = load_sections(pk=section.pk)[section.pk]
    plan = section_plan(section)
    counts = {1: 3, 2: 2, 3: 1}
    for number, played in counts.items():
        assert info.expected(number, played, max(counts.values())) == expected_results(section, plan, number, played)
    assert info.top(3, 1, 3) == 4  # scored against the 3 results of board 1: top 2 × (3 − 1)


# --- access and bad input ------------------------------------------------------------------------


def test_a_session_in_progress_is_hidden_from_visitors_and_players(client, player_client, hand_mitchell):
    session, _section = hand_mitchell
    session.status = Session.Status.IN_PROGRESS
    session.save()
    assert client.get(session_url(session)).status_code == 404
    assert player_client.get(session_url(session)).status_code == 404
    assert client.get(reverse("events:ranking_csv", args=[session.pk])).status_code == 404


def test_directors_preview_a_session_in_progress(director_client, hand_mitchell):
    session, _section = hand_mitchell
    session.status = Session.Status.IN_PROGRESS
    session.save()
    response = director_client.get(session_url(session))
    assert response.status_code == 200
    assert "only directors can see these results" in response.content.decode()
    assert director_client.get(reverse("events:ranking_csv", args=[session.pk])).status_code == 200


def test_provisional_results_say_until_when_corrections_are_accepted(client, hand_mitchell):
    session, _section = hand_mitchell
    session.status = Session.Status.PROVISIONAL
    session.corrections_until = datetime.datetime(2026, 11, 3, 20, 0, tzinfo=datetime.UTC)
    session.save()
    page = client.get(session_url(session)).content.decode()
    assert "Provisional" in page and "Corrections accepted until" in page


def test_unknown_session_is_404(client, db):
    assert client.get(reverse("events:session", args=[999])).status_code == 404
    assert client.get(reverse("events:ranking_csv", args=[999])).status_code == 404


# --- CSV -----------------------------------------------------------------------------------------


def test_ranking_csv(client, hand_mitchell):
    session, _section = hand_mitchell
    response = client.get(reverse("events:ranking_csv", args=[session.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="ranking-2026-11-02-monday-pairs.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "Section",
        "Field",
        "Place",
        "Pair",
        "Player 1",
        "Player 2",
        "Matchpoints",
        "Maximum",
        "Percentage",
        "Boards",
    ]
    ns = [row for row in rows[1:] if row[1] == "NS"]
    assert ns[0] == ["A", "NS", "1", "1NS", "Ana García", "Bogdan Popescu", "26.00", "40.00", "65.00", "5"]
    # a tie is written "3=" as the EBU does: a spreadsheet would evaluate "=3" to the number 3
    assert [row[2:4] + row[8:9] for row in ns[2:4]] == [["3=", "3NS", "46.25"], ["3=", "4NS", "46.25"]]
    assert ns[1][6:] == ["15.80", "32.00", "49.38", "4"]
    assert len(rows) == 1 + 10


def test_ranking_csv_neutralises_formulas_in_names(client, hand_mitchell):
    session, _section = hand_mitchell
    Member.objects.filter(first_name="Ana").update(first_name='=HYPERLINK("http://evil.example","x")', last_name="Y")
    Member.objects.filter(first_name="Bogdan").update(first_name="+cmd|' /C calc'!A0", last_name="Z")
    response = client.get(reverse("events:ranking_csv", args=[session.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    first = next(row for row in rows if row[3] == "1NS")
    assert first[4:6] == ['\'=HYPERLINK("http://evil.example","x") Y', "'+cmd|' /C calc'!A0 Z"]
    assert not any(cell.startswith(("=", "+", "@")) for row in rows for cell in row)


def test_ranking_csv_numbers_ignore_the_language(client, hand_mitchell):
    session, _section = hand_mitchell
    client.cookies["django_language"] = "es"
    with translation.override("en"):  # the request switches this thread to Spanish: switch it back after
        response = client.get(reverse("events:ranking_csv", args=[session.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    first = next(row for row in rows if row[3] == "1NS")
    assert first[6:9] == ["26.00", "40.00", "65.00"]


# --- bounded queries -----------------------------------------------------------------------------


@pytest.mark.slow  # three sections of 7 tables entered line by line
def test_ranking_queries_do_not_grow_with_the_session(
    client, player_client, member_player, hand_mitchell, django_assert_max_num_queries
):
    session, _section = hand_mitchell
    big = big_session(tables=7, sections=("A", "B", "C"))
    for target in (session, big):
        with django_assert_max_num_queries(8):
            assert client.get(session_url(target)).status_code == 200
        with django_assert_max_num_queries(8):
            assert client.get(reverse("events:ranking_csv", args=[target.pk])).status_code == 200
        # A logged-in player: the session and the user's permissions and member record on top.
        with django_assert_max_num_queries(12):
            assert player_client.get(session_url(target)).status_code == 200
    assert TravellerLine.objects.filter(board__section__session=big).count() == 3 * 7 * 14


def test_free_entry_ranking_queries_do_not_grow_with_the_boards(client, db, django_assert_max_num_queries):
    session = free_entry_session()
    with django_assert_max_num_queries(9):
        assert client.get(session_url(session)).status_code == 200


# --- every page in every language ------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es", "ro"])
def test_results_pages_render_in_every_language(client, hand_mitchell, language):
    session, section = hand_mitchell
    pair = Pair.objects.get(section=section, number=1, direction="NS")
    member = Member.objects.get(first_name="Ana")
    client.cookies["django_language"] = language
    with translation.override("en"):
        for url in (
            reverse("events:home"),
            session_url(session),
            reverse("events:board_traveller", args=[session.pk, section.pk, 2]),
            reverse("events:pair_scorecard", args=[session.pk, pair.pk]),
            reverse("events:member_detail", args=[member.pk]),
            reverse("club:members"),
        ):
            response = client.get(url)
            assert response.status_code == 200, url
            assert f'<html lang="{language}">' in response.content.decode()
