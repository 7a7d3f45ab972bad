"""Weighted adjusted scores (Law 12C1c): every result of a weighted line scored against the field, the points
weighted, on boards worked by hand."""

import pytest

from scoring import ScoringError, TypedResultError, Weighted, matchpoints, parse_entry, read_result, score_board


def test_read_result_scores_each_part_on_the_board():
    # Board 1, nobody vulnerable: 4S by N making 10 = +420; one down = -50.
    typed = read_result(1, "60% 4S N =, 40% 4S N -1")
    assert typed.adjusted == "W60:420;40:-50" and typed.entry == "W60:420;40:-50"
    # Board 2 (NS vulnerable), three parts, PASS and a defenders' contract: 3NT by E making 9 = -400 for NS.
    assert read_result(2, "50% 4H S 10; 25% PASS; 25% 3NT E =").adjusted == "W50:620;25:0;25:-400"


@pytest.mark.parametrize(
    "typed, message",
    [
        ("60% 4S N =, 50% 4S N -1", "add up to 110, not 100"),
        ("100% 4S N =", "lists 2 to 4 results"),
        ("60% 4S =, 40% PASS", "write each part of a weighted score"),
        ("60 4S N =, 40% PASS", "write each part of a weighted score"),
        ("60% 8S N =, 40% PASS", "level must be 1 to 7"),
        ("60% 4S N 14, 40% PASS", "declarer takes 0 to 13"),
        ("20% P, 20% P, 20% P, 20% P, 20% P", "lists 2 to 4 results"),
        ("0.005% PASS, 99.995% PASS", "write each part"),
    ],
)
def test_bad_weighted_scores_are_refused(typed, message):
    with pytest.raises(TypedResultError, match=message) as caught:
        read_result(1, typed)
    assert caught.value.field == "contract"


def test_a_team_room_has_no_weighted_score():
    with pytest.raises(TypedResultError):
        read_result(1, "60% 4S N =, 40% 4S N -1", team=True)


def test_matchpoints_weigh_every_comparison():
    # Top 6 (EBU, 4 results). With 60 % the line is +420: 420 420 -50 170 -> 5, 5, 0, 2.
    # With 40 % it is -50: -50 420 -50 170 -> 1, 6, 1, 4.
    # Weighted: the line 0.6 x 5 + 0.4 x 1 = 3.4; 420: 0.6 x 5 + 0.4 x 6 = 5.4; -50: 0 + 0.4 x 1 = 0.4;
    # 170: 0.6 x 2 + 0.4 x 4 = 2.8. EW: 6 minus each.
    result = score_board("matchpoints", ["W60:420;40:-50", 420, -50, 170])
    assert [points for pair in result for points in pair] == pytest.approx([3.4, 2.6, 5.4, 0.6, 0.4, 5.6, 2.8, 3.2])


def test_butler_imps_weigh_the_datum_too():
    # 50 %: 420 420 170, datum (1010 / 3 = 336.7) 340: +80 -> 2, +80 -> 2, -170 -> -5.
    # 50 %: -50 420 170, datum 540 / 3 = 180: -230 -> -6, +240 -> 6, -10 -> 0.
    # Weighted: the line (2 - 6) / 2 = -2; 420: (2 + 6) / 2 = 4; 170: -5 / 2 = -2.5.
    result = score_board("butler", ["W50:420;50:-50", 420, 170])
    assert [ns for ns, _ in result] == pytest.approx([-2, 4, -2.5])


def test_two_weighted_lines_on_one_board():
    # Each line 50 % +100 / 50 % -100, with a played 0 (ACBL, top 2): four ways, each 1/4.
    # (+100, +100, 0): 1.5, 1.5, 0; (+100, -100, 0): 2, 0, 1; (-100, +100, 0): 0, 2, 1; (-100, -100, 0): .5, .5, 2.
    # Line 1: (1.5 + 2 + 0 + 0.5) / 4 = 1; the same for line 2; the 0: (0 + 1 + 1 + 2) / 4 = 1.
    result = score_board("matchpoints", ["W50:100;50:-100", "W50:100;50:-100", 0], scale="acbl")
    assert [ns for ns, _ in result] == pytest.approx([1, 1, 1])


def test_weighted_codes():
    entry = parse_entry("W33.33:420;33.33:-50;33.34:170")
    assert isinstance(entry, Weighted) and entry.code == "W33.33:420;33.33:-50;33.34:170"
    with pytest.raises(ScoringError, match="not 100"):
        Weighted(((60, 420), (30, -50)))
    with pytest.raises(ValueError, match="score_board"):
        matchpoints(["W60:420;40:-50", 420])
    with pytest.raises(ScoringError, match="at most 3 weighted"):
        score_board("matchpoints", ["W50:1;50:2"] * 4)
