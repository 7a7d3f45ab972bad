"""Scoring conventions (scoring.conventions, scoring.imps): each on a board worked by hand."""

import pytest

from scoring import PRESETS, Conventions, ImpAward, butler_datum, butler_imps, cross_imps, preset, score_board


@pytest.mark.parametrize(
    "scores, discard, discard_from, rounding, datum",
    [
        # Today's rule: 3 results are fewer than 4, nothing discarded: (420 + 450 + 100) / 3 = 323.3 -> 320.
        ([420, 450, 100], None, None, "ten", 320),
        # Magic Contest / Ruter, 1 from 3: sorted 100 420 450, the top and bottom set aside: 420.
        ([420, 450, 100], 1, 3, "ten", 420),
        # 1 from 4 with 4 results: sorted 100 420 450 480 -> (420 + 450) / 2 = 435 -> 440 (half away from 0).
        ([480, 420, 450, 100], 1, 4, "ten", 440),
        # 2 from 6 with 7 results: sorted -100 100 400 420 450 620 1100 -> 400 420 450 -> 423.3 -> 420.
        ([620, -100, 400, 1100, 420, 100, 450], 2, 6, "ten", 420),
        # ... and unrounded: 1270 / 3 = 423.333...
        ([620, -100, 400, 1100, 420, 100, 450], 2, 6, "none", 1270 / 3),
        # 2 from 6 with only 5 results: none discarded: (620 - 100 + 400 + 1100 + 420) / 5 = 488 -> 490.
        ([620, -100, 400, 1100, 420], 2, 6, "ten", 490),
        # Not rounded: (400 + 430) / 2 = 415.
        ([400, 430], None, None, "none", 415.0),
    ],
)
def test_butler_datum_conventions(scores, discard, discard_from, rounding, datum):
    assert butler_datum(scores, discard, discard_from, rounding) == pytest.approx(datum)


def test_butler_imps_with_the_magic_contest_datum():
    # Datum 420 (1 from 3): 420 - 420 = 0 -> 0; 450 - 420 = 30 -> 1; 100 - 420 = -320 -> -8 IMPs.
    assert butler_imps([420, 450, 100], discard=1, discard_from=3) == [(0, 0), (1, -1), (-8, 8)]
    # Today's datum 320: 100 -> 3, 130 -> 4, -220 -> -6.
    assert butler_imps([420, 450, 100]) == [(3, -3), (4, -4), (-6, 6)]


@pytest.mark.parametrize(
    "award, entry, expected",
    [
        # Butler: one comparison (the datum), so per board and per comparison agree.
        (ImpAward("comparison", 3), "A6040", (3.0, -3.0)),
        (ImpAward("board", 3), "A6040", (3.0, -3.0)),
        # A 60 % / 60 % split: +3 each way.
        (ImpAward("comparison", 3), "A6060", (3.0, 3.0)),
        # Share, 2 IMPs per 10 %: 70 % -> 2 x 20 / 10 = 4; 30 % -> -4.
        (ImpAward("share", 2), "A7030", (4.0, -4.0)),
        # Share, 3 per 10 %: 55 % -> 1.5, 45 % -> -1.5 (the fixed awards give 3 and -3).
        (ImpAward("share", 3), "A5545", (1.5, -1.5)),
        (ImpAward("comparison", 3), "A5545", (3.0, -3.0)),
        (ImpAward("comparison", 2), "A5050", (0.0, 0.0)),
    ],
)
def test_adjusted_awards_in_butler_scoring(award, entry, expected):
    assert butler_imps([620, 600, entry], award=award)[2] == expected


def test_adjusted_awards_in_cross_imps():
    board = [620, 600, 100, "A6040", 650]  # 5 entries: each result has 4 comparisons
    # Per comparison: 3 in the averaged cross-IMPs.
    assert cross_imps(board, award=ImpAward("comparison", 3))[3] == (3.0, -3.0)
    # Per board: 3 IMPs over 4 comparisons = 0.75 a comparison.
    assert cross_imps(board, award=ImpAward("board", 3))[3] == (0.75, -0.75)
    # Summed (not averaged): per comparison 3 x 4 = 12; per board 0.75 x 4 = 3.
    assert cross_imps(board, average=False, award=ImpAward("comparison", 3))[3] == (12.0, -12.0)
    assert cross_imps(board, average=False, award=ImpAward("board", 3))[3] == (3.0, -3.0)
    # Played results are untouched by the award: 620 v 600 +1, v 100 +11, v 650 -1 -> 11 / 3.
    assert cross_imps(board, award=ImpAward("board", 3))[0][0] == pytest.approx(11 / 3)


def test_score_board_short_boards():
    # Own top: 3 results, top 4 (EBU): 620 beats two -> 4, 600 beats one -> 2, 100 -> 0.
    assert score_board("matchpoints", [620, 600, 100]) == [(4, 0), (2, 2), (0, 4)]
    # Neuberg to 4 expected: (M + 1) x 4 / 3 - 1: 620 -> 5.667, 600 -> 3, 100 -> 0.333 (top 6).
    factored = score_board("matchpoints", [620, 600, 100], expected=4)
    assert [ns for ns, _ in factored] == pytest.approx([17 / 3, 3, 1 / 3])
    # ACBL scale, own top 2: 620 -> 2, 600 -> 1, 100 -> 0.
    assert score_board("matchpoints", [620, 600, 100], scale="acbl") == [(2, 0), (1, 1), (0, 2)]


def test_score_board_butler_and_cross_imps_follow_the_conventions():
    magic = preset("magic-contest")[1]
    assert score_board("butler", [420, 450, 100], conventions=magic) == [(0, 0), (1, -1), (-8, 8)]
    assert score_board("butler", [420, 450, 100]) == [(3, -3), (4, -4), (-6, 6)]
    shared = Conventions(award=ImpAward("share", 3))
    assert score_board("cross-imps", [620, 600, "A5545"], conventions=shared)[2] == (1.5, -1.5)
    assert score_board("butler", []) == []


def test_presets():
    assert set(PRESETS) == {"ebu", "acbl", "compscore", "magic-contest"}
    assert preset("ebu") == ("ebu", Conventions())
    assert preset("acbl")[0] == "acbl"
    assert preset("compscore")[1].short_boards == "own-top" and not preset("compscore")[1].neuberg
    assert (preset("magic-contest")[1].datum_discard, preset("magic-contest")[1].datum_from) == (1, 3)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: Conventions(short_boards="sometimes"), "'neuberg' or 'own-top'"),
        (lambda: Conventions(datum_discard=2, datum_from=4), "needs at least 5 results"),
        (lambda: Conventions(datum_rounding="five"), "rounding"),
        (lambda: Conventions(datum_discard=True), "whole numbers"),
        (lambda: ImpAward("half"), "adjusted-score award"),
        (lambda: ImpAward("board", -1), "from 0 to 24"),
        (lambda: ImpAward("board", float("nan")), "from 0 to 24"),
        (lambda: preset("bbo"), "the presets are"),
        (lambda: score_board("rubber", [620]), "scoring method"),
        (lambda: butler_datum([1, 2, 3], 1, 2), "needs at least 3 results"),
        (lambda: butler_datum([1, 2, 3], rounding="up"), "rounding"),
    ],
)
def test_conventions_refuse_nonsense(make, message):
    with pytest.raises(ValueError, match=message):
        make()
