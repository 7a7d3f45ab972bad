"""scoring.imps: the IMP tables of each year, Butler datum, cross-IMPs."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import IMP_TABLES, butler_datum, butler_imps, cross_imps, imps

# The tables exactly as the seeds print them, (from, to, IMPs), to = None for "o más".
SEED_TABLES = {
    # Seed 000 "Mesa EMP original 1938" (starts at 10: below that, 0).
    "1938": [
        (10, 30, 1), (40, 60, 2), (70, 100, 3), (110, 180, 4), (190, 290, 5), (300, 390, 6),
        (400, 490, 7), (500, 590, 8), (600, 740, 9), (750, 1490, 10), (1500, 1990, 11), (2000, None, 12),
    ],
    # Seed 000 "Cuadro IMP revisado 1948".  The seed prints 20-40 = 1 and then 70-130 = 2, so 50 and
    # 60 fall in no band; 20-60 is the reading that fills the gap with the table's growing band widths.
    "1948": [
        (0, 10, 0), (20, 60, 1), (70, 130, 2), (140, 210, 3), (220, 340, 4), (350, 490, 5),
        (500, 740, 6), (750, 990, 7), (1000, 1240, 8), (1250, 1490, 9), (1500, 1990, 10),
        (2000, 2490, 11), (2500, 2990, 12), (3000, 3490, 13), (3500, 3990, 14), (4000, None, 15),
    ],
    # Seed 000 "Cuadro IMP revisado de 1961".
    "1961": [
        (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
        (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 690, 12),
        (700, 790, 13), (800, 890, 14), (900, 1040, 15), (1050, 1190, 16), (1200, 1340, 17),
        (1350, 1490, 18), (1500, 1740, 19), (1750, 1990, 20), (2000, 2240, 21), (2250, 2490, 22),
        (2500, 2990, 23), (3000, 3490, 24), (3500, None, 25),
    ],
    # Seeds 001 and 003 and seed 000's first "Tabla IMP".  Seed 000's "revisado a partir del 1 de
    # septiembre de 1962" prints 750-990 = 13, which overlaps 900-1090 = 14: 750-890 is right.
    "1962": [
        (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
        (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
        (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
        (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
        (3500, 3990, 23), (4000, None, 24),
    ],
}  # fmt: skip

ALL_BANDS = [(table, low, high, imp) for table, bands in SEED_TABLES.items() for low, high, imp in bands]


@pytest.mark.parametrize("table, low, high, imp", ALL_BANDS)
def test_every_band_at_both_ends(table, low, high, imp):
    assert imps(low, table) == imp
    assert imps(-low, table) == -imp
    top = high if high is not None else 10_000
    assert imps(top, table) == imp
    assert imps(-top, table) == -imp


@pytest.mark.parametrize("table", sorted(SEED_TABLES))
def test_library_tables_match_the_seeds(table):
    assert [tuple(band) for band in IMP_TABLES[table]] == SEED_TABLES[table]


@pytest.mark.parametrize("table", sorted(IMP_TABLES))
def test_bands_are_contiguous(table):
    # Differences are multiples of 10: each band must start 10 above the previous one's end,
    # and IMPs go up by one per band.
    bands = IMP_TABLES[table]
    assert bands[0][0] in (0, 10)
    for (_, high, imp), (next_low, _, next_imp) in zip(bands, bands[1:], strict=False):
        assert next_low == high + 10
        assert next_imp == imp + 1
    assert bands[-1][1] is None


def test_1962_misprint_750_990():
    # Seed 000's 1962 table says "750 990 13"; seeds 001 and 003 say 750-890 and 900-1090 = 14.
    assert imps(890) == 13
    assert imps(900) == 14
    assert imps(990) == 14


def test_1948_gap_50_60():
    # Seed 000's 1948 table jumps from "20 40 1" to "70 130 2": 50 and 60 are 1 IMP.
    assert imps(50, "1948") == 1
    assert imps(60, "1948") == 1
    assert imps(70, "1948") == 2


def test_below_the_first_band_of_1938_is_zero():
    assert imps(0, "1938") == 0
    assert imps(-0, "1938") == 0


def test_meckstroth_swing_is_11_imps():
    # Seed 000: 2210 against 1700, "el diferencial de 510 puntos resultó en un swing de 11 IMP".
    assert imps(2210 - 1700) == 11


def test_unknown_table_and_bad_difference():
    with pytest.raises(ValueError, match="IMP table must be one of 1938, 1948, 1961, 1962"):
        imps(100, "1970")
    with pytest.raises(ValueError, match="a points difference must be a number"):
        imps("100")


# Seed 000 and seed 003, cross-IMP example: +620 against -100, -100, -300, +650.
CROSS_BOARD = [620, -100, -100, -300, 650]


def test_cross_imp_example_differences_and_imps():
    # "Diferencia de puntos 720 720 920 -30 / IMP ganados 12 12 14 -1".
    differences = [620 - other for other in CROSS_BOARD[1:]]
    assert differences == [720, 720, 920, -30]
    assert [imps(d) for d in differences] == [12, 12, 14, -1]


def test_cross_imp_example_total_and_average():
    # Seed 000: total 37, average 37 / 4 = 9.25.  Seed 003 says 36 and 9, but 12 + 12 + 14 - 1 = 37.
    assert cross_imps(CROSS_BOARD, average=False)[0] == (37, -37)
    assert cross_imps(CROSS_BOARD)[0] == (9.25, -9.25)


def test_cross_imps_whole_board():
    # +650 against 620, -100, -100, -300: 30 -> 1, 750 -> 13, 750 -> 13, 950 -> 14: total 41.
    assert cross_imps(CROSS_BOARD, average=False)[4] == (41, -41)
    # -300 against the rest: -920 -> -14, -200 -> -5, -200 -> -5, -950 -> -14: total -38.
    assert cross_imps(CROSS_BOARD, average=False)[3] == (-38, 38)


def test_cross_imps_with_adjusted_entries():
    # Adjusted entries are not compared; they get the fixed award per comparison.
    result = cross_imps([620, "A6040", 650, "A4040"])
    assert result[0] == (-1, 1)  # only compared with 650: -30 -> -1 IMP
    assert result[1] == (3, -3)
    assert result[3] == (-3, -3)
    totals = cross_imps([620, "A6040", 650, "A4040"], average=False)
    assert totals[1] == (9, -9)  # 3 per comparison x 3 comparisons on a complete 4-result board


@pytest.mark.parametrize(
    "scores, discard, datum",
    [
        (CROSS_BOARD, None, 140),  # 5 scores: drop 650 and -300; mean(620, -100, -100) = 140
        (CROSS_BOARD, 0, 150),  # all five: 770 / 5 = 154 -> 150
        ([400, 430], None, 420),  # fewer than 4: nothing discarded; 415 rounds away from zero to 420
        ([-400, -430], None, -420),  # -415 -> -420
        ([400, 410, 420, 430], None, 420),  # 4 scores: drop one each way; mean(410, 420) = 415 -> 420
        ([100, 100, 110], None, 100),  # 103.3 -> 100
        ([620, 620, 620, 100, -100, -200], 2, 360),  # k = 2: mean(100, 620) = 360
        ([620, "A6040", -100, "A4040"], None, 260),  # adjusted entries take no part: mean(620, -100)
        ([-5, -10], None, -10),  # -7.5 -> -10
    ],
)
def test_butler_datum(scores, discard, datum):
    assert butler_datum(scores, discard) == datum


def test_butler_imps_against_the_datum():
    # Datum 140 (above): 620 - 140 = 480 -> 10; -100 - 140 = -240 -> -6; -300 -> -440 -> -10; 650 -> 510 -> 11.
    assert butler_imps(CROSS_BOARD) == [(10, -10), (-6, 6), (-6, 6), (-10, 10), (11, -11)]


def test_butler_imps_adjusted_awards():
    # Issue 3 defaults: A6040 -> +3/-3, A5050 -> 0/0, A4040 -> -3/-3.
    result = butler_imps(["A6040", "A5050", "A4040", "A-", 420, 400])
    assert result[:4] == [(3, -3), (0, 0), (-3, -3), (-3, 3)]
    assert butler_imps(["A6040", 420], adjusted_imps={60: 2, 40: -2})[0] == (2, -2)
    with pytest.raises(ValueError, match="no IMP award is set for an adjusted score of 55 %"):
        butler_imps(["A5545", 420])


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: butler_datum([]), "no played results on this board"),
        (lambda: butler_datum(["A6040"]), "no played results on this board"),
        (lambda: butler_datum([1, 2, 3, 4], discard=2), "cannot discard 2 top and 2 bottom scores from 4 results"),
        (lambda: butler_datum([1, 2, 3], discard=-1), "must be 0 or more"),
    ],
)
def test_bad_datum_input(call, message):
    with pytest.raises(ValueError, match=message):
        call()


differences = st.integers(-800, 800).map(lambda x: 10 * x)
tables = st.sampled_from(sorted(IMP_TABLES))


@given(differences, tables)
def test_imps_are_antisymmetric(difference, table):
    assert imps(-difference, table) == -imps(difference, table)


@given(differences, differences, tables)
def test_imps_never_decrease(a, b, table):
    low, high = sorted((a, b))
    assert imps(low, table) <= imps(high, table)


@given(st.lists(st.integers(-300, 300).map(lambda x: 10 * x), min_size=2, max_size=20))
def test_cross_imp_totals_cancel_out(scores):
    assert sum(ns for ns, _ in cross_imps(scores, average=False)) == 0
    for ns, ew in cross_imps(scores):
        assert ns == -ew
