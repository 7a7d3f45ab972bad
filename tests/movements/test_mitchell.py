"""Mitchell movements: hand-pinned layouts, then properties over every size from 3 to 30 tables."""

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from movement_generators.api import check, mitchell
from movement_generators.checks import boards_played, meeting_counts

# ----- a 7-table Mitchell, written out by hand ---------------------------------------------------------------

# (table, NS, EW, boards) - NS stay, EW move up one table, boards move down one table.
SEVEN_TABLES_ROUND_1 = [
    (1, "1NS", "1EW", (1, 2)),
    (2, "2NS", "2EW", (3, 4)),
    (3, "3NS", "3EW", (5, 6)),
    (4, "4NS", "4EW", (7, 8)),
    (5, "5NS", "5EW", (9, 10)),
    (6, "6NS", "6EW", (11, 12)),
    (7, "7NS", "7EW", (13, 14)),
]
SEVEN_TABLES_ROUND_2 = [
    (1, "1NS", "7EW", (3, 4)),
    (2, "2NS", "1EW", (5, 6)),
    (3, "3NS", "2EW", (7, 8)),
    (4, "4NS", "3EW", (9, 10)),
    (5, "5NS", "4EW", (11, 12)),
    (6, "6NS", "5EW", (13, 14)),
    (7, "7NS", "6EW", (1, 2)),
]


@pytest.mark.parametrize("round, expected", [(1, SEVEN_TABLES_ROUND_1), (2, SEVEN_TABLES_ROUND_2)])
def test_seven_table_mitchell_first_rounds_table_by_table(round, expected):
    movement = mitchell(7, 2)
    actual = [(e.table, e.ns, e.ew, e.boards) for e in movement.round_encounters(round)]
    assert actual == expected


def test_seven_table_mitchell_shape():
    movement = mitchell(7, 2)
    assert (movement.tables, movement.rounds, movement.boards_per_round, movement.winners) == (7, 7, 2, 2)
    assert movement.kind == "mitchell"
    assert movement.board_sets[1] == (1, 2) and movement.board_sets[7] == (13, 14)
    assert movement.pairs[:2] == ("1NS", "2NS") and movement.pairs[7:9] == ("1EW", "2EW")
    assert len(movement.pairs) == 14
    assert movement.boards == tuple(range(1, 15))
    # The last round: EW 2 at table 1 playing set 7.
    assert movement.encounter(7, 1).ew == "2EW" and movement.encounter(7, 1).boards == (13, 14)


def test_seven_table_boards_go_down_one_table_and_ew_up_one():
    movement = mitchell(7, 3)
    assert movement.next_table_for_boards(3, 1) == 2
    assert movement.next_table_for_boards(1, 1) == 7
    assert movement.boards_next(1, 1).text == "Table 7"
    assert movement.next_table_for_boards(4, 7) is None  # last round: collect
    assert movement.boards_next(4, 7).text == "Collect (not played again)"
    guide = movement.pair_guide("3EW")
    assert [row.table for row in guide] == [3, 4, 5, 6, 7, 1, 2]
    assert all(row.direction == "EW" for row in guide)
    assert guide[0].next_table == 4 and guide[-1].next_table is None


# ----- even numbers of tables --------------------------------------------------------------------------------


def test_eight_table_skip_ew5_never_meets_ns1():
    movement = mitchell(8, 2, even="skip")
    assert movement.rounds == 7
    route = [row.table for row in movement.pair_guide("5EW")]
    # Up one table a round from table 5 to table 8 (rounds 1-4), then the skip: up two, to 2, 3, 4.
    assert route == [5, 6, 7, 8, 2, 3, 4]
    assert all(row.opponent != "1NS" for row in movement.pair_guide("5EW"))
    assert meeting_counts(movement)[frozenset({"5EW", "1NS"})] == 0


def test_eight_table_skip_each_ew_misses_exactly_the_ns_half_way_round():
    movement = mitchell(8, 2, even="skip")
    meetings = meeting_counts(movement)
    for ew in range(1, 9):
        missed = [ns for ns in range(1, 9) if meetings[frozenset({f"{ew}EW", f"{ns}NS"})] == 0]
        assert missed == [(ew + 4 - 1) % 8 + 1]


def test_eight_table_skip_pairs_miss_one_set_and_no_sharing():
    movement = mitchell(8, 2, even="skip")
    assert all(encounter.shared_with == () for encounter in movement.encounters)
    assert all(movement.relay_sets(round) == () for round in range(1, 8))
    for pair, boards in boards_played(movement).items():
        assert len(boards) == 14, pair  # 7 rounds x 2 boards of the 16, each once
        assert set(boards.values()) == {1}


def test_eight_table_relay_tables_1_and_8_share_and_bye_stand_holds_one_set():
    movement = mitchell(8, 2, even="relay")
    assert movement.rounds == 8 and len(movement.board_sets) == 8
    assert "share and relay" in movement.name
    # Round 1 laid out by hand: sets 1-4 on tables 1-4, set 5 on the bye stand, 6-8 on tables 5-7, table 8 shares 1.
    assert [movement.encounter(1, t).board_set for t in range(1, 9)] == [1, 2, 3, 4, 6, 7, 8, 1]
    assert movement.relay_sets(1) == (5,)
    for round in range(1, 9):
        shared = {e.table: e.shared_with for e in movement.round_encounters(round) if e.shared_with}
        assert shared == {1: (8,), 8: (1,)}
        assert movement.encounter(round, 1).boards == movement.encounter(round, 8).boards
        assert len(movement.relay_sets(round)) == 1
    for round in range(1, 8):
        # Table 5's boards go to the bye stand, the bye stand's to table 4.
        assert movement.relay_sets(round + 1) == (movement.encounter(round, 5).board_set,)
        assert movement.encounter(round + 1, 4).board_set == movement.relay_sets(round)[0]
    assert movement.boards_next(5, 1).via_relay and movement.boards_next(5, 1).tables == (4,)
    assert movement.boards_next(5, 1).round == 3
    assert movement.next_table_for_boards(5, 1) is None
    assert movement.boards_next(2, 1).tables == (1, 8)
    assert movement.boards_next(2, 1).text == "Tables 1 & 8"
    meetings = meeting_counts(movement)
    assert all(meetings[frozenset({f"{ns}NS", f"{ew}EW"})] == 1 for ns in range(1, 9) for ew in range(1, 9))


def test_relay_bye_stand_for_four_tables_sits_between_tables_2_and_3():
    movement = mitchell(4, 2, even="relay")
    assert [movement.encounter(1, t).board_set for t in range(1, 5)] == [1, 2, 4, 1]
    assert movement.relay_sets(1) == (3,)
    assert any("between tables 2 and 3" in note for note in movement.notes)


# ----- arrow switches, phantoms, shortened sessions ----------------------------------------------------------


def test_arrow_switch_flags_the_round_keeps_seats_and_makes_one_winner():
    movement = mitchell(7, 2, arrow_switch_rounds=(7,))
    assert movement.winners == 1
    assert movement.arrow_switch_rounds == (7,)
    last = movement.encounter(7, 3)
    assert last.arrow_switched and (last.ns, last.ew) == ("3NS", "4EW")  # EW 4 has moved up 6 tables
    assert last.field_of("3NS") == "EW" and last.field_of("4EW") == "NS"
    assert not movement.encounter(6, 3).arrow_switched
    row = movement.pair_round("3NS", 7)
    assert row.direction == "NS" and row.field == "EW" and row.arrow_switched
    assert "arrow switch in round 7" in movement.name


def test_phantom_default_is_the_last_tables_ew_pair():
    movement = mitchell(7, 2, phantom=True)
    assert movement.missing_pair == "7EW" and "7EW" not in movement.pairs and len(movement.pairs) == 13
    sit_outs = [e for e in movement.encounters if e.is_sit_out]
    assert len(sit_outs) == 7
    assert all(e.ew is None for e in sit_outs)
    # EW 7 would have been at table 7 in round 1, table 1 in round 2, ...: that NS pair sits out.
    assert [(e.round, e.table, e.sitting_out) for e in sit_outs[:3]] == [(1, 7, "7NS"), (2, 1, "1NS"), (3, 2, "2NS")]
    assert movement.pair_round("7NS", 1) is None
    guide_row = movement.pair_guide("7NS")[0]
    assert guide_row.sits_out and guide_row.table == 7 and guide_row.opponent is None and guide_row.boards == ()
    assert movement.pair_round("7NS", 2).opponent == "6EW"
    assert [p.table for p in movement.board_plays(13)] == [6, 5, 4, 3, 2, 1]  # set 7 is unplayed at table 7


def test_phantom_can_be_a_north_south_pair():
    movement = mitchell(8, 2, even="relay", phantom="8NS")
    assert movement.missing_pair == "8NS"
    assert [e.table for e in movement.encounters if e.is_sit_out] == [8] * 8
    assert check(movement) == []


def test_rounds_cut_the_session_short():
    movement = mitchell(9, 3, rounds=6)
    assert movement.rounds == 6 and max(e.round for e in movement.encounters) == 6
    assert len(movement.encounters) == 54
    assert "Shortened to 6 of the 9 rounds." in movement.notes


def test_first_board_offset():
    movement = mitchell(5, 3, first_board=21)
    assert movement.board_sets[1] == (21, 22, 23) and movement.boards[-1] == 35


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"tables": 2}, "tables must be a whole number of at least 3 (got 2)"),
        ({"tables": 7, "rounds": 8}, "a 7-table Mitchell has at most 7 rounds (asked for 8)"),
        ({"tables": 8, "rounds": 8}, "a 8-table Mitchell has at most 7 rounds (asked for 8)"),
        ({"tables": 8, "even": "hesitation"}, "even must be one of skip, relay (got 'hesitation')"),
        ({"tables": 7, "arrow_switch_rounds": (8,)}, "arrow switch round 8 is not a round of this movement (1 to 7)"),
        ({"tables": 7, "phantom": "9EW"}, "phantom must be True or one of the pairs 1NS..7EW (got '9EW')"),
        ({"tables": 7, "boards_per_round": 0}, "boards_per_round must be a whole number of at least 1 (got 0)"),
    ],
)
def test_invalid_arguments(kwargs, message):
    with pytest.raises(ValueError) as error:
        mitchell(**kwargs)
    assert str(error.value) == message


# ----- properties over every supported size ------------------------------------------------------------------

SIZES = [
    (tables, even, arrows, phantom)
    for tables in range(3, 31)
    for even in (("skip", "relay") if tables % 2 == 0 else ("skip",))
    for arrows in (False, True)
    for phantom in (False, True)
]


@pytest.mark.parametrize("tables, even, arrows, phantom", SIZES)
def test_every_mitchell_is_sound(tables, even, arrows, phantom):
    plain = mitchell(tables, 2, even=even)
    rounds = plain.rounds
    switches = (rounds,) if arrows else ()
    movement = mitchell(tables, 2, even=even, arrow_switch_rounds=switches, phantom=phantom)
    assert check(movement) == []
    # No pair plays a board twice.
    for pair, boards in boards_played(movement).items():
        assert max(boards.values(), default=0) <= 1, pair
    # Every NS pair meets each EW pair at most once, and NS never meets NS (nor EW EW).
    for meeting, count in meeting_counts(movement).items():
        assert count == 1
        assert sorted(label[-2:] for label in meeting) == ["EW", "NS"]
    # Each round: every table used once, every present pair exactly once.
    for round in range(1, rounds + 1):
        encounters = movement.round_encounters(round)
        assert [e.table for e in encounters] == list(range(1, tables + 1))
        present = [p for e in encounters for p in e.pairs]
        assert sorted(present) == sorted(movement.pairs)
    # Odd tables and relay: everybody meets everybody in the other line and plays every set.
    if tables % 2 == 1 or even == "relay":
        assert rounds == tables
        expected = tables * tables - (tables if phantom else 0)
        assert sum(meeting_counts(movement).values()) == expected
        if not phantom:
            for pair, boards in boards_played(movement).items():
                assert sorted(boards) == list(range(1, 2 * tables + 1)), pair
    else:
        assert rounds == tables - 1
    assert movement.winners == (1 if arrows else 2)
    assert all(e.arrow_switched == (e.round in switches) for e in movement.encounters)


@pytest.mark.parametrize("tables", range(3, 31))
def test_board_sets_are_played_equally_often(tables):
    for even in ("skip", "relay"):
        movement = mitchell(tables, 1, even=even)
        plays = Counter(board for e in movement.plays for board in e.boards)
        assert len(set(plays.values())) == 1, (even, plays)


@pytest.mark.parametrize("tables, even", [(t, e) for t in range(4, 31, 2) for e in ("skip", "relay")])
def test_round_one_sets_differ_except_the_relay_share(tables, even):
    movement = mitchell(tables, 1, even=even)
    for a, b in itertools.combinations(range(1, tables + 1), 2):
        assert movement.encounter(1, a).boards != movement.encounter(1, b).boards or {a, b} == {1, tables}


@st.composite
def mitchell_arguments(draw):
    tables = draw(st.integers(3, 30))
    even = draw(st.sampled_from(["skip", "relay"]))
    natural = tables if tables % 2 or even == "relay" else tables - 1
    rounds = draw(st.integers(1, natural))
    switches = draw(st.sets(st.integers(1, rounds), max_size=3))
    labels = [f"{t}{side}" for t in range(1, tables + 1) for side in ("NS", "EW")]
    phantom = draw(st.one_of(st.just(False), st.just(True), st.sampled_from(labels)))
    return tables, draw(st.integers(1, 4)), rounds, even, tuple(sorted(switches)), phantom


@settings(max_examples=150, deadline=None)
@given(mitchell_arguments())
def test_any_mitchell_with_any_options_is_sound(arguments):
    tables, boards_per_round, rounds, even, switches, phantom = arguments
    movement = mitchell(
        tables, boards_per_round, rounds=rounds, even=even, arrow_switch_rounds=switches, phantom=phantom
    )
    assert check(movement) == []
    assert movement.rounds == rounds and movement.arrow_switch_rounds == switches
    assert len(movement.encounters) == tables * rounds
    assert sum(1 for e in movement.encounters if e.is_sit_out) == (rounds if phantom else 0)
    assert max(meeting_counts(movement).values()) == 1
    assert all(len(e.boards) == boards_per_round for e in movement.encounters)
