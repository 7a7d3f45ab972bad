"""Howell movements: the published small layouts pinned by hand, then completeness over every supported size."""

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from movement_generators.api import HOWELL_TABLES, check, howell
from movement_generators.checks import balance, boards_played, meeting_counts
from movement_generators.howell_tables import LAYOUTS


def layout(movement, round):
    return [(e.table, e.ns, e.ew, e.board_set) for e in movement.round_encounters(round)]


# ----- pinned layouts -----------------------------------------------------------------------------------------


def test_three_table_howell_first_rounds():
    movement = howell(3, 3)
    assert (movement.tables, movement.rounds, len(movement.board_sets), movement.winners) == (3, 5, 5, 1)
    # Pair 6 stationary North-South at table 1; every other pair takes the seat of the pair numbered one below.
    assert layout(movement, 1) == [(1, "6", "1", 1), (2, "4", "3", 2), (3, "2", "5", 4)]
    assert layout(movement, 2) == [(1, "6", "2", 2), (2, "5", "4", 3), (3, "3", "1", 4)]
    assert layout(movement, 3) == [(1, "6", "3", 3), (2, "1", "5", 2), (3, "4", "2", 1)]
    assert movement.encounter(1, 1).boards == (1, 2, 3)
    assert movement.relay_sets(1) == (3, 5)


def test_three_table_howell_all_tables_share_the_last_set_and_nothing_else():
    movement = howell(3, 2)
    last = movement.round_encounters(5)
    assert {e.board_set for e in last} == {5}
    assert [e.shared_with for e in last] == [(2, 3), (1, 3), (1, 2)]
    assert all(e.shared_with == () for e in movement.encounters if e.round < 5)
    assert all(len({e.board_set for e in movement.round_encounters(r)}) == 3 for r in range(1, 5))
    # Set 5 waits on the relay for four rounds; the sets of round 4 are not played again.
    assert all(5 in movement.relay_sets(r) for r in range(1, 5))
    assert all(movement.boards_next(t, 4).round is None for t in (1, 2, 3))
    assert any("round 5" in note for note in movement.notes)


def test_two_table_howell_is_the_acbl_standard_with_shared_boards():
    movement = howell(2, 9)
    assert layout(movement, 1) == [(1, "4", "1", 1), (2, "3", "2", 1)]
    assert layout(movement, 2) == [(1, "4", "2", 2), (2, "1", "3", 2)]
    assert layout(movement, 3) == [(1, "4", "3", 3), (2, "2", "1", 3)]
    assert all(e.shared_with for e in movement.encounters)
    assert movement.boards == tuple(range(1, 28))
    assert "The tables share boards every round." in movement.notes


def test_four_table_howell_is_mckinnons_layout():
    movement = howell(4, 4)
    # "8-1 6-5 4-2 R 7-3 2R": tables 1-4, a relay between tables 3 and 4, two between table 4 and table 1.
    assert layout(movement, 1) == [(1, "8", "1", 1), (2, "6", "5", 2), (3, "4", "2", 3), (4, "7", "3", 5)]
    assert layout(movement, 2) == [(1, "8", "2", 2), (2, "7", "6", 3), (3, "5", "3", 4), (4, "1", "4", 6)]
    assert movement.relay_sets(1) == (4, 6, 7)
    # Board set 1 is played by 8-1, 2-7, 3-6, 5-4: McKinnon's base skeleton (a).
    plays = {(p.ns, p.ew) for p in movement.board_plays(1)}
    assert plays == {("8", "1"), ("2", "7"), ("3", "6"), ("5", "4")}
    assert movement.next_table_for_boards(2, 1) == 1
    assert movement.boards_next(1, 1).text == "Relay, then table 4 in round 4"
    assert movement.boards_next(4, 1).text == "Relay, then table 3 in round 3"


def test_stationary_pair_and_moving_pairs_follow_the_pair_below():
    for tables in HOWELL_TABLES:
        movement = howell(tables)
        stationary = str(2 * tables)
        tables_of_stationary = {row.table for row in movement.pair_guide(stationary)}
        assert len(tables_of_stationary) == 1
        assert {row.direction for row in movement.pair_guide(stationary)} == {"NS"}
        for round in range(1, movement.rounds):
            for pair in range(1, 2 * tables):
                follower = pair % (2 * tables - 1) + 1
                now = movement.pair_round(str(pair), round)
                then = movement.pair_round(str(follower), round + 1)
                assert (now.table, now.direction) == (then.table, then.direction)


# ----- completeness over every size --------------------------------------------------------------------------


def test_supported_sizes_are_two_to_ten_tables():
    assert HOWELL_TABLES == tuple(range(2, 11))


@pytest.mark.parametrize("tables", HOWELL_TABLES)
def test_complete_howell_every_pair_meets_every_other_once_and_plays_every_board_once(tables):
    movement = howell(tables, 2)
    assert check(movement) == []
    pairs = [str(p) for p in range(1, 2 * tables + 1)]
    assert movement.pairs == tuple(pairs)
    assert movement.rounds == 2 * tables - 1
    meetings = meeting_counts(movement)
    assert len(meetings) == len(pairs) * (len(pairs) - 1) // 2
    assert all(meetings[frozenset(two)] == 1 for two in itertools.combinations(pairs, 2))
    every_board = list(movement.boards)
    assert every_board == list(range(1, 2 * (2 * tables - 1) + 1))
    for pair, boards in boards_played(movement).items():
        assert sorted(boards.elements()) == every_board, pair
    # Every set is played by all the tables, once each: equally often.
    set_plays = Counter(e.board_set for e in movement.plays)
    assert set(set_plays.values()) == {tables}


@pytest.mark.parametrize("tables", HOWELL_TABLES)
def test_boards_are_shared_only_where_unavoidable(tables):
    movement = howell(tables)
    shared = [e for e in movement.encounters if e.shared_with]
    if tables == 2:
        assert len(shared) == 6
    elif tables == 3:
        assert {e.round for e in shared} == {5}
    else:
        assert shared == []


@pytest.mark.parametrize("tables", HOWELL_TABLES)
def test_each_moving_pair_plays_north_south_about_half_the_time(tables):
    movement = howell(tables)
    for pair in movement.pairs[:-1]:
        north_south = sum(1 for row in movement.pair_guide(pair) if row.direction == "NS")
        assert abs(2 * north_south - movement.rounds) == 1, pair


@pytest.mark.parametrize(
    "tables, low, high",
    [(2, 1, 1), (3, 1, 3), (4, 3, 3), (5, 3, 5), (6, 5, 5), (7, 5, 7), (8, 7, 7), (9, 7, 9), (10, 9, 9)],
)
def test_balance_every_two_pairs_compared_on_about_tables_minus_one_sets(tables, low, high):
    report = balance(howell(tables, 1))
    assert (report.minimum, report.maximum) == (low, high)
    assert report.ideal == pytest.approx(tables - 1)


def test_layouts_table_matches_the_generator():
    for tables, entry in LAYOUTS.items():
        assert entry.tables == tables and len(entry.start) == tables
        seated = sorted(p for seats in entry.start for p in seats)
        assert seated == list(range(1, 2 * tables + 1))
        assert entry.source


# ----- phantom, shortened, errors ----------------------------------------------------------------------------


def test_phantom_makes_the_stationary_pair_missing_so_the_sit_out_stays_at_one_table():
    movement = howell(5, 3, phantom=True)
    assert movement.missing_pair == "10" and len(movement.pairs) == 9
    sit_outs = [e for e in movement.encounters if e.is_sit_out]
    assert len(sit_outs) == 9 and {e.table for e in sit_outs} == {LAYOUTS[5].stationary_table}
    assert sorted(e.sitting_out for e in sit_outs) == [str(p) for p in range(1, 10)]
    assert check(movement) == []
    assert movement.pair_round("1", 1) is None and movement.pair_guide("1")[0].sits_out


def test_phantom_can_be_another_pair():
    movement = howell(4, phantom="3")
    sit_outs = [e for e in movement.encounters if e.is_sit_out]
    assert len(sit_outs) == 7 and len({e.table for e in sit_outs}) > 1
    assert check(movement) == []


def test_shortened_howell():
    movement = howell(7, 2, rounds=10)
    assert movement.rounds == 10 and movement.name == "7-table Howell (10 of 13 rounds)"
    assert check(movement) == []
    assert max(meeting_counts(movement).values()) == 1


@pytest.mark.parametrize(
    "args, kwargs, message",
    [
        ((1,), {}, "no complete Howell for 1 tables (supported: 2 to 10)"),
        ((12,), {}, "no complete Howell for 12 tables (supported: 2 to 10)"),
        ((4,), {"rounds": 8}, "a 4-table Howell has at most 7 rounds (asked for 8)"),
        ((4,), {"phantom": "9"}, "phantom must be True or one of the pairs 1..8 (got '9')"),
        ((4, 0), {}, "boards_per_round must be a whole number of at least 1 (got 0)"),
    ],
)
def test_invalid_arguments(args, kwargs, message):
    with pytest.raises(ValueError) as error:
        howell(*args, **kwargs)
    assert str(error.value) == message


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_any_shortened_howell_with_any_missing_pair_is_sound(data):
    tables = data.draw(st.sampled_from(HOWELL_TABLES))
    rounds = data.draw(st.integers(1, 2 * tables - 1))
    phantom = data.draw(st.one_of(st.just(False), st.just(True), st.integers(1, 2 * tables).map(str)))
    movement = howell(tables, data.draw(st.integers(1, 4)), rounds=rounds, phantom=phantom)
    assert check(movement) == []
    assert len(movement.encounters) == tables * rounds
    assert sum(1 for e in movement.encounters if e.is_sit_out) == (rounds if phantom else 0)
    assert max(meeting_counts(movement).values()) == 1
