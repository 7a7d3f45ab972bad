"""scoring.contracts: Contract, parse_contract, result notation."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import STRAINS, Contract, parse_contract, result_text, shown_result, tricks_from_result


@pytest.mark.parametrize(
    "text, level, strain, doubled",
    [
        # The forms listed in issue 3.
        ("4S", 4, "S", 0),
        ("4s", 4, "S", 0),
        ("4♠", 4, "S", 0),
        ("4SX", 4, "S", 1),
        ("4S XX", 4, "S", 2),
        ("3NT", 3, "NT", 0),
        ("3N", 3, "NT", 0),
        ("7NTXX", 7, "NT", 2),
        # As the seeds print them: "4 ♠  X" (board 2) and "4 ♥  X  X" (board 13).
        ("4 ♠  X", 4, "S", 1),
        ("4 ♥  X  X", 4, "H", 2),
        ("1♥", 1, "H", 0),
        ("2♦", 2, "D", 0),
        ("6♣", 6, "C", 0),
        (" 3nt x ", 3, "NT", 1),
        ("5dx", 5, "D", 1),
    ],
)
def test_parse_accepted_forms(text, level, strain, doubled):
    assert parse_contract(text) == Contract(level, strain, doubled)


@pytest.mark.parametrize("text", ["PASS", "P", "AP", "pass", " Pass ", "all pass"])
def test_passed_out_board_parses_to_none(text):
    assert parse_contract(text) is None


@pytest.mark.parametrize(
    "text, message",
    [
        ("8S", "8S: a contract level must be 1 to 7"),
        ("0H", "0H: a contract level must be 1 to 7"),
        ("10NT", "10NT: a contract level must be 1 to 7"),
        ("4Z", "4Z: the strain must be C, D, H, S or NT"),
        ("4", "4: the strain must be C, D, H, S or NT"),
        ("4SXXX", "4SXXX: a contract can only be doubled"),
        ("4SX2", "only X .doubled. or XX .redoubled. may follow"),
        ("4NTS", "only X .doubled. or XX .redoubled. may follow"),
        ("S4", "a contract starts with its level"),
        ("", "the contract is empty"),
        ("   ", "the contract is empty"),
    ],
)
def test_bad_contracts_are_explained(text, message):
    with pytest.raises(ValueError, match=message):
        parse_contract(text)


def test_parse_rejects_non_text():
    with pytest.raises(ValueError, match="must be written as text"):
        parse_contract(4)


@pytest.mark.parametrize(
    "args, message",
    [
        ((8, "S"), "8S: a contract level must be 1 to 7"),
        ((0, "H"), "a contract level must be 1 to 7"),
        ((4, "N"), "4N: the strain must be C, D, H, S or NT"),
        ((4, "S", 3), "doubled must be 0"),
        ((4, "S", True), "doubled must be 0"),
        ((True, "S"), "a contract level must be 1 to 7"),
    ],
)
def test_contract_rejects_bad_values(args, message):
    with pytest.raises(ValueError, match=message):
        Contract(*args)


@pytest.mark.parametrize(
    "contract, shown, code",
    [
        (Contract(4, "S", 1), "4♠X", "4SX"),  # issue 3: str gives 4♠X, code gives 4SX
        (Contract(3, "NT"), "3NT", "3NT"),
        (Contract(7, "NT", 2), "7NTXX", "7NTXX"),
        (Contract(4, "H", 2), "4♥XX", "4HXX"),
        (Contract(1, "C"), "1♣", "1C"),
        (Contract(2, "D"), "2♦", "2D"),
    ],
)
def test_str_and_code(contract, shown, code):
    assert str(contract) == shown
    assert contract.code == code


def test_contract_is_frozen_and_hashable():
    contract = Contract(4, "S")
    with pytest.raises(AttributeError):
        contract.level = 5
    assert len({contract, Contract(4, "S", 0)}) == 1


@pytest.mark.parametrize(
    "contract, tricks, result",
    [
        ("4S", 10, "="),
        ("4S", 11, "+1"),
        ("4S", 8, "-2"),
        ("1NT", 13, "+6"),
        ("7NTXX", 0, "-13"),
        ("1C", 7, "="),
    ],
)
def test_result_text_and_back(contract, tricks, result):
    assert result_text(contract, tricks) == result
    assert tricks_from_result(contract, result) == tricks


@pytest.mark.parametrize(
    "result, tricks",
    [("−2", 8), ("– 1", 9), (" +2 ", 12), ("+0", 10), ("-0", 10)],  # typographic minus signs, spaces
)
def test_result_variants(result, tricks):
    assert tricks_from_result("4S", result) == tricks


@pytest.mark.parametrize(
    "contract, result, message",
    [
        ("4S", "+4", "that would be 14 tricks, and a deal has only 13"),
        ("1NT", "-8", "1NT can go at most 7 down"),
        ("4S", "made", "a result is written ="),
        ("4S", "2", "a result is written ="),
        ("PASS", "=", "a passed-out board has no result"),
    ],
)
def test_bad_results_are_explained(contract, result, message):
    with pytest.raises(ValueError, match=message):
        tricks_from_result(contract, result)


def test_result_text_rejects_impossible_tricks():
    with pytest.raises(ValueError, match="from 0 to 13"):
        result_text("4S", 14)
    with pytest.raises(ValueError, match="passed-out"):
        result_text(None, 7)


contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(STRAINS), st.integers(0, 2))


@given(contracts)
def test_parse_code_parse_is_identity(contract):
    assert parse_contract(contract.code) == contract
    assert parse_contract(parse_contract(contract.code).code) == contract
    assert parse_contract(str(contract)) == contract


@given(contracts, st.data())
def test_any_spacing_and_case_parses_the_same(contract, data):
    # Insert random spaces between characters and change case at random.
    text = ""
    for char in contract.code:
        text += data.draw(st.sampled_from(["", " ", "  "])) + data.draw(st.sampled_from([char.lower(), char]))
    assert parse_contract(text) == contract


@given(contracts, st.integers(0, 13))
def test_result_round_trip(contract, tricks):
    assert tricks_from_result(contract, result_text(contract, tricks)) == tricks


@pytest.mark.parametrize(
    "contract, tricks, shown",
    [
        ("4S", 10, "="),  # made exactly: 10 tricks for a 4-level contract
        ("3NTX", 7, "-2"),  # 9 needed, 7 taken
        ("PASS", None, ""),  # a passed-out board has no result
        ("PASS", 0, ""),
        ("", None, ""),  # an adjusted score or a line not played: no contract
        ("4S", None, ""),  # tricks not yet known
    ],
)
def test_shown_result_is_blank_where_there_is_no_result(contract, tricks, shown):
    assert shown_result(contract, tricks) == shown
