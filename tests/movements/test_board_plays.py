"""The plays of each board, as the scoring and the entry pages read them from a `Movement`."""

import pytest

from movement_generators.api import BoardPlay, howell, mitchell, no_movement


def test_the_schedule_lists_every_play_by_board_then_round_then_table():
    movement = mitchell(5, 2)
    assert len(movement.schedule) == 5 * 5 * 2  # five tables, five rounds, two boards each
    assert [(play.board, play.round) for play in movement.schedule[:6]] == [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (2, 1),
    ]
    assert movement.board_plays(3)[0] == BoardPlay(3, 1, 2, "2NS", "2EW")
    assert movement.board_plays(3) == tuple(play for play in movement.schedule if play.board == 3)
    assert movement.played_boards == tuple(range(1, 11)) and movement.has_schedule


def test_shifted_boards_start_at_the_first_board():
    movement = mitchell(5, 2)
    shifted = movement.shift_boards(20)
    assert shifted.boards == tuple(range(21, 31)) and shifted.board_sets[1] == (21, 22)
    assert shifted.board_plays(23) == tuple(
        BoardPlay(p.board + 20, p.round, p.table, p.ns, p.ew) for p in movement.board_plays(3)
    )
    assert shifted.board_plays(3) == () and movement.shift_boards(0) is movement


def test_an_arrow_switched_play_names_the_pairs_by_the_cards_they_hold():
    movement = mitchell(7, 2, arrow_switch_rounds=(7,))
    seated = movement.encounter(7, 3)
    assert (seated.ns, seated.ew) == ("3NS", "4EW")
    play = movement.plays_at(3, 7)[0]
    assert (play.ns, play.ew, play.arrow_switched) == ("4EW", "3NS", True)
    assert play.field_of("3NS") == seated.field_of("3NS") == "EW"
    assert movement.find_play(play.board, "4EW", "3NS") == play and movement.find_play(play.board, "3NS", "4EW") is None
    assert movement.fields == ("",)  # the switch mixes the directions: one field


def test_plays_at_a_table_and_how_often_a_board_is_played():
    movement = howell(4, 2, phantom=True)  # seven pairs: one table sits out each round
    assert sum(1 for table in range(1, 5) if movement.plays_at(table, 1)) == 3
    assert {movement.play_count(board) for board in movement.played_boards} == {3}
    assert movement.max_plays == 3 and movement.play_count(999) == 0
    assert [play.board for play in movement.plays_at(1, 1)] == sorted(play.board for play in movement.plays_at(1, 1))


def test_fields_follow_the_winners():
    assert mitchell(5, 2).fields == ("NS", "EW")
    assert howell(4, 2).fields == ("",)


@pytest.mark.parametrize("neuberg, entries, expected", [(False, 3, 5), (False, 6, 6), (True, 2, 5)])
def test_a_board_is_scored_against_its_plays(neuberg, entries, expected):
    movement = mitchell(5, 2)  # every board played five times
    assert movement.scored_against(3, entries, neuberg, most_played=9) == expected


@pytest.mark.parametrize(
    "neuberg, entries, most_played, expected", [(False, 3, 7, 3), (True, 3, 7, 7), (True, 8, 7, 8)]
)
def test_without_a_movement_a_board_is_scored_against_the_results(neuberg, entries, most_played, expected):
    assert no_movement(4, 3).scored_against(1, entries, neuberg, most_played) == expected


def test_no_movement_has_no_schedule():
    free = no_movement(4, 3)
    assert (free.kind, free.tables, free.rounds, free.winners, free.pairs) == ("none", 4, 3, 1, ())
    assert not free.has_schedule and free.schedule == () and free.played_boards == ()
    assert free.board_plays(1) == () and free.plays_at(1, 1) == () and free.find_play(1, "1NS", "1EW") is None
    assert free.max_plays == 0 and free.fields == ("",)
    assert free.table_grid() == tuple((table, (None, None, None)) for table in range(1, 5))


def test_the_table_grid_shows_each_table_round_by_round():
    movement = mitchell(3, 2, arrow_switch_rounds=(3,), phantom=True)  # EW 3 missing: table 3 sits out round 1
    grid = movement.table_grid()
    assert [table for table, _cells in grid] == [1, 2, 3] and all(len(cells) == 3 for _table, cells in grid)
    first = grid[0][1][0]
    assert (first.ns, first.ew, first.boards, first.board_range, first.arrow_switched) == (
        "1NS",
        "1EW",
        (1, 2),
        "1–2",
        False,
    )
    switched = grid[0][1][2]
    assert switched.arrow_switched and switched.ns.endswith("EW") and switched.ew == "1NS"
    assert [cells[0] for _table, cells in grid].count(None) == 1
    assert movement.shift_boards(4).table_grid()[0][1][0].board_range == "5–6"
