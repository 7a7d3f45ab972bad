"""The traveller with a hand record: the deal, its points, the DD table, par, each line against DD and par;
without a deal the page is as before. In each language; queries bounded."""

import re

import pytest
from django.urls import reverse

from club.hand_analysis import analyse_pending
from events.hands.services.hands import store_deals
from tests.builders.hands import ROUND_THE_TABLE
from tests.builders.pages import rows_of


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


def traveller_url(session, section, number):
    return reverse("events:board_traveller", args=[session.pk, section.pk, number])


@pytest.fixture
def with_deal(hand_mitchell):
    session, section = hand_mitchell
    store_deals(session=session, deals={3: ROUND_THE_TABLE})  # board 3: dealer S, EW vulnerable; par NS 1S = +80
    analyse_pending()
    return session, section


def test_the_deal_its_points_the_dd_table_and_par(client, with_deal):
    session, section = with_deal
    response = client.get(traveller_url(session, section, 3))
    html = response.content.decode()
    assert 'id="hand-record"' in html
    assert html.count("10 HCP") == 4
    assert '<span class="suit-h" title="hearts">♥</span> <span class="ranks">J73</span>' in html  # North
    assert '<span class="ranks">A1062</span>' in html  # T written as 10
    assert '<th scope="col">NT</th>' in html
    assert rows_of(response, "dd-table") == [
        ["N", "6", "7", "5", "7", "5"],
        ["S", "6", "7", "5", "7", "5"],
        ["E", "6", "5", "7", "5", "7"],
        ["W", "6", "5", "7", "5", "7"],
    ]
    assert "Par: N/S +80 · 1♠ N/S =" in text_of(html)


def test_each_line_against_double_dummy_and_par(client, with_deal):
    session, section = with_deal
    response = client.get(traveller_url(session, section, 3))
    lines = rows_of(response, "traveller")
    assert 'title="Tricks double dummy in this contract by this declarer">DD</th>' in response.content.decode()
    by_contract = {row[3]: row[-4:-2] for row in lines}
    assert by_contract["Pass"] == ["", "E/W +80"]  # 0 against par +80
    assert by_contract["2♣ ="] == ["5", "N/S +10"]  # +90 against +80; double dummy North takes 5 in clubs
    assert by_contract["1NT ="] == ["6", "E/W +170"]  # -90 against +80
    assert by_contract["1NT -1"] == ["6", "N/S +20"]  # +100 against +80


def test_a_board_without_a_deal_keeps_today_s_page(client, hand_mitchell):
    session, section = hand_mitchell
    before = client.get(traveller_url(session, section, 2)).content.decode()
    store_deals(session=session, deals={3: ROUND_THE_TABLE})
    after = client.get(traveller_url(session, section, 2)).content.decode()
    assert 'id="hand-record"' not in after and "v par" not in after and 'id="dd-table"' not in after
    token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
    assert token.sub("", after) == token.sub("", before)


@pytest.mark.parametrize(
    "language, words",
    [
        ("es", ["Norte", "10 PH", "Bazas a doble muerto", '<span class="compass-w">O</span>']),
        ("ro", ["Nord", "10 PO", "Levate la double dummy", '<span class="compass-w">V</span>']),
    ],
)
def test_the_hand_record_in_each_language(client, with_deal, language, words):
    session, section = with_deal
    html = client.get(traveller_url(session, section, 3), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for word in words:
        assert word in html


def test_queries_stay_bounded_with_a_deal(client, with_deal, django_assert_max_num_queries):
    session, section = with_deal
    with django_assert_max_num_queries(7):  # 6 without a deal (test_results_traveller), one for the deal
        assert client.get(traveller_url(session, section, 3)).status_code == 200
    with django_assert_max_num_queries(7):
        assert client.get(traveller_url(session, section, 2)).status_code == 200


def test_pages_never_run_dds(client, with_deal, cached_analysis):
    session, section = with_deal
    before = cached_analysis.calls
    client.get(traveller_url(session, section, 3))
    assert cached_analysis.calls == before


def test_a_session_in_progress_hides_its_deals_from_visitors(client, db):
    from tests.builders.hand_mitchell import build_hand_mitchell

    session, section = build_hand_mitchell(status="in_progress")
    store_deals(session=session, deals={3: ROUND_THE_TABLE})
    assert client.get(traveller_url(session, section, 3)).status_code == 404


def test_the_scorecard_shows_each_board_against_par(client, with_deal, django_assert_max_num_queries):
    from events.models import Pair

    session, section = with_deal
    pair = Pair.objects.get(section=section, number=2, direction="NS")  # board 3: 1NT by W, 7 tricks, -90
    url = reverse("events:pair_scorecard", args=[session.pk, pair.pk])
    with django_assert_max_num_queries(8):  # as without deals (test_results_scorecard): the par comes in a join
        response = client.get(url)
    rows = {row[1]: row for row in rows_of(response, "scorecard")}
    assert "v par" in response.content.decode()
    assert rows["3"][-2] == "-170"  # -90 against NS's par of +80
    assert rows["1"][-2] == ""  # board 1 has no deal
    other = Pair.objects.get(section=section, number=1, direction="EW")
    card = client.get(reverse("events:pair_scorecard", args=[session.pk, other.pk]))
    assert "v par" in card.content.decode()
