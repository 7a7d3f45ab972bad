"""scoring.teams: IMPs and board-a-match points between two rooms."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import board_a_match, score_deal, team_imps


def test_meckstroth_board():
    # Seed 000, 1981 Bermuda Bowl: one room +2210 (7♥ vulnerable, made), in the other the sacrifice
    # 7♠X not vulnerable down nine cost 1700: "el diferencial de 510 puntos resultó en un swing de
    # 11 IMP a favor de su equipo".  The team NS in room 1 scored +2210; in room 2 it sat EW, NS +1700.
    room1 = score_deal("7H", True, 13)
    room2 = -score_deal("7SX", False, 4, laws="1935")
    assert (room1, room2) == (2210, 1700)
    assert team_imps(room1, room2) == 11
    # Under the 1987 laws the same sacrifice costs 2300: the team would lose 90 points, 3 IMPs.
    assert team_imps(room1, -score_deal("7SX", False, 4)) == -3


@pytest.mark.parametrize(
    "room1, room2, imps",
    [
        (620, 620, 0),  # a flat board
        (620, -100, 12),  # 720: 600-740 -> 12 (seed 000's example)
        (-100, 620, -12),
        (420, 400, 1),  # 20 -> 1
        (-50, -100, 2),  # 50 -> 2
    ],
)
def test_team_imps(room1, room2, imps):
    assert team_imps(room1, room2) == imps


def test_team_imps_on_an_older_table():
    assert team_imps(1000, 0, table="1938") == 10  # 750-1490 -> 10 EMPs


@pytest.mark.parametrize(
    "room1, room2, points",
    [(420, 400, 2), (400, 400, 1), (-100, 420, 0), (-50, -100, 2)],  # seed 000: 2 won, 1 tied, 0 lost
)
def test_board_a_match(room1, room2, points):
    assert board_a_match(room1, room2) == points


@given(st.integers(-800, 800), st.integers(-800, 800))
def test_the_two_teams_share_the_board(a, b):
    assert board_a_match(10 * a, 10 * b) + board_a_match(10 * b, 10 * a) == 2
    assert team_imps(10 * a, 10 * b) == -team_imps(10 * b, 10 * a)


@pytest.mark.parametrize("bad", ["620", 620.0, None, True])
def test_bad_room_scores(bad):
    with pytest.raises(ValueError, match="a room's result is its NS score"):
        team_imps(bad, 100)
    with pytest.raises(ValueError, match="a room's result is its NS score"):
        board_a_match(100, bad)
