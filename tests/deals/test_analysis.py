"""Double-dummy tables and par from endplay, against a table published in the PBN samples and deals worked
by hand (the tests call DDS: a few seconds on a busy machine)."""

import pytest

from deals.analysis import ParContract, analyse
from deals.pbn_write import optimum_rows
from tests.builders.hands import ONE_SUIT_EACH, PUBLISHED, ROUND_THE_TABLE, needs_reference, sample

ONE_SUIT_TABLE = {  # worked by hand: the opening leader cashes his suit, or declarer's side ruffs it
    "N": {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0},
    "E": {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0},
    "S": {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0},
    "W": {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0},
}
# correct_21.pbn, game 1 (lines 24-44): [OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
PUBLISHED_TABLE = {
    "N": {"C": 9, "D": 6, "H": 5, "S": 6, "NT": 6},
    "E": {"C": 3, "D": 7, "H": 8, "S": 7, "NT": 6},
    "S": {"C": 9, "D": 6, "H": 5, "S": 6, "NT": 6},
    "W": {"C": 3, "D": 7, "H": 8, "S": 7, "NT": 7},
}
CASES = [  # (board number, deal)
    (1, PUBLISHED),  # none vulnerable
    (4, PUBLISHED),  # both vulnerable
    (1, ONE_SUIT_EACH),
    (2, ONE_SUIT_EACH),  # NS vulnerable
    (3, ROUND_THE_TABLE),  # EW vulnerable
]


@pytest.fixture(scope="module")
def analysed():
    return dict(zip(range(len(CASES)), analyse(CASES), strict=True))


@needs_reference
def test_the_published_table_is_the_one_in_correct_21(analysed):
    lines = sample("correct_21.pbn").splitlines()
    start = lines.index('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]') + 1
    rows = [line.split() for line in lines[start : start + 20]]
    published = {(seat, strain): int(tricks) for seat, strain, tricks in rows}
    assert published == {(seat, strain): n for seat, row in PUBLISHED_TABLE.items() for strain, n in row.items()}
    assert analysed[0].tricks == PUBLISHED_TABLE


def test_dd_tables(analysed):
    assert analysed[0].tricks == analysed[1].tricks == PUBLISHED_TABLE
    assert analysed[2].tricks == analysed[3].tricks == ONE_SUIT_TABLE
    # Symmetric: each side takes 7 tricks in its two suits, 6 in notrump, 5 in the others.
    assert analysed[4].tricks["N"] == analysed[4].tricks["S"] == {"C": 5, "D": 7, "H": 5, "S": 7, "NT": 6}
    assert analysed[4].tricks["E"] == analysed[4].tricks["W"] == {"C": 7, "D": 5, "H": 7, "S": 5, "NT": 6}


def test_par_a_sacrifice_none_vulnerable_as_the_sample_file_says(analysed):
    # NS make 3C (110); EW's 3H doubled one down costs them 100 only: OptimumScore "NS 100" in correct_21.pbn.
    assert analysed[0].par_score == 100
    assert analysed[0].par_contracts == (ParContract("3HX", "EW", -1),)


def test_par_both_vulnerable_the_sacrifice_costs_too_much(analysed):
    # Vulnerable, 3H doubled one down costs EW 200, more than NS's 3C: NS play 3C and make it.
    assert analysed[1].par_score == 110
    assert analysed[1].par_contracts == (ParContract("3C", "NS", 0),)


def test_par_grand_slams_in_the_highest_suit(analysed):
    # Both sides have grand slams; 7S outranks 7H, 7D and 7C, and 7NT doubled would go 13 down.
    assert analysed[2].par_score == 1510 and analysed[2].par_contracts == (ParContract("7S", "NS", 0),)
    assert analysed[3].par_score == 2210  # NS vulnerable on board 2


def test_par_one_spade_outranks_one_heart(analysed):
    # Both sides make 7 tricks in two suits; NS's spades outrank EW's hearts, EW's 2H doubled would go down.
    assert analysed[4].par_score == 80
    assert analysed[4].par_contracts == (ParContract("1S", "NS", 0),)


def test_optimum_rows_are_laid_out_as_the_standard_lists_them(analysed):
    rows = optimum_rows(analysed[0])
    assert len(rows) == 20
    assert rows[:5] == ["W  S  7", "W  H  8", "W  D  7", "W  C  3", "W NT  7"]
    assert rows[-1] == "S NT  6"


def test_nothing_to_analyse_makes_no_call():
    assert analyse([]) == []


def test_more_deals_than_dds_takes_at_once_go_in_several_calls(monkeypatch, analysed):
    from endplay import dds

    sizes = []
    real = dds.calc_all_tables

    def spy(deals):
        sizes.append(len(deals))
        return real(deals)

    monkeypatch.setattr("deals.analysis.BATCH", 2)
    monkeypatch.setattr(dds, "calc_all_tables", spy)
    found = analyse([(1, ONE_SUIT_EACH)] * 3)
    assert sizes == [2, 1]
    assert [item.tricks for item in found] == [ONE_SUIT_TABLE] * 3
