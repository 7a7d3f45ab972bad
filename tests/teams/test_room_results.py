"""Reading what the director types for a room, and scoring a board from its two rooms."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

import scoring
from teams.room_results import RoomResult, read_room, room_warnings, score_rooms


@pytest.mark.parametrize(
    ("typed", "board", "expected"),
    [
        (("4S", "N", "10"), 1, RoomResult("4S", "N", 10, "", 420)),
        (("4s", "n", "="), 1, RoomResult("4S", "N", 10, "", 420)),
        (("3ntx", "W", "-2"), 4, RoomResult("3NTX", "W", 7, "", 500)),  # both vul: EW down 2 doubled, +500 to NS
        (("4H", "E", "+1"), 3, RoomResult("4H", "E", 11, "", -650)),  # EW vulnerable game with an overtrick
        (("PASS", "", ""), 1, RoomResult("PASS", "", None, "", 0)),
        (("ap", "", ""), 1, RoomResult("PASS", "", None, "", 0)),
        (("A+", "", ""), 1, RoomResult(adjusted="A6040")),
        (("a-", "", ""), 1, RoomResult(adjusted="A4060")),
    ],
)
def test_forgiving_input(typed, board, expected):
    assert read_room(board, *typed) == expected


@pytest.mark.parametrize(
    ("typed", "field"),
    [
        (("8S", "N", "10"), "contract"),
        (("4S", "X", "10"), "declarer"),
        (("4S", "N", ""), "tricks"),
        (("4S", "N", "14"), "tricks"),
        (("4S", "N", "+4"), "tricks"),
        (("", "N", "10"), "contract"),
        (("A7030", "", ""), "contract"),  # no IMP award for 70 %
    ],
)
def test_bad_input_names_the_field(typed, field):
    with pytest.raises(ValidationError) as error:
        read_room(1, *typed)
    assert field in error.value.message_dict


def test_played_board_uses_team_imps_and_board_a_match():
    score = score_rooms(620, -100)
    assert (score.home_imps, score.away_imps) == (scoring.team_imps(620, -100), 0) == (12, 0)
    assert (score.home_points, score.away_points) == (2, 0)
    assert score_rooms(-100, 620).swing == -12
    tie = score_rooms(420, 420)
    assert (tie.home_imps, tie.away_imps, tie.home_points, tie.away_points) == (0, 0, 1, 1)
    assert score_rooms(420, 430).home_points == 0  # board-a-match: 10 points lose the board


def test_one_room_missing_is_not_scored():
    assert score_rooms(420, None) is None
    assert score_rooms(None, None) is None


def test_adjusted_scores_are_three_imps():
    plus = scoring.parse_entry("A+")
    # Average plus to the home team's NS in room 1: +3 to home, -3 to away: 3-0 on the card.
    score = score_rooms(plus, 420)
    assert (score.home_imps, score.away_imps, score.adjusted) == (3, 0, True)
    assert (score.home_points, score.away_points) == (Decimal("1.2"), Decimal("0.8"))
    # Average plus to NS in room 2 is the away team's: 0-3.
    assert (score_rooms(None, plus).home_imps, score_rooms(None, plus).away_imps) == (0, 3)
    # Both teams average minus (A4040): -3 each, shown as such.
    both_minus = scoring.parse_entry("A4040")
    assert (score_rooms(both_minus, None).home_imps, score_rooms(both_minus, None).away_imps) == (-3, -3)


def test_warnings():
    assert room_warnings(RoomResult("PASS", ns_score=0), None, None) == ["Passed out in a room."]
    big = score_rooms(1430, -100)
    assert "check both rooms" in room_warnings(None, None, big)[0]
