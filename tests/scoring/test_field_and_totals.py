"""Scoring across the field, cross-IMPs summed, and Compscore's totals (`scoring.field`, `scoring.totals`): each
figure worked by hand, with where it comes from."""

import pytest

from scoring import Conventions, factored, score_field, total_line

SUM = Conventions(cross_imps="sum")

# Three sections play board 1 twice each (worked by hand below). All six NS scores: -50, 100, 420, 420, 450, 450.
# Matchpoints, 2 per result beaten and 1 per tie, one top over the field: 2 x (6 - 1) = 10.
#   450 beats 4 (-50, 100, 420, 420) and ties 1: 8 + 1 = 9 (EW 1); 420 beats 2, ties 1: 5 (EW 5);
#   100 beats 1: 2 (EW 8); -50: 0 (EW 10).
# Cross-IMPs summed (WBF 1962 IMP scale, scoring.imps): 420 v 450 -30 = -1, v 420 0, v -50 +470 = 10,
#   v 100 +320 = 8, v 450 -1: 16; 450: +1 +1 0 +11 (500) +8 (350) = 21; 100: -8 -8 -8 -8 +4 (150) = -28;
#   -50: -10 -10 -11 -11 -4 = -46 (2 x 16 + 2 x 21 - 28 - 46 = 0).
BOARD_1 = [[420, 450], [420, -50], [450, 100]]
# Board 2: section C played it once of the two results it was due; the field was due 6, played 5.
#   Raw (top 8 over 5): 140 beats 3 ties 1 = 7; 110 beats 1 ties 1 = 3; -100 = 0. Neuberg (EBU, Max Bavin):
#   (M + 1) x 6 / 5 - 1: 140 -> 8.6 (EW 1.4), 110 -> 3.8 (EW 6.2), -100 -> 0.2 (EW 9.8), out of 10.
#   Cross-IMPs summed: 140 v 110 x2 = +2, v 140 0, v -100 +240 = 6: 8; 110: -1 -1 0 +210 (5) = 3;
#   -100: -5 -5 -6 -6 = -22.
BOARD_2 = [[110, 140], [-100, 110], [140]]
# Board 3: -100, 170, 620, 620, 620, 650 (top 10): 650 beats 5 = 10; 620 beats 2 ties 2 = 6; 170 = 2; -100 = 0.
#   Cross-IMPs summed: 650: +1 x3, +480 (10), +750 (13) = 26; 620: 0 0 -1 +450 (10) +720 (12) = 21;
#   170: -10 x3 -10 (480) +7 (270) = -33; -100: -12 x3 -13 -7 = -56 (26 + 63 - 33 - 56 = 0).
BOARD_3 = [[620, 620], [650, -100], [620, 170]]


@pytest.mark.parametrize(
    "sections, expected, method, conventions, points",
    [
        (BOARD_1, None, "matchpoints", Conventions(),
         [[(5, 5), (9, 1)], [(5, 5), (0, 10)], [(9, 1), (2, 8)]]),
        (BOARD_1, None, "cross-imps", SUM,
         [[(16, -16), (21, -21)], [(16, -16), (-46, 46)], [(21, -21), (-28, 28)]]),
        # averaged per comparison (seed 000: the sum over the 5 comparisons, divided by 5)
        (BOARD_1, None, "cross-imps", Conventions(),
         [[(3.2, -3.2), (4.2, -4.2)], [(3.2, -3.2), (-9.2, 9.2)], [(4.2, -4.2), (-5.6, 5.6)]]),
        (BOARD_2, [2, 2, 2], "matchpoints", Conventions(),
         [[(3.8, 6.2), (8.6, 1.4)], [(0.2, 9.8), (3.8, 6.2)], [(8.6, 1.4)]]),
        (BOARD_2, [2, 2, 2], "cross-imps", SUM,
         [[(3, -3), (8, -8)], [(-22, 22), (3, -3)], [(8, -8)]]),
        (BOARD_3, None, "matchpoints", Conventions(),
         [[(6, 4), (6, 4)], [(10, 0), (0, 10)], [(6, 4), (2, 8)]]),
        (BOARD_3, None, "cross-imps", SUM,
         [[(21, -21), (21, -21)], [(26, -26), (-56, 56)], [(21, -21), (-33, 33)]]),
    ],
)  # fmt: skip
def test_a_board_scored_across_three_sections(sections, expected, method, conventions, points):
    found = score_field(method, sections, expected=expected, conventions=conventions)
    assert found == [[pytest.approx(pair) for pair in section] for section in points]


def test_per_section_the_same_board_scores_otherwise():
    # Section A alone: 420 against 450, a top of 2: 0 and 2 (not the field's 5 and 9 of 10).
    assert score_field("matchpoints", [BOARD_1[0]]) == [[(0, 2), (2, 0)]]


@pytest.mark.parametrize(
    "points, played, most, counted",
    [
        # Compscore3's Howell file (abftech/cobalt results/tests/test_files/mp_pairs_howell.xml): board 12 was
        # played 5 times of 6; its lines print on the own top of 8 and count (M + 1) x 6 / 5 - 1 in the totals.
        (8, 5, 6, 9.8),  # pair 6: 160.8 + 1.8 = 162.6 printed
        (5, 5, 6, 6.2),  # pair 2: 155.6 + 1.2 = 156.8 printed
        (0, 5, 6, 0.2),  # pair 4: 144 + 0.2 = 144.2 printed
        (7, 6, 6, 7),  # a board played the full number of times is counted as printed
    ],
)
def test_compscore_counts_a_board_played_fewer_times_with_neuberg(points, played, most, counted):
    assert total_line(points, played, most) == pytest.approx(counted)


@pytest.mark.parametrize(
    "score, maximum, boards, full, result",
    [
        # The same file: pair 1 scored 124 over 26 of 27 boards (top 10): printed 128.77 and 47.69 % of 270.
        (124, 260, 26, 27, (124 * 27 / 26, 270)),
        (127.2, 260, 26, 27, (127.2 * 27 / 26, 270)),  # pair 3: 132.09 printed
        (155.6, 270, 27, 27, (155.6, 270)),  # every board played: as it is
        (0, 0, 0, 27, (0, 0)),  # no board: nothing to factor
    ],
)
def test_compscore_factors_a_pair_s_total_to_the_full_boards(score, maximum, boards, full, result):
    assert factored(score, maximum, boards, full) == pytest.approx(result)


def test_cross_imps_are_averaged_or_summed_and_nothing_else():
    with pytest.raises(ValueError, match="average"):
        Conventions(cross_imps="median")
