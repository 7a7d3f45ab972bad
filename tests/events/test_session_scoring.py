"""Whole sessions entered line by line through the services, checked against hand-computed numbers.

The 5-table Mitchell (MITCHELL_LINES of tests/builders/hand_mitchell.py, the NS score of each line in its
comments) plays one board a round, so each of boards 1-5 is played by every NS pair.
Vulnerability by board number: 1 None, 2 NS, 3 EW, 4 Both, 5 NS.
"""

import pytest

from club.typed_result import read_typed_result
from events.entry.services.lines import save_line
from events.models import TravellerLine
from events.standings.selectors.ranking import rank_sessions
from tests.builders.hand_mitchell import MITCHELL_LINES, entered_mitchell

# NS matchpoints on the 2-per-beat scale, top 8, worked by hand:
EXPECTED_NS_MP = {
    # 450 beats 4; 420 beats 2 and ties 1; 170 beats 1; -50 beats none.
    1: {"1NS": 5, "2NS": 5, "3NS": 8, "4NS": 0, "5NS": 2},
    # Four real scores, raw 6/4/2/0 out of 6, Neuberg to 5 expected: (M+1)*5/4-1; A6040 gets 60 % of 8.
    2: {"1NS": 5.25, "2NS": 2.75, "3NS": 0.25, "4NS": 7.75, "5NS": 4.8},
    # 100 beats 4; 90 beats 3; 0 beats 2; -90 twice tie.
    3: {"1NS": 4, "2NS": 1, "3NS": 6, "4NS": 8, "5NS": 1},
    # 1460 beats 4; 1430 three times: beats 1, ties 2; 650 none.
    4: {"1NS": 4, "2NS": 4, "3NS": 4, "4NS": 0, "5NS": 8},
    # Four played (one not played), raw 6/4/2/0, Neuberg to 5 as on board 2.
    5: {"1NS": 7.75, "2NS": 5.25, "3NS": 0.25, "4NS": 2.75},
}
EXPECTED_NS_SCORES = {
    1: [420, 420, 450, -50, 170],
    2: [600, -100, -420, 750, None],
    3: [0, -90, 90, 100, -90],
    4: [1430, 1430, 1430, 650, 1460],
    5: [2220, 140, 50, 100, None],
}


@pytest.fixture
def mitchell(db):
    return entered_mitchell()


def session_ranking(session):
    """The fields of the session's ranking, as the ranking page shows them."""
    return rank_sessions([session.pk])[session.pk].fields


def lines_of(section, board):
    return {
        line.ns_pair.label: line
        for line in TravellerLine.objects.filter(board__section=section, board__number=board).select_related("ns_pair")
    }


@pytest.mark.parametrize("board", [1, 2, 3, 4, 5])
def test_mitchell_board_scores_and_matchpoints(mitchell, board):
    _session, section = mitchell
    lines = lines_of(section, board)
    assert [lines[ns].ns_score for ns, *_ in MITCHELL_LINES[board]] == EXPECTED_NS_SCORES[board]
    for ns, expected in EXPECTED_NS_MP[board].items():
        assert lines[ns].ns_points == pytest.approx(expected)
        adjusted = lines[ns].adjusted
        # EW gets the rest of the top, except the adjusted line (A6040: EW 40 % of 8 = 3.2).
        assert lines[ns].ew_points == pytest.approx(3.2 if adjusted else 8 - expected)
    if board == 5:
        assert lines["5NS"].not_played and lines["5NS"].ns_points is None


def test_mitchell_ns_ranking_with_a_tie(mitchell):
    session, _section = mitchell
    ns_field = next(field for field in session_ranking(session) if field.direction == "NS")
    table = [
        (row.place, row.pair.label, round(row.score, 3), row.maximum, round(row.percentage, 3)) for row in ns_field.rows
    ]
    assert table == [
        ("1", "1NS", 26.0, 40, 65.0),  # 5 + 5.25 + 4 + 4 + 7.75 over 5 tops of 8
        ("2", "5NS", 15.8, 32, 49.375),  # 2 + 4.8 + 1 + 8 over 4 boards (board 5 not played)
        ("=3", "3NS", 18.5, 40, 46.25),  # 8 + 0.25 + 6 + 4 + 0.25
        ("=3", "4NS", 18.5, 40, 46.25),  # 0 + 7.75 + 8 + 0 + 2.75
        ("5", "2NS", 18.0, 40, 45.0),  # 5 + 2.75 + 1 + 4 + 5.25
    ]


def test_mitchell_ew_field_mirrors_ns(mitchell):
    session, _section = mitchell
    fields = {field.direction: field for field in session_ranking(session)}
    assert set(fields) == {"NS", "EW"}
    total = sum(row.score for row in fields["NS"].rows) + sum(row.score for row in fields["EW"].rows)
    # Each fully played board shares 8 per result x 5 results = 40; board 2 loses 0.8 to the A6040 (60+40 of 8
    # is 8 but the adjusted line gives 4.8 + 3.2 = 8 too); board 5 has 4 results: 32.
    assert total == pytest.approx(40 * 4 + 32)


def test_a_correction_changes_the_ranking(mitchell):
    session, section = mitchell
    line = lines_of(section, 1)["2NS"]
    board = line.board
    save_line(
        board=board, ns_pair=line.ns_pair, ew_pair=line.ew_pair, result=read_typed_result(1, "4S", "N", "12"), line=line
    )  # 4S+2 = +480, now the top
    ns_field = next(field for field in session_ranking(session) if field.direction == "NS")
    ranking = [(row.place, row.pair.label, round(row.percentage, 3)) for row in ns_field.rows]
    # Board 1 becomes 480 (8), 450 (6), 420 (4), 170 (2), -50 (0): 2NS 8+2.75+1+4+5.25 = 21 → 52.5 %.
    assert ranking[:2] == [("1", "1NS", 62.5), ("2", "2NS", 52.5)]
    assert lines_of(section, 1)["2NS"].history.count() == 2


def test_butler_session(make_session, enter):
    session, section = make_session("mitchell", tables=5, boards_per_round=1, scoring="butler")
    for ns, contract, declarer, tricks in MITCHELL_LINES[1]:
        enter(section, 1, ns, contract, declarer, tricks)
    lines = lines_of(section, 1)
    # Datum: drop 450 and -50, mean of 420, 420, 170 = 336.7 → 340. 420-340 = 80 → 2 IMPs;
    # 450-340 = 110 → 3; 170-340 = -170 → -5; -50-340 = -390 → -9 (1962 table).
    assert {ns: line.ns_points for ns, line in lines.items()} == {"1NS": 2, "2NS": 2, "3NS": 3, "4NS": -9, "5NS": -5}
    assert lines["4NS"].ew_points == 9


def test_cross_imps_session(make_session, enter):
    session, section = make_session("mitchell", tables=5, boards_per_round=1, scoring="cross-imps")
    for ns, contract, declarer, tricks in MITCHELL_LINES[1]:
        enter(section, 1, ns, contract, declarer, tricks)
    lines = lines_of(section, 1)
    # 420 against 420, 450, -50, 170: 0, -30 → -1, 470 → 10, 250 → 6; 15 / 4 = 3.75.
    assert lines["1NS"].ns_points == pytest.approx(3.75)
    # 450 against 420 ×2, -50, 170: 1 + 1 + 11 (500) + 7 (280) = 20 / 4 = 5.
    assert lines["3NS"].ns_points == pytest.approx(5)
    assert lines["3NS"].ew_points == pytest.approx(-5)


def test_howell_three_tables(make_session, enter):
    session, section = make_session("howell", tables=3, boards_per_round=2)
    from events.plans import section_plan

    plan = section_plan(section)
    slots = plan.board_plays(1)
    assert len(slots) == 3  # six pairs: each board is played three times
    for slot, (contract, tricks) in zip(slots, [("4S", "11"), ("4S", "10"), ("2S", "10")], strict=True):
        enter(section, 1, slot.ns, contract, "N", tricks)
    lines = {line.ns_score: line for line in TravellerLine.objects.filter(board__number=1, board__section=section)}
    # Top 4: 450 beats two (4), 420 beats one (2), 170 none (0); EW the rest.
    assert [(lines[s].ns_points, lines[s].ew_points) for s in (450, 420, 170)] == [(4, 0), (2, 2), (0, 4)]
    ranking = session_ranking(session)
    assert len(ranking) == 1 and ranking[0].direction == ""
    # Two pairs scored the top on the only board played: NS with 450 and EW against 170, equal first.
    best = [(row.place, row.pair.label, row.percentage) for row in ranking[0].rows[:2]]
    assert sorted(best) == sorted([("=1", slots[0].ns, 100.0), ("=1", slots[2].ew, 100.0)])


def test_arrow_switched_round_seats_the_home_pairs_the_other_way(make_session, enter):
    session, section = make_session("mitchell", tables=3, boards_per_round=1, arrow_switch_rounds="3")
    from events.plans import section_plan

    plan = section_plan(section)
    switched = [slot for slot in plan.schedule if slot.round == 3]
    # In round 3 the stationary NS pairs hold the East-West cards: the traveller's NS is an EW pair.
    assert switched and all(
        slot.arrow_switched and slot.ns.endswith("EW") and slot.ew.endswith("NS") for slot in switched
    )
    board = switched[0].board
    # The board is played once in each round: two NS-field pairs and one EW-field pair hold its NS cards.
    for slot in plan.board_plays(board):
        enter(section, board, slot.ns, "4S", "N", "10" if slot.round != 3 else "11")
    lines = lines_of(section, board)
    assert lines[switched[0].ns].ns_points == 4  # 450 beats both 420s
    (field,) = session_ranking(session)
    assert field.direction == ""  # one winner after an arrow switch
