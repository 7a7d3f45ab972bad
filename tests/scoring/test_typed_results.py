"""scoring.read_result: what a director types in the contract, declarer and tricks fields, read or refused."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, TypedResult, TypedResultError, read_result
from scoring.errors import MESSAGES as MESSAGE_CODES
from scoring.typed import MAX_LENGTH

READ = [
    # A contract with declarer's total tricks: board 1 is unvulnerable, 4S making is 420 to NS.
    ((1, "4S", "N", "10"), TypedResult("4S", declarer="N", tricks=10, ns_score=420)),
    # Case does not matter, and "=" is the contract made exactly.
    ((1, "4s", "n", "="), TypedResult("4S", declarer="N", tricks=10, ns_score=420)),
    # Declarer written in full is read by its first letter.
    ((1, "4S", "North", "10"), TypedResult("4S", declarer="N", tricks=10, ns_score=420)),
    # Board 4 is all vulnerable: EW down 2 doubled is +500 to NS.
    ((4, "3ntx", "W", "-2"), TypedResult("3NTX", declarer="W", tricks=7, ns_score=500)),
    # An overtrick by EW vulnerable on board 3 scores for EW, so negative for NS.
    ((3, "4H", "E", "+1"), TypedResult("4H", declarer="E", tricks=11, ns_score=-650)),
    # Suit symbols, spaces inside and around the contract, and surrounding spaces in the other fields.
    ((1, " 4 ♠ x ", " s ", " 9 "), TypedResult("4SX", declarer="S", tricks=9, ns_score=-100)),
    # A typographic minus sign and an en dash are read as "-".
    ((1, "3NT", "N", "−1"), TypedResult("3NT", declarer="N", tricks=8, ns_score=-50)),
    ((1, "3NT", "N", "–1"), TypedResult("3NT", declarer="N", tricks=8, ns_score=-50)),
    # Every way of writing a passed-out board; declarer and tricks are not read.
    ((1, "PASS", "", ""), TypedResult("PASS", ns_score=0)),
    ((1, "ap", "Q", "99"), TypedResult("PASS", ns_score=0)),
    ((1, "all  pass", "", ""), TypedResult("PASS", ns_score=0)),
    # parse_contract also knows "passed out", which is not one of the reader's pass words.
    ((1, "passed out", "", ""), TypedResult("PASS", ns_score=0)),
    # Not played, in each of its spellings.
    ((1, "NP", "", ""), TypedResult(not_played=True)),
    ((1, "not played", "", ""), TypedResult(not_played=True)),
    ((1, "-", "", ""), TypedResult(not_played=True)),
    # Adjusted scores: shorthands from NS's side, and USEBIO codes.
    ((1, "A+", "", ""), TypedResult(adjusted="A6040")),
    ((1, "a", "", ""), TypedResult(adjusted="A5050", bare_average=True)),  # a bare A: which average, to be checked
    ((1, "A−", "", ""), TypedResult(adjusted="A4060")),
    ((1, "A 6040", "", ""), TypedResult(adjusted="A6040")),
    # A pairs event may give any split of percentages.
    ((1, "A7030", "", ""), TypedResult(adjusted="A7030")),
]


@pytest.mark.parametrize(("typed", "expected"), READ)
def test_what_is_read(typed, expected):
    assert read_result(*typed) == expected


TEAM_READ = [
    # The same contract as in a pairs event.
    ((1, "4S", "N", "10"), TypedResult("4S", declarer="N", tricks=10, ns_score=420)),
    # "AP" is all pass, not an adjusted score.
    ((1, "AP", "", ""), TypedResult("PASS", ns_score=0)),
    # Average plus, average, average minus: +3, 0, -3 IMPs.
    ((1, "A+", "", ""), TypedResult(adjusted="A6040")),
    ((1, "A-", "", ""), TypedResult(adjusted="A4060")),
    # Both sides average minus: each percentage has an IMP award.
    ((1, "A4040", "", ""), TypedResult(adjusted="A4040")),
]


@pytest.mark.parametrize(("typed", "expected"), TEAM_READ)
def test_what_a_team_match_reads(typed, expected):
    assert read_result(*typed, team=True) == expected


REFUSED = [
    # Nothing typed: the message says every form a result may take.
    ((1, "", "N", "10"), "contract", "typed.empty", {}),
    ((1, "   ", "", ""), "contract", "typed.empty", {}),
    # Contract errors are parse_contract's, with their codes.
    ((1, "8S", "N", "10"), "contract", "contract.level", {"text": "8S"}),
    ((1, "4Q", "N", "10"), "contract", "contract.strain", {"text": "4Q"}),
    ((1, "4SXXX", "N", "10"), "contract", "contract.too_doubled", {"text": "4SXXX"}),
    ((1, "S4", "N", "10"), "contract", "contract.no_level", {"text": "S4"}),
    # An adjusted score that is not one: parse_entry's code.
    ((1, "ABC", "", ""), "contract", "entry.invalid", {"entry": "ABC"}),
    # A USEBIO code needs two digits for each side.
    ((1, "A65", "", ""), "contract", "entry.invalid", {"entry": "A65"}),
    # A declarer that is no seat.
    ((1, "4S", "X", "10"), "declarer", "typed.declarer", {}),
    ((1, "4S", "", "10"), "declarer", "typed.declarer", {}),
    # No tricks typed.
    ((1, "4S", "N", ""), "tricks", "typed.no_tricks", {}),
    # More than 13 tricks, written as a total.
    ((1, "4S", "N", "14"), "tricks", "typed.tricks", {"tricks": 14}),
    # More than 13 tricks, written as a result: tricks_from_result's code.
    ((1, "4S", "N", "+4"), "tricks", "result.too_many", {"result": "4S+4", "tricks": 14}),
    # Fewer than none.
    ((1, "4S", "N", "-11"), "tricks", "result.too_few", {"result": "4S-11", "contract": "4S", "down": 10}),
    # A result in no known notation.
    ((1, "4S", "N", "ten"), "tricks", "result.notation", {"text": "ten"}),
    # Digits other than 0-9 in the tricks: int() would read some ("１０") and choke on others ("²").
    ((1, "4S", "N", "²"), "tricks", "typed.digits", {"text": "²"}),
    ((1, "4S", "N", "①"), "tricks", "typed.digits", {"text": "①"}),
    ((1, "4S", "N", "１０"), "tricks", "typed.digits", {"text": "１０"}),
    ((1, "4S", "N", "+١"), "tricks", "typed.digits", {"text": "+١"}),
    # ... and in the contract's level or an adjusted score's percentages.
    ((1, "４S", "N", "10"), "contract", "typed.digits", {"text": "４S"}),
    ((1, "A６０４０", "", ""), "contract", "typed.digits", {"text": "A６０４０"}),
    # A NUL or another control character, in any field that is read.
    ((1, "4S\x00", "N", "10"), "contract", "typed.control", {}),
    ((1, "4S", "N\x00", "10"), "declarer", "typed.control", {}),
    ((1, "4S", "N", "1\x000"), "tricks", "typed.control", {}),
    ((1, "NP\x1b", "", ""), "contract", "typed.control", {}),
    # Very long input is refused before it is read (int() refuses more than 4300 digits with its own error).
    ((1, "4" + "S" * MAX_LENGTH, "N", "10"), "contract", "typed.too_long", {"limit": MAX_LENGTH}),
    ((1, "4S", "N", "1" * 5000), "tricks", "typed.too_long", {"limit": MAX_LENGTH}),
    ((1, "1" * 5000 + "S", "N", "10"), "contract", "typed.too_long", {"limit": MAX_LENGTH}),
    ((1, "4S", "N" * (MAX_LENGTH + 1), "10"), "declarer", "typed.too_long", {"limit": MAX_LENGTH}),
    # Not text at all (a program's mistake, still refused with a code).
    ((1, None, "N", "10"), "contract", "contract.not_text", {"text": None}),
    ((1, "4S", None, "10"), "declarer", "typed.declarer", {}),
    ((1, "4S", "N", 10), "tricks", "result.not_text", {"text": 10}),
]


@pytest.mark.parametrize(("typed", "field", "code", "params"), REFUSED)
def test_what_is_refused(typed, field, code, params):
    with pytest.raises(TypedResultError) as refused:
        read_result(*typed)
    assert (refused.value.field, refused.value.code, refused.value.params) == (field, code, params)
    assert isinstance(refused.value, ScoringError) and isinstance(refused.value, ValueError)


TEAM_REFUSED = [
    # A team match's empty contract: no "NP" is offered.
    ((1, "", "", ""), "contract", "typed.empty_team", {}),
    # A board cannot be "not played" in a team match: NP is refused as the contract it is not.
    ((1, "NP", "", ""), "contract", "contract.no_level", {"text": "NP"}),
    ((1, "not played", "", ""), "contract", "contract.no_level", {"text": "NOT PLAYED"}),
    # 70 % has no IMP award.
    ((1, "A7030", "", ""), "contract", "typed.team_adjusted", {"value": "A7030"}),
    # An unreadable adjusted score gets the team match's own wording.
    ((1, "ABC", "", ""), "contract", "typed.team_adjusted", {"value": "ABC"}),
]


@pytest.mark.parametrize(("typed", "field", "code", "params"), TEAM_REFUSED)
def test_what_a_team_match_refuses(typed, field, code, params):
    with pytest.raises(TypedResultError) as refused:
        read_result(*typed, team=True)
    assert (refused.value.field, refused.value.code, refused.value.params) == (field, code, params)


MESSAGES = [
    # The messages the entry pages show today, word for word.
    (
        (1, "", "N", "10"),
        "Enter a contract (e.g. 4S, 3NTX), PASS, an adjusted score (A+, A, A-, A6040) or NP for not played.",
    ),
    ((1, "4S", "X", "10"), "Declarer must be N, E, S or W."),
    ((1, "4S", "N", ""), "Enter the tricks taken (0 to 13) or the result (=, +1, -2)."),
    ((1, "4S", "N", "14"), "14 tricks: declarer takes 0 to 13 tricks."),
    ((1, "4S", "N", "²"), "²: write numbers with the digits 0 to 9"),
]


@pytest.mark.parametrize(("typed", "message"), MESSAGES)
def test_the_english_message(typed, message):
    with pytest.raises(TypedResultError) as refused:
        read_result(*typed)
    assert str(refused.value) == message


def test_team_messages_in_english():
    with pytest.raises(TypedResultError) as refused:
        read_result(1, "", team=True)
    assert str(refused.value) == "Enter a contract (e.g. 4S, 3NTX), PASS, or an adjusted score (A+, A, A-)."
    with pytest.raises(TypedResultError) as refused:
        read_result(1, "A7030", team=True)
    assert str(refused.value) == (
        "“A7030”: an adjusted score in a team match is A+, A or A- (±3 IMPs), or A6040, A5050, A4060, A6060, A4040."
    )


def test_declarer_and_tricks_are_both_reported():
    with pytest.raises(TypedResultError) as refused:
        read_result(1, "4S", "X", "14")
    assert [(problem.field, problem.code) for problem in refused.value.problems] == [
        ("declarer", "typed.declarer"),
        ("tricks", "typed.tricks"),
    ]
    assert refused.value.problems[0] is refused.value


def test_a_refusal_survives_pickling_with_its_problems():
    with pytest.raises(TypedResultError) as refused:
        read_result(1, "4S", "X", "14")
    copy = pickle.loads(pickle.dumps(refused.value))
    assert (copy.field, copy.code, copy.params, str(copy)) == (
        "declarer",
        "typed.declarer",
        {},
        "Declarer must be N, E, S or W.",
    )
    assert [(problem.field, problem.code, problem.params) for problem in copy.problems] == [
        ("declarer", "typed.declarer", {}),
        ("tricks", "typed.tricks", {"tricks": 14}),
    ]


@pytest.mark.parametrize(
    ("result", "entry"),
    [
        # A played contract is compared by its NS score, a passed-out board by 0.
        (TypedResult("4S", declarer="N", tricks=10, ns_score=420), 420),
        (TypedResult("PASS", ns_score=0), 0),
        # An adjusted score by its code; a board not played takes no part.
        (TypedResult(adjusted="A6040"), "A6040"),
        (TypedResult(not_played=True), None),
    ],
)
def test_the_entry_scoring_compares(result, entry):
    assert result.entry == entry


@settings(max_examples=200, deadline=None)
@given(
    board=st.integers(1, 64),
    contract=st.one_of(st.text(max_size=50), st.from_regex(r"[1-8][CDHSN♠]T?X{0,3}")),
    declarer=st.text(max_size=3),
    result=st.one_of(st.text(max_size=6), st.from_regex(r"[+\-=]?\d{1,3}")),
)
def test_any_text_is_read_or_refused_with_a_code(board, contract, declarer, result):
    # Whatever is typed, the reader answers with a result or a coded refusal, never another exception.
    try:
        read_result(board, contract, declarer, result)
    except TypedResultError as refused:
        assert refused.field in ("contract", "declarer", "tricks") and refused.code in MESSAGE_CODES
