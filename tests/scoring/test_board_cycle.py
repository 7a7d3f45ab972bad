"""scoring.boards: dealer and vulnerability of any board number."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import board_dealer, board_vulnerability, seat_vulnerable

# Seed 000 / 003, sixteen-board table: "Tablero, Distribuidor, Vulnerabilidad" (V = Vest = W).
SEED_BOARDS = [
    (1, "N", "None"),
    (2, "E", "NS"),
    (3, "S", "EW"),
    (4, "W", "Both"),
    (5, "N", "NS"),
    (6, "E", "EW"),
    (7, "S", "Both"),
    (8, "W", "None"),
    (9, "N", "EW"),
    (10, "E", "Both"),
    (11, "S", "None"),
    (12, "W", "NS"),
    (13, "N", "Both"),
    (14, "E", "None"),
    (15, "S", "NS"),
    (16, "W", "EW"),
]


@pytest.mark.parametrize("board, dealer, vulnerability", SEED_BOARDS)
def test_seed_sixteen_boards(board, dealer, vulnerability):
    assert board_dealer(board) == dealer
    assert board_vulnerability(board) == vulnerability


@pytest.mark.parametrize("board, dealer, vulnerability", SEED_BOARDS)
def test_cycle_repeats_after_sixteen(board, dealer, vulnerability):
    # Boards 17-32, 33-48 ... repeat the cycle ("habiendo dieciséis combinaciones posibles").
    for lap in (1, 2, 10):
        assert board_dealer(board + 16 * lap) == dealer
        assert board_vulnerability(board + 16 * lap) == vulnerability


@given(st.integers(1, 10_000))
def test_dealer_rotates_clockwise(board):
    order = "NESW"
    assert order.index(board_dealer(board + 1)) == (order.index(board_dealer(board)) + 1) % 4


def test_each_vulnerability_four_times_in_sixteen_boards():
    counts = [board_vulnerability(n) for n in range(1, 17)]
    assert {v: counts.count(v) for v in set(counts)} == {"None": 4, "NS": 4, "EW": 4, "Both": 4}


@pytest.mark.parametrize("bad", [0, -1, True, "1", 1.0])
def test_bad_board_numbers(bad):
    with pytest.raises(ValueError, match="board numbers are whole numbers starting at 1"):
        board_dealer(bad)
    with pytest.raises(ValueError, match="board numbers are whole numbers starting at 1"):
        board_vulnerability(bad)


@pytest.mark.parametrize(
    "vulnerability, vulnerable_seats",
    [("None", ""), ("NS", "NS"), ("EW", "EW"), ("Both", "NESW")],
)
def test_seat_vulnerable(vulnerability, vulnerable_seats):
    for seat in "NESW":
        assert seat_vulnerable(vulnerability, seat) is (seat in vulnerable_seats)
