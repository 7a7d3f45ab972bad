"""scoring.matchpoints and scoring.adjusted: matchpoints, Neuberg, adjusted scores, percentages."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Adjusted, matchpoint_top, matchpoint_unit, matchpoints, neuberg, parse_entry, percentages

# The board of seed 000's cross-IMP example, used here for matchpoints.
BOARD = [620, -100, -100, -300, 650]


def test_two_per_result_beaten_one_per_tie():
    # Seed 000, Nota 2: played n = 5 times, the top gets 2n-2 = 8, the next 2n-4 = 6 ... down to 0;
    # identical results share the average (the two -100s share 4 and 2: 3 each).
    assert matchpoints(BOARD) == [(6, 2), (3, 5), (3, 5), (0, 8), (8, 0)]


def test_acbl_one_per_result_beaten_half_per_tie():
    # Seed 000, Nota 1: ACBL gives one point per pair beaten and half a point per tie.
    assert matchpoints(BOARD, scale="acbl") == [(3, 1), (1.5, 2.5), (1.5, 2.5), (0, 4), (4, 0)]


def test_top_is_100_percent_and_bottom_0():
    # Seed 000: the best result earns 100 % of the matchpoints, the worst none; opponents get the complement.
    assert percentages(BOARD) == [(75, 25), (37.5, 62.5), (37.5, 62.5), (0, 100), (100, 0)]


def test_neuberg_example_of_the_ebu():
    # EBU, Max Bavin, "The Neuberg formula - the principle": 11 results expected, 10 played,
    # top 20: the results score 19.9, 17.7, 15.5 ... 0.1 (each result counted 1.1 times).
    scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    expected_ns = [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    result = matchpoints(scores, expected=11)
    assert [ns for ns, _ in result] == pytest.approx(expected_ns, abs=1e-12)
    assert [ew for _, ew in result] == pytest.approx(expected_ns[::-1], abs=1e-12)


@pytest.mark.parametrize(
    "m, played, expected, scale, factored",
    [
        (18, 10, 11, "ebu", 19.9),  # EBU article: (18 + 1) x 11/10 - 1
        (0, 10, 11, "ebu", 0.1),  # (0 + 1) x 11/10 - 1
        (14, 8, 16, "ebu", 29),  # board due 16 times, played 8: each result counts twice: (14 + 1) x 2 - 1
        (7, 8, 16, "acbl", 14.5),  # the same on the 1-per-beat scale: (7 + 1/2) x 2 - 1/2
        (0, 1, 5, "ebu", 4),  # a lone result gets the average of the full top 8
    ],
)
def test_neuberg_formula(m, played, expected, scale, factored):
    assert neuberg(m, played, expected, scale) == pytest.approx(factored, abs=1e-12)


def test_artificial_scores_get_their_percentage_of_the_full_top():
    # Issue 3: artificial entries get their percentage of the full top (here 2 x (4 - 1) = 6) and take
    # no part in the comparison; the 3 played results are compared among themselves and factored
    # with Neuberg from 3 to 4 results: (M + 1) x 4/3 - 1.
    result = matchpoints(["A6040", 620, 100, -100])
    assert result[0] == pytest.approx((3.6, 2.4))  # 60 % and 40 % of 6
    assert result[1] == pytest.approx((17 / 3, 1 / 3))  # beats 2: M = 4 -> 5 x 4/3 - 1
    assert result[2] == pytest.approx((3, 3))  # M = 2 -> 3 x 4/3 - 1
    assert result[3] == pytest.approx((1 / 3, 17 / 3))  # M = 0 -> 1 x 4/3 - 1


@pytest.mark.parametrize(
    "code, ns_pct, ew_pct",
    [
        ("A6040", 60, 40),
        ("A5050", 50, 50),
        ("A4040", 40, 40),  # both sides at fault
        ("A6060", 60, 60),  # neither side at fault in some jurisdictions' awards
        ("A4060", 40, 60),
        ("A+", 60, 40),  # shorthands from NS's side
        ("A", 50, 50),
        ("A-", 40, 60),
        ("a+", 60, 40),
    ],
)
def test_adjusted_codes(code, ns_pct, ew_pct):
    assert parse_entry(code) == Adjusted(ns_pct, ew_pct)
    assert percentages([code, 100, 200])[0] == (ns_pct, ew_pct)
    ns, ew = matchpoints([code, 100, 200, 300], scale="acbl")[0]  # top 3
    assert (ns, ew) == pytest.approx((3 * ns_pct / 100, 3 * ew_pct / 100))


def test_fouled_board_groups_each_scored_to_the_full_top():
    # A board due 10 times was fouled: 6 tables played one version, 4 the other.
    # Each group is called with the board's full expected = 10 (top 18).
    group_a = matchpoints([100, 200, 300, 400, 500, 600], expected=10)
    group_b = matchpoints([-100, 0, 50, 420], expected=10)
    # Top of the 6-group: M = 10 -> (10 + 1) x 10/6 - 1; top of the 4-group: M = 6 -> 7 x 10/4 - 1.
    assert group_a[-1][0] == pytest.approx(11 * 10 / 6 - 1)
    assert group_b[-1][0] == pytest.approx(7 * 10 / 4 - 1)
    # Each group averages half the full top.
    assert sum(ns for ns, _ in group_a) / 6 == pytest.approx(9)
    assert sum(ns for ns, _ in group_b) / 4 == pytest.approx(9)


def test_single_result_board():
    assert matchpoints([420]) == [(0, 0)]
    assert percentages([420]) == [(50, 50)]
    assert matchpoints([]) == []


def test_matchpoint_top():
    assert matchpoint_top(13) == 24
    assert matchpoint_top(13, "acbl") == 12


def test_matchpoint_unit_is_what_beating_one_result_earns():
    # Two results, no tie: the better one beats one result and earns the unit.
    assert matchpoint_unit() == matchpoint_unit("ebu") == matchpoints([420, 400])[0][0] == 2
    assert matchpoint_unit("acbl") == matchpoints([420, 400], scale="acbl")[0][0] == 1
    with pytest.raises(ValueError, match="scale must be 'ebu'"):
        matchpoint_unit("wbf")


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: matchpoints([100, 200, 300], expected=2), "the board has 3 results but only 2 were expected"),
        (lambda: matchpoints([100], expected=0), "expected number of results must be a whole number"),
        (lambda: matchpoints([100], scale="wbf"), "scale must be 'ebu'"),
        (lambda: matchpoints(["620", 100]), "a result is either an NS score"),
        (lambda: matchpoints([620.5, 100]), "a result is either an NS score"),
        (lambda: matchpoints([True, 100]), "a result is either an NS score"),
        (lambda: matchpoints(["A65", 100]), "adjusted score such as A6040"),
        (lambda: percentages("620"), "as a list"),
        (lambda: neuberg(4, 0, 4), "number of results played"),
    ],
)
def test_bad_input_is_explained(call, message):
    with pytest.raises(ValueError, match=message):
        call()


scores_lists = st.lists(st.integers(-300, 300).map(lambda x: 10 * x), min_size=1, max_size=30)


@given(scores_lists, st.integers(0, 10), st.sampled_from(["ebu", "acbl"]))
def test_ew_is_top_minus_ns(scores, extra, scale):
    expected = len(scores) + extra
    top = matchpoint_top(expected, scale)
    for ns, ew in matchpoints(scores, expected, scale):
        assert math.isclose(ew, top - ns, abs_tol=1e-9)


@given(scores_lists)
def test_percentages_sum_to_100_when_nothing_is_adjusted(scores):
    result = percentages(scores)
    for ns, ew in result:
        assert math.isclose(ns + ew, 100, abs_tol=1e-9)
    if len(scores) > 1:
        assert math.isclose(sum(ns for ns, _ in result) / len(scores), 50, abs_tol=1e-9)


@given(scores_lists, st.sampled_from(["ebu", "acbl"]))
def test_neuberg_with_expected_equal_to_played_changes_nothing(scores, scale):
    n = len(scores)
    unit = 2 if scale == "ebu" else 1
    for m in range(0, unit * (n - 1) + 1):
        assert neuberg(m, n, n, scale) == m
    for score, (ns, _) in zip(scores, matchpoints(scores, expected=n, scale=scale), strict=True):
        # Unfactored: 1 (ebu 2) per score beaten, 1/2 (ebu 1) per other score tied.
        beaten = sum(other < score for other in scores)
        tied = sum(other == score for other in scores) - 1
        assert ns == unit * beaten + unit * tied / 2


@given(scores_lists)
def test_raw_matchpoints_count_beaten_and_tied(scores):
    # Brute force: 2 per score beaten, 1 per other score tied.
    for score, (ns, ew) in zip(scores, matchpoints(scores), strict=True):
        beaten = sum(other < score for other in scores)
        tied = sum(other == score for other in scores) - 1
        lost = sum(other > score for other in scores)
        assert (ns, ew) == (2 * beaten + tied, 2 * lost + tied)


@given(scores_lists, st.integers(0, 10))
def test_neuberg_counts_each_result_expected_over_played_times(scores, extra):
    # The EBU principle: with E expected and n played, treat each result as occurring E/n times.
    n, expected = len(scores), len(scores) + extra
    weight = expected / n
    for score, (ns, _) in zip(scores, matchpoints(scores, expected), strict=True):
        beaten = sum(other < score for other in scores) * weight
        same = sum(other == score for other in scores) * weight
        assert math.isclose(ns, 2 * beaten + same - 1, abs_tol=1e-9)


@given(scores_lists)
def test_acbl_is_half_of_ebu(scores):
    for (ebu_ns, ebu_ew), (acbl_ns, acbl_ew) in zip(
        matchpoints(scores), matchpoints(scores, scale="acbl"), strict=True
    ):
        assert (acbl_ns, acbl_ew) == (ebu_ns / 2, ebu_ew / 2)
