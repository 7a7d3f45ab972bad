"""Custom movements: CSV in (every problem with its line), semantic checks with line numbers, CSV out."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from movement_generators.api import (
    MovementError,
    MovementProblem,
    check,
    howell,
    mitchell,
    movement_to_csv,
    parse_movement_csv,
)

HEADER = "round,table,ns_pair,ew_pair,low_board,high_board\n"
COLUMNS_TEXT = "round, table, ns_pair, ew_pair, low_board, high_board"


def problems_of(text, **kwargs):
    with pytest.raises(MovementError) as error:
        parse_movement_csv(text, **kwargs)
    return [(problem.line, problem.message) for problem in error.value.problems]


# ----- reading ------------------------------------------------------------------------------------------------


def test_a_two_table_howell_style_movement():
    # The first two rounds of the 2-table Howell: both tables play the same boards each round.
    text = HEADER + "1,1,4,1,1,3\n1,2,3,2,1,3\n2,1,4,2,4,6\n2,2,1,3,4,6\n"
    movement = parse_movement_csv(text, name="Two tables")
    assert (movement.kind, movement.name, movement.tables, movement.rounds) == ("custom", "Two tables", 2, 2)
    assert movement.pairs == ("1", "2", "3", "4") and movement.winners == 1
    assert movement.boards_per_round == 3
    assert dict(movement.board_sets) == {1: (1, 2, 3), 2: (4, 5, 6)}
    second = movement.encounter(1, 2)
    assert (second.ns, second.ew, second.boards, second.board_set, second.row) == ("3", "2", (1, 2, 3), 1, 3)
    assert second.shared_with == (1,)
    assert movement.pair_round("1", 2).table == 2
    assert check(movement) == []


def test_header_is_case_insensitive_in_any_order_with_bridgemate_names_and_extra_columns():
    text = (
        "Section ; Table ; Round ; NSPair ; EWPair ; LowBoard ; HighBoard ; Comment\n"
        "A;1;1; 1 ;1;1;2;start\n"
        "A;2;1;2;2;3;4;\n"
        "A;1;2;1;2;5;6;\n"
        "A;2;2;2;1;7;8;\n"
    )
    movement = parse_movement_csv(text)
    assert [(e.round, e.table, e.ns, e.ew, e.boards) for e in movement.encounters] == [
        (1, 1, "1NS", "1EW", (1, 2)),
        (1, 2, "2NS", "2EW", (3, 4)),
        (2, 1, "1NS", "2EW", (5, 6)),
        (2, 2, "2NS", "1EW", (7, 8)),
    ]
    assert movement.winners == 2  # Mitchell-style numbering: NS 1 and EW 1 are different pairs
    assert check(movement) == []


def test_spaces_blank_lines_and_tabs_are_tolerated():
    text = "  Round\tTable\tNS pair\tEW pair\tlow board\thigh board \n\n 1 \t 1 \t 2 \t 1 \t 1 \t 2 \n\n"
    movement = parse_movement_csv(text)
    assert [(e.round, e.table, e.ns, e.ew, e.boards, e.row) for e in movement.encounters] == [
        (1, 1, "2", "1", (1, 2), 3)
    ]


def test_empty_pair_or_pair_zero_is_a_sit_out():
    text = HEADER + "1,1,1,2,1,2\n1,2,3,,3,4\n2,1,3,1,3,4\n2,2,0,2,1,2\n"
    movement = parse_movement_csv(text)
    assert movement.encounter(1, 2).is_sit_out and movement.encounter(1, 2).sitting_out == "3"
    assert movement.encounter(2, 2).ns is None
    assert movement.pair_round("3", 1) is None
    assert check(movement) == []


def test_explicit_directions_and_forced_numbering():
    text = HEADER + "1,1,1NS,1EW,1,2\n1,2,2ns,2 ew,3,4\n"
    movement = parse_movement_csv(text)
    assert movement.pairs == ("1NS", "2NS", "1EW", "2EW")
    plain = HEADER + "1,1,1,2,1,2\n1,2,3,4,3,4\n"
    assert parse_movement_csv(plain, numbering="two-field").pairs == ("1NS", "3NS", "2EW", "4EW")
    assert parse_movement_csv(plain).pairs == ("1", "2", "3", "4")
    with pytest.raises(ValueError):
        parse_movement_csv(plain, numbering="guess")


def test_identical_boards_at_two_tables_in_a_round_are_declared_shared():
    text = HEADER + "1,1,1,2,1,2\n1,2,3,4,1,2\n"
    movement = parse_movement_csv(text)
    assert movement.encounter(1, 1).shared_with == (2,)
    assert check(movement) == []
    strict = parse_movement_csv(text, allow_sharing=False)
    assert [v.message for v in check(strict)] == [
        "line 3: boards 1-2 are also at table 1 in round 1 (on line 2) and the tables do not share boards"
    ]


def test_arrow_switch_column():
    text = HEADER.strip() + ",arrow_switch\n1,1,1,1,1,2,\n1,2,2,2,3,4,yes\n"
    movement = parse_movement_csv(text)
    assert [e.arrow_switched for e in movement.encounters] == [False, True]
    assert movement.winners == 1


# ----- bad input: every problem, with its line -----------------------------------------------------------------


def test_bad_values_are_all_reported_with_their_lines():
    text = HEADER + (
        "x,1,4,1,1,2\n"  # line 2
        "1,0,3,2,3,4\n"  # line 3
        "1,2,,,5,4\n"  # line 4
        "1,2,3\n"  # line 5
        "2,1,a,1.5,1,2\n"  # line 6
        "3,1,1,2,1,2,9\n"  # line 7
        "3,2,3,4,-1,\n"  # line 8
    )
    assert problems_of(text) == [
        (2, "round 'x' is not a whole number"),
        (3, "table must be at least 1 (got 0)"),
        (4, "both ns_pair and ew_pair are empty"),
        (4, "low_board 5 is greater than high_board 4"),
        (5, "expected 6 fields, found 3"),
        (6, "ns_pair 'a' is not a pair number"),
        (6, "ew_pair '1.5' is not a pair number"),
        (7, "expected 6 fields, found 7"),
        (8, "low_board must be at least 1 (got -1)"),
        (8, "high_board is empty"),
    ]


def test_error_text_lists_every_problem_with_its_line():
    with pytest.raises(MovementError) as error:
        parse_movement_csv(HEADER + "1,1,1,2,3,2\n1,x,3,4,1,2\n")
    assert str(error.value) == (
        "line 2: low_board 3 is greater than high_board 2\nline 3: table 'x' is not a whole number"
    )
    assert error.value.problems[0] == MovementProblem(2, "low_board 3 is greater than high_board 2")
    assert str(error.value.problems[0]) == "line 2: low_board 3 is greater than high_board 2"
    assert isinstance(error.value, ValueError)


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "",
            [(1, f"the CSV is empty: a header row is required ({COLUMNS_TEXT})")],
        ),
        (
            "\n  \n",
            [(1, f"the CSV is empty: a header row is required ({COLUMNS_TEXT})")],
        ),
        ("round,table,ns,ew\n1,1,1,2\n", [(1, "missing columns: ns_pair, ew_pair, low_board, high_board")]),
        ("round,table,ns_pair,ew_pair,low_board\n", [(1, "missing column: high_board")]),
        (
            "1,1,4,1,1,2\n2,1,4,2,3,4\n",
            [(1, "no header row: the first line must name the columns " + COLUMNS_TEXT)],
        ),
        (HEADER, [(1, "no movement rows after the header")]),
        ("\n" + HEADER + "\n", [(2, "no movement rows after the header")]),
        (HEADER.strip() + ",Round\n1,1,1,2,1,2,1\n", [(1, "column round appears twice")]),
        (HEADER + "1,1,3EW,1,1,2\n", [(2, "ns_pair '3EW' is an East-West pair")]),
        (HEADER.strip() + ",arrow_switch\n1,1,1,2,1,2,maybe\n", [(2, "arrow_switch 'maybe' is not yes or no")]),
        (
            "section,round,table,ns_pair,ew_pair,low_board,high_board\nA,1,1,1,2,1,2\nB,1,1,1,2,1,2\n",
            [(3, "more than one section ('A', 'B'): load one section at a time")],
        ),
    ],
)
def test_bad_files(text, expected):
    assert problems_of(text) == expected


# ----- semantic problems: check() cites the CSV lines ----------------------------------------------------------


def test_check_reports_semantic_problems_with_their_lines():
    text = HEADER + (
        "1,1,1,2,1,2\n"  # line 2
        "2,1,1,2,3,4\n"  # line 3: 1 and 2 meet again
        "2,2,3,4,3,5\n"  # line 4: boards 3-4 also at table 1, not shared
        "2,3,1,5,6,6\n"  # line 5: pair 1 is also at table 1
        "3,1,3,3,7,8\n"  # line 6: pair 3 against itself
        "3,2,4,5,5,5\n"  # line 7: pair 4 already played board 5 on line 4
        "3,2,6,7,9,9\n"  # line 8: table 2 twice in round 3
    )
    movement = parse_movement_csv(text)
    assert [(v.row, v.code, v.message) for v in check(movement)] == [
        (3, "pairs_meet_again", "line 3: pairs 1 and 2 meet again (they already met on line 2)"),
        (5, "pair_in_two_places", "line 5: pair 1 is already playing in round 2 on line 3"),
        (6, "pair_against_itself", "line 6: pair 3 plays against itself"),
        (7, "board_played_twice", "line 7: pair 4 plays board 5 again (already played on line 4)"),
        (8, "table_used_twice", "line 8: table 2 appears twice in round 3 (also on line 7)"),
        (
            4,
            "board_at_two_tables",
            "line 4: boards 3-4 are also at table 1 in round 2 (on line 3) and the tables do not share boards",
        ),
    ]


# ----- writing, and the round trip ----------------------------------------------------------------------------


def test_movement_to_csv_writes_the_bridgemate_columns():
    text = movement_to_csv(mitchell(3, 2, rounds=2))
    assert text == (HEADER + "1,1,1,1,1,2\n1,2,2,2,3,4\n1,3,3,3,5,6\n2,1,1,3,3,4\n2,2,2,1,5,6\n2,3,3,2,1,2\n")


def test_movement_to_csv_writes_sit_outs_empty_and_arrow_switches():
    text = movement_to_csv(mitchell(3, 1, rounds=1, phantom=True, arrow_switch_rounds=(1,)))
    assert text == (
        "round,table,ns_pair,ew_pair,low_board,high_board,arrow_switch\n"
        "1,1,1,1,1,1,yes\n1,2,2,2,2,2,yes\n1,3,3,,3,3,yes\n"
    )


def test_movement_to_csv_refuses_boards_that_are_not_a_run():
    movement = dataclasses.replace(parse_movement_csv(HEADER + "1,1,1,2,1,2\n"))
    odd = dataclasses.replace(movement.encounters[0], boards=(1, 3))
    broken = dataclasses.replace(movement, encounters=(odd,))
    with pytest.raises(ValueError, match=r"round 1, table 1: boards \(1, 3\) are not consecutive numbers"):
        movement_to_csv(broken)


ROUND_TRIP = [
    mitchell(7, 2),
    mitchell(8, 3, even="skip", phantom=True),
    mitchell(8, 2, even="relay", arrow_switch_rounds=(8,)),
    mitchell(10, 2, even="relay", phantom="10NS"),
    *(howell(tables, 2) for tables in range(2, 11)),
    howell(5, 3, phantom=True),
]


def _plain(encounter):
    return dataclasses.replace(encounter, row=None)


@pytest.mark.parametrize("movement", ROUND_TRIP, ids=lambda m: m.name + (" with phantom" if m.missing_pair else ""))
def test_csv_round_trip_gives_the_same_movement(movement):
    back = parse_movement_csv(movement_to_csv(movement), name=movement.name)
    assert [_plain(e) for e in back.encounters] == list(movement.encounters)
    assert back.pairs == movement.pairs and back.winners == movement.winners
    assert (back.tables, back.rounds, back.boards_per_round) == (
        movement.tables,
        movement.rounds,
        movement.boards_per_round,
    )
    assert dict(back.board_sets) == dict(movement.board_sets)
    assert check(back) == []


# ----- anything at all: a MovementError or a movement, never a crash -----------------------------------------

FIELD = st.one_of(st.integers(-3, 40).map(str), st.sampled_from(["", " ", "x", "3NS", "2EW", "1.5", "+4", "0"]))


@settings(max_examples=150, deadline=None)
@given(rows=st.lists(st.lists(FIELD, min_size=0, max_size=8), max_size=12), header=st.booleans())
def test_parser_never_crashes(rows, header):
    text = (HEADER if header else "") + "\n".join(",".join(row) for row in rows)
    try:
        movement = parse_movement_csv(text)
    except MovementError as error:
        lines = max(1, len(text.splitlines()))
        assert error.problems and all(1 <= p.line <= lines for p in error.problems)
    else:
        assert movement.encounters
        check(movement)  # must not raise either
        two_field = any(pair.endswith(("NS", "EW")) for pair in movement.pairs)
        back = parse_movement_csv(movement_to_csv(movement), numbering="two-field" if two_field else "single")
        assert [_plain(e) for e in back.encounters] == [_plain(e) for e in movement.encounters]


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_parser_never_crashes_on_arbitrary_text(text):
    try:
        parse_movement_csv(text)
    except MovementError as error:
        assert error.problems
