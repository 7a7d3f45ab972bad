"""The member page's figure of results against par: a bar a published session with analysed deals, the member's
average score minus par per board (for the member's side), hand-worked from tests/builders/hand_mitchell.py.

Deals of boards 1-3 (tests/builders/hands.py), par for NS: board 1 +100 (correct_21.pbn's OptimumScore), board 2
+2210 (7S, NS vulnerable), board 3 +80 (1S by NS).
"""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation

from club.hand_analysis import analyse_pending
from events.models import Session, TravellerLine
from events.results.selectors.member_par import ParSession, par_chart, par_sessions
from tests.builders.hand_mitchell import build_hand_mitchell, members_of_club
from tests.builders.hands import dealt

NOV = [datetime.date(2026, 11, day) for day in (2, 9, 16, 23)]
PAR = {1: 100, 2: 2210, 3: 80}


@pytest.fixture
def ana(db):
    dealt(build_hand_mitchell(name="Monday pairs", date=NOV[0])[0])  # Ana 1NS
    dealt(
        build_hand_mitchell(name="Second Monday", date=NOV[1], players={"3NS": ("Ana", "García", "Carmen", "López")})[0]
    )
    dealt(
        build_hand_mitchell(name="Third Monday", date=NOV[2], players={"5NS": ("Ana", "García", "Dan", "Ionescu")})[0]
    )
    status = Session.Status.IN_PROGRESS
    dealt(
        build_hand_mitchell(
            name="Tonight", date=NOV[3], status=status, players={"4NS": ("Ana", "García", "Dan", "Ionescu")}
        )[0]
    )
    build_hand_mitchell(name="No deals", date=NOV[3], players={"2NS": ("Ana", "García", "Dan", "Ionescu")})
    return members_of_club()["Ana"]


def test_each_published_session_with_par_is_the_average_against_par_per_board(ana):
    found = par_sessions(ana.pk)
    assert [(entry.name, entry.boards) for entry in found] == [
        ("Monday pairs", 3),
        ("Second Monday", 3),
        ("Third Monday", 2),  # board 2 was an adjusted score: left out; no session in progress, none without deals
    ]
    # 1NS: +420, +600 and a pass against +100, +2210 and +80.
    assert found[0].average == pytest.approx((320 - 1610 - 80) / 3)
    # 3NS: +450, -420 and +90.
    assert found[1].average == pytest.approx((350 - 2630 + 10) / 3)
    # 5NS: +170 and -90.
    assert found[2].average == pytest.approx((70 - 170) / 2)


def test_an_east_west_player_is_measured_for_the_east_west_side(ana):
    florin = members_of_club()["Florin"]  # 1EW of "Monday pairs"
    lines = TravellerLine.objects.filter(ew_pair__player1=florin, board__number__in=PAR, adjusted="", not_played=False)
    gains = [PAR[line.board.number] - line.ns_score for line in lines]
    (entry,) = par_sessions(florin.pk)
    assert entry.boards == len(gains) == 3 and entry.average == pytest.approx(sum(gains) / 3)


def test_deals_still_pending_give_no_bar(db):
    session, _section = build_hand_mitchell()
    dealt(session, analysed=False)
    assert par_sessions(members_of_club()["Ana"].pk) == []
    analyse_pending()
    assert len(par_sessions(members_of_club()["Ana"].pk)) == 1


def test_the_figure_on_the_member_page(client, ana):
    page = client.get(reverse("events:member_detail", args=[ana.pk])).content.decode()
    figure = page[page.index('id="par-figure"') : page.index("</figure>", page.index('id="par-figure"'))]
    bars = re.findall(r'class="par-bar (above|below)"', figure)
    assert bars == ["below", "below", "below"]
    assert "over the last 3 sessions with analysed deals" in figure
    overall = round((320 - 1610 - 80 + 350 - 2630 + 10 + 70 - 170) / 8)
    assert f"({overall} points a board overall)" in figure
    assert "Second Monday" in figure and "style=" not in figure
    assert re.search(r"<script(?![^>]* src=)", page) is None  # no inline script (strict CSP)


def test_no_figure_without_analysed_deals(client, db):
    build_hand_mitchell()
    page = client.get(reverse("events:member_detail", args=[members_of_club()["Ana"].pk])).content.decode()
    assert 'id="par-figure"' not in page and 'id="percentage-chart"' in page


@pytest.mark.parametrize(("language", "words"), [("es", "Frente al par"), ("ro", "Față de par")])
def test_the_figure_in_each_language(client, ana, language, words):
    with translation.override(language):
        url = reverse("events:member_detail", args=[ana.pk])
    client.cookies["django_language"] = language
    assert words in client.get(url).content.decode()


def test_the_page_costs_the_same_queries_however_long_the_history(client, db, django_assert_max_num_queries):
    dealt(build_hand_mitchell(name="First", date=NOV[0])[0])
    ana = members_of_club()["Ana"]
    # The member, the pairs with their standings, the partners' names, the sessions against par, the teams events.
    with django_assert_max_num_queries(5):
        assert 'id="par-figure"' in client.get(reverse("events:member_detail", args=[ana.pk])).content.decode()
    for day in range(4):
        session = build_hand_mitchell(name=f"More {day}", date=datetime.date(2026, 10, 1 + day))[0]
        dealt(session)
    with django_assert_max_num_queries(5):
        page = client.get(reverse("events:member_detail", args=[ana.pk])).content.decode()
    assert len(re.findall(r'class="par-bar ', page)) == 5


def test_the_bars_stand_on_the_par_line_on_a_round_scale():
    sessions = [
        ParSession(day, f"Night {day}", datetime.date(2026, 1, 1 + day), 20, value)
        for day, value in enumerate([35.0, -140.0, 0.0, 12.5])
    ]
    chart = par_chart(sessions)
    assert [value for _y, value in chart.gridlines] == [200, 100, 0, -100, -200]
    above, below, level, small = chart.bars
    assert above.above and above.y + above.height == pytest.approx(chart.zero)
    assert not below.above and below.y == pytest.approx(chart.zero)
    assert level.above and level.height == 1.0  # par exactly: a hairline on the par line
    assert all(chart.top <= bar.y and bar.y + bar.height <= chart.plot_bottom for bar in chart.bars)
    assert chart.bars[0].x < chart.bars[1].x < chart.bars[2].x < small.x < chart.plot_right
    assert par_chart([]) is None
    huge = par_chart([ParSession(1, "Slam night", datetime.date(2026, 1, 1), 1, 7600.0)])
    assert [value for _y, value in huge.gridlines][0] == 8000
