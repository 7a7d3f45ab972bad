"""Artificial adjusted scores with decimals and split between the sides (A60/40, A61.8/38.2, A40/50)."""

import pytest

from scoring import (
    Adjusted,
    ImpAward,
    TypedResultError,
    butler_imps,
    matchpoints,
    parse_entry,
    percentages,
    read_result,
)


@pytest.mark.parametrize(
    "text, ns, ew, code",
    [
        ("A6040", 60, 40, "A6040"),  # USEBIO's code, still read
        ("A60/40", 60, 40, "A6040"),  # whole percentages keep the USEBIO code
        ("A60/60", 60, 60, "A6060"),
        ("A40/50", 40, 50, "A4050"),  # split: each side its own
        ("A61.8/38.2", 61.8, 38.2, "A61.8/38.2"),  # a weighted score published as percentages
        ("a 61,8 / 38,2", 61.8, 38.2, "A61.8/38.2"),  # a decimal comma, spaces, lower case
        ("A57.25/42.75", 57.25, 42.75, "A57.25/42.75"),
        ("A100/0", 100, 0, "A10000"),
        ("A10000", 100, 0, "A10000"),
        ("A00100", 0, 100, "A00100"),
    ],
)
def test_adjusted_codes(text, ns, ew, code):
    entry = parse_entry(text)
    assert (entry.ns_percent, entry.ew_percent, entry.code) == (ns, ew, code)
    assert parse_entry(entry.code) == entry  # the stored code reads back the same


@pytest.mark.parametrize("text", ["A60.125/39.875", "A101/0", "A60/", "A/40", "A60/40/0", "A6O/40", "A-60/40"])
def test_bad_adjusted_codes(text):
    with pytest.raises(ValueError):
        parse_entry(text)


def test_matchpoints_of_decimal_and_split_adjusted_scores():
    # Four entries: top 6 (EBU). 61.8 % of 6 = 3.708 and 38.2 % = 2.292; A40/50: 2.4 and 3.0.
    # The three played results are compared among themselves and factored to 4 (Neuberg):
    # 650 beats two: M = 4 -> (4 + 1) x 4 / 3 - 1 = 5.667; 620: (2 + 1) x 4 / 3 - 1 = 3; -100: 1/3.
    result = matchpoints([620, -100, 650, "A61.8/38.2"])
    assert result[3] == pytest.approx((3.708, 2.292))
    assert result[0] == pytest.approx((3, 3))
    assert matchpoints([620, -100, 650, "A40/50"])[3] == pytest.approx((2.4, 3.0))
    assert percentages([620, "A61.8/38.2"])[1] == (61.8, 38.2)


def test_imps_of_decimal_and_split_adjusted_scores():
    # Per comparison, fixed: above 50 % +3, below -3, so A60/60 gives +3 to both sides.
    assert butler_imps([620, 600, "A60/60"], award=ImpAward())[2] == (3.0, 3.0)
    # A share of 3 IMPs per 10 %: 61.8 % -> 3 x 11.8 / 10 = 3.54; 38.2 % -> -3.54.
    assert butler_imps([620, 600, "A61.8/38.2"], award=ImpAward("share", 3))[2] == pytest.approx((3.54, -3.54))


def test_read_result_reads_splits_on_pairs_boards_and_refuses_them_in_team_rooms():
    assert read_result(1, "A61.8/38.2").adjusted == "A61.8/38.2"
    assert read_result(1, "A60/40").adjusted == "A6040"
    assert read_result(1, "A40/50").entry == "A4050"
    with pytest.raises(TypedResultError):
        read_result(1, "A61.8/38.2", team=True)
    assert read_result(1, "A60/40", team=True).adjusted == "A6040"  # a percentage the team table knows


def test_adjusted_objects_hold_their_percentages_exactly():
    assert Adjusted(60.0, 40).ns_percent == 60 and isinstance(Adjusted(60.0, 40).ns_percent, int)
    assert Adjusted(61.8, 38.2) == parse_entry("A61.8/38.2")
