"""scoring.adjusted: reading a board's entries (NS scores and artificial adjusted scores)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Adjusted, parse_entry


@pytest.mark.parametrize(
    "entry, parsed",
    [
        (620, 620),
        (-100, -100),
        (0, 0),
        ("A6040", Adjusted(60, 40)),  # USEBIO: NS 60 %, EW 40 %
        ("A4040", Adjusted(40, 40)),
        ("A+", Adjusted(60, 40)),  # issue 3: A+, A, A- are A6040, A5050, A4060 from NS's side
        ("A", Adjusted(50, 50)),
        ("A-", Adjusted(40, 60)),
        ("A−", Adjusted(40, 60)),  # typographic minus
        (" a6060 ", Adjusted(60, 60)),
        (Adjusted(30, 70), Adjusted(30, 70)),
    ],
)
def test_parse_entry(entry, parsed):
    assert parse_entry(entry) == parsed


@pytest.mark.parametrize("entry", ["620", "-100", 620.0, True, None, "A60", "A604", "A6040X", "B6040", "A++"])
def test_bad_entries_are_explained(entry):
    with pytest.raises(ValueError, match="a result is either an NS score .* or an adjusted score such as A6040"):
        parse_entry(entry)


@given(st.integers(0, 99), st.integers(0, 99))
def test_code_round_trip(ns, ew):
    assert parse_entry(Adjusted(ns, ew).code) == Adjusted(ns, ew)
