"""check() finds each kind of fault; balance() measures comparisons; the Movement queries answer correctly."""

import pytest

from movement_generators.api import Encounter, Movement, check, howell, mitchell
from movement_generators.checks import balance


def movement_of(*rows, winners=1, name="test"):
    """rows: (round, table, ns, ew, boards[, shared_with])."""
    encounters = []
    for row in rows:
        round, table, ns, ew, boards = row[:5]
        shared = row[5] if len(row) > 5 else ()
        encounters.append(Encounter(round, table, ns, ew, tuple(boards), shared_with=tuple(shared)))
    pairs = sorted({p for e in encounters for p in e.pairs})
    return Movement(
        kind="custom",
        name=name,
        tables=max(e.table for e in encounters),
        rounds=max(e.round for e in encounters),
        boards_per_round=None,
        board_sets={},
        winners=winners,
        pairs=tuple(pairs),
        encounters=tuple(encounters),
    )


def messages(movement):
    return [(v.code, v.message) for v in check(movement)]


# ----- each fault on its own ---------------------------------------------------------------------------------


def test_a_sound_two_table_movement_has_no_violations():
    movement = movement_of(
        (1, 1, "4", "1", (1, 2)), (1, 2, "3", "2", (3, 4)), (2, 1, "1", "3", (5, 6)), (2, 2, "2", "4", (7, 8))
    )
    assert check(movement) == []


def test_pair_against_itself():
    movement = movement_of((1, 1, "3", "3", (1,)), (1, 2, "1", "2", (2,)))
    assert messages(movement) == [("pair_against_itself", "round 1, table 1: pair 3 plays against itself")]


def test_pair_in_two_places_in_one_round():
    movement = movement_of((1, 1, "1", "2", (1,)), (1, 2, "3", "1", (2,)))
    assert messages(movement) == [
        ("pair_in_two_places", "round 1, table 2: pair 1 is already playing in round 1 at table 1")
    ]


def test_table_used_twice_in_one_round():
    movement = movement_of((1, 1, "1", "2", (1,)), (1, 1, "3", "4", (2,)))
    assert messages(movement) == [("table_used_twice", "round 1, table 1: table 1 appears twice in round 1")]


def test_pair_plays_a_board_twice():
    movement = movement_of((1, 1, "1", "2", (1, 2)), (2, 1, "1", "3", (2, 3)), (2, 2, "2", "4", (4,)))
    assert messages(movement) == [
        ("board_played_twice", "round 2, table 1: pair 1 plays board 2 again (already played in round 1 at table 1)")
    ]
    movement = movement_of((1, 1, "1", "2", (1, 2, 3)), (2, 1, "1", "3", (1, 2, 3)), (2, 2, "2", "4", (4,)))
    assert messages(movement) == [
        ("board_played_twice", "round 2, table 1: pair 1 plays boards 1-3 again (already played in round 1 at table 1)")
    ]


def test_two_pairs_meet_twice():
    movement = movement_of((1, 1, "1", "2", (1,)), (2, 3, "2", "1", (2,)))
    assert messages(movement) == [
        ("pairs_meet_again", "round 2, table 3: pairs 2 and 1 meet again (they already met in round 1 at table 1)")
    ]


def test_board_at_two_tables_unless_declared_shared():
    undeclared = movement_of((1, 1, "1", "2", (1, 2)), (1, 2, "3", "4", (2, 3)))
    assert messages(undeclared) == [
        (
            "board_at_two_tables",
            "round 1, table 2: board 2 is also at table 1 in round 1 and the tables do not share boards",
        )
    ]
    undeclared = movement_of((1, 1, "1", "2", (1, 2)), (1, 2, "3", "4", (1, 2)))
    assert messages(undeclared) == [
        (
            "board_at_two_tables",
            "round 1, table 2: boards 1-2 are also at table 1 in round 1 and the tables do not share boards",
        )
    ]
    declared = movement_of((1, 1, "1", "2", (1, 2), (2,)), (1, 2, "3", "4", (1, 2), (1,)))
    assert check(declared) == []
    one_sided = movement_of((1, 1, "1", "2", (1, 2), (2,)), (1, 2, "3", "4", (1, 2)))
    assert [v.code for v in check(one_sided)] == ["board_at_two_tables"]


def test_a_sit_out_table_does_not_play_its_boards():
    # Table 2 holds board 2 while table 1 plays it: no fault, nobody plays it at table 2 (pair 2's opponent is
    # missing).
    movement = movement_of(
        (1, 1, "1", "3", (2,)), (1, 2, "2", None, (2,)), (2, 1, "2", "1", (1,)), (2, 2, "3", None, (3,))
    )
    assert check(movement) == []
    # Pair 2 sat out with board 2 on its table: it may still play board 2 later.
    movement = movement_of(
        (1, 1, "1", "3", (1,)), (1, 2, "2", None, (2,)), (1, 3, "4", None, (3,)), (2, 1, "2", "4", (2,))
    )
    assert check(movement) == []


def test_empty_table_and_missing_boards():
    movement = movement_of((1, 1, None, None, (1,)), (1, 2, "1", "2", ()))
    assert messages(movement) == [
        ("empty_table", "round 1, table 1: no pair at the table"),
        ("no_boards", "round 1, table 2: no boards to play"),
    ]


def test_every_fault_is_reported_not_just_the_first():
    movement = movement_of(
        (1, 1, "1", "2", (1, 2)),
        (1, 2, "1", "3", (3, 4)),
        (2, 1, "2", "1", (1,)),
    )
    assert [v.code for v in check(movement)] == [
        "pair_in_two_places",
        "pairs_meet_again",
        "board_played_twice",
        "board_played_twice",
    ]


# ----- balance -------------------------------------------------------------------------------------------------


def test_balance_of_a_two_winner_mitchell_compares_each_line_within_itself():
    report = balance(mitchell(5, 2))
    assert report.groups == (("1NS", "2NS", "3NS", "4NS", "5NS"), ("1EW", "2EW", "3EW", "4EW", "5EW"))
    # Every NS pair plays all 10 boards in the NS field: compared with every other NS pair on all of them.
    assert report.compared["1NS"]["2NS"] == 10 and report.compared["1NS"]["3EW"] == 0
    assert (report.minimum, report.maximum, report.spread) == (10, 10, 0)
    # 1NS and 3EW: 3EW meets 1NS once (2 boards, no comparison), the other 8 boards in the opposite field.
    assert report.opposed["1NS"]["3EW"] == 8


def test_balance_shows_what_an_arrow_switch_does():
    movement = mitchell(7, 2, arrow_switch_rounds=(7,))
    report = balance(movement)
    assert len(report.groups) == 1 and set(report.groups[0]) == set(movement.pairs)  # one winner: one ranking
    # 1NS plays set r in round r, 2NS set r+1: both North-South on sets 2-6 (10 boards); set 1 and set 7 they
    # play in opposite fields because one of them plays it in the arrow-switched round.
    assert report.compared["1NS"]["2NS"] == 10
    # 1EW plays set 6 arrow-switched (the NS field) and set 7 in round 4 (EW field, like 1NS in round 7).
    assert report.compared["1NS"]["1EW"] == 4
    # 2EW is always in the other field from 1NS, except in round 7 when they face each other: never compared.
    assert report.compared["1NS"]["2EW"] == 0
    assert (report.minimum, report.maximum) == (0, 10)
    assert report.pair_range("1NS") == (0, 10)


def test_balance_of_mckinnons_four_table_howell_is_perfect():
    report = balance(howell(4, 1))
    assert report.distribution() == {3: 56}
    assert report.spread == 0
    assert "compared on 3 to 3 boards" in report.text()
    assert report.text().splitlines()[1].split()[0] == "1"


def test_balance_of_a_five_table_howell_is_uneven_but_close():
    report = balance(howell(5, 1))
    assert report.distribution() == {3: 36, 4: 18, 5: 36}
    low, high = report.pair_range("10")
    assert (low, high) == (4, 4)  # the stationary pair sits NS with 4 of the 9 others on every set


# ----- queries -----------------------------------------------------------------------------------------------


def test_pair_round_reports_table_direction_opponent_and_boards():
    movement = howell(4, 2)
    row = movement.pair_round("5", 1)
    assert (row.table, row.direction, row.opponent, row.boards, row.board_set) == (2, "EW", "6", (3, 4), 2)
    assert (row.next_table, row.next_direction) == (3, "NS")
    assert movement.pair_round("5", 2).table == 3
    with pytest.raises(KeyError):
        movement.pair_round("9", 1)


def test_table_rounds_and_table_card():
    movement = mitchell(5, 2)
    rounds = movement.table_rounds(2)
    assert [(e.round, e.ns, e.ew, e.boards) for e in rounds[:2]] == [
        (1, "2NS", "2EW", (3, 4)),
        (2, "2NS", "1EW", (5, 6)),
    ]
    card = movement.table_card(2)
    assert [row.boards_next.text for row in card] == [
        "Table 1",
        "Table 1",
        "Table 1",
        "Table 1",
        "Collect (not played again)",
    ]
    assert card[0].boards_text == "3-4"


def test_board_plays_lists_who_plays_a_board_and_when():
    movement = mitchell(5, 2)
    plays = movement.board_plays(3)
    assert [(p.round, p.table, p.ns, p.ew) for p in plays] == [
        (1, 2, "2NS", "2EW"),
        (2, 1, "1NS", "5EW"),
        (3, 5, "5NS", "3EW"),
        (4, 4, "4NS", "1EW"),
        (5, 3, "3NS", "4EW"),
    ]
    assert movement.board_plays(99) == ()


def test_grid_is_rounds_by_tables():
    movement = howell(3)
    grid = movement.grid()
    assert len(grid) == 5 and all(len(row) == 3 for row in grid)
    assert grid[1][2] is movement.encounter(2, 3)


def test_movement_is_immutable_and_comparable():
    first, second = mitchell(5, 2), mitchell(5, 2)
    assert first == second and hash(first) == hash(second)
    assert first != mitchell(5, 3)
    with pytest.raises(AttributeError):
        first.rounds = 3
    with pytest.raises(TypeError):
        first.board_sets[1] = (99,)
