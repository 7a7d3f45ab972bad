"""Manning notation: NS-set-EW per round and table, with relays, sit-outs and arrow switches."""

from movement_generators.api import howell, manning, mitchell, parse_movement_csv
from movement_generators.manning import cell


def test_four_table_howell_in_manning_notation():
    grid = manning(howell(4, 4))
    assert grid.cells[0] == ("8-1-1", "6-2-5", "4-3-2", "7-5-3")
    assert grid.cells[1] == ("8-2-2", "7-3-6", "5-4-3", "1-6-4")
    assert grid.relays[0] == (4, 6, 7)
    assert grid.text().splitlines() == [
        "4-table Howell",
        "Rnd     T1     T2     T3     T4  Relay",
        "  1  8-1-1  6-2-5  4-3-2  7-5-3  4,6,7",
        "  2  8-2-2  7-3-6  5-4-3  1-6-4  1,5,7",
        "  3  8-3-3  1-4-7  6-5-4  2-7-5  1,2,6",
        "  4  8-4-4  2-5-1  7-6-5  3-1-6  2,3,7",
        "  5  8-5-5  3-6-2  1-7-6  4-2-7  1,3,4",
        "  6  8-6-6  4-7-3  2-1-7  5-3-1  2,4,5",
        "  7  8-7-7  5-1-4  3-2-1  6-4-2  3,5,6",
    ]


def test_mitchell_cells_use_pair_numbers_and_mark_arrow_switches_and_missing_pairs():
    grid = manning(mitchell(3, 2, arrow_switch_rounds=(3,), phantom=True))
    assert grid.cells == (
        ("1-1-1", "2-2-2", "3-3-0"),
        ("1-2-0", "2-3-1", "3-1-2"),
        ("1-3-2*", "2-1-0*", "3-2-1*"),
    )
    assert grid.relays == ((), (), ())
    text = grid.text()
    assert "Relay" not in text
    assert text.splitlines()[-1] == "* arrow switch: the pairs swap directions for these boards"


def test_relay_mitchell_lists_the_bye_stand_set():
    grid = manning(mitchell(6, 2, even="relay"))
    assert grid.cells[0] == ("1-1-1", "2-2-2", "3-3-3", "4-5-4", "5-6-5", "6-1-6")
    assert [relay for relay in grid.relays] == [(4,), (5,), (6,), (1,), (2,), (3,)]


def test_custom_movement_and_empty_tables():
    movement = parse_movement_csv("round,table,ns_pair,ew_pair,low_board,high_board\n1,2,3,4,5,6\n")
    grid = manning(movement)
    assert grid.cells == (("", "3-1-4"),)
    assert cell(None) == ""
