"""A deal is checked on the way in: 52 different cards, 13 in each hand; every problem names the board."""

import pickle

import pytest

from deals import DealRefused, Hands, read_deal, read_hands
from deals.errors import DealProblem

HANDS = {"N": "AKQ.JT9.876.5432", "E": "JT9.876.5432.AKQ", "S": "876.5432.AKQ.JT9", "W": "5432.AKQ.JT9.876"}


def problems(board, hands):
    with pytest.raises(DealRefused) as refused:
        read_hands(board, hands)
    return [(problem.code, str(problem)) for problem in refused.value.problems]


def test_a_good_deal_is_read_with_its_suits_sorted_and_capitals():
    deal = read_hands(3, {**HANDS, "N": "qka.9tj.678.2345"})
    assert deal == Hands("AKQ.JT9.876.5432", "JT9.876.5432.AKQ", "876.5432.AKQ.JT9", "5432.AKQ.JT9.876")
    assert deal.points("N") == 10 and sum(deal.points(seat) for seat in "NESW") == 40


def test_ten_written_10_is_read_as_t():
    deal = read_hands(1, {**HANDS, "N": "AKQ.J109.876.5432"})
    assert deal.north == "AKQ.JT9.876.5432"


def test_a_card_in_two_hands_is_refused_naming_the_board_the_card_and_both_seats():
    found = problems(7, {**HANDS, "E": "JT9.876.5432.AKQ".replace("JT9", "AT9")})
    assert ("deal.duplicate", "Board 7: the SA is in two hands (North, East)") in found
    assert ("hand.count", "Board 7: West has 12 cards; a hand has 13") not in found  # W still has 13
    assert any(code == "deal.duplicate" for code, _ in found)


def test_twelve_and_fourteen_cards_are_refused_naming_the_seats():
    found = problems(2, {**HANDS, "N": "AKQ.JT9.876.543", "S": "876.5432.AKQ.JT92"})
    assert ("hand.count", "Board 2: North has 12 cards; a hand has 13") in found
    assert ("hand.count", "Board 2: South has 14 cards; a hand has 13") in found


def test_a_foreign_symbol_is_refused():
    found = problems(5, {**HANDS, "W": "5432.AKQ.JT9.87X"})
    assert found == [("hand.symbol", "Board 5: West holds “X”, which is not a card (use A K Q J T 9 8 7 6 5 4 3 2)")]


def test_a_suit_symbol_instead_of_dots_is_refused():
    found = problems(5, {**HANDS, "W": "♠5432 ♥AKQ ♦JT9 ♣876"})
    assert [code for code, _ in found] == ["hand.suits"]


def test_a_card_twice_in_one_hand_is_refused():
    found = problems(9, {**HANDS, "N": "AKK.JT9.876.5432"})
    assert ("hand.twice_in_hand", "Board 9: North holds the SK twice") in found


def test_a_pbn_deal_starts_from_any_seat():
    from_north = read_deal(1, "N:" + " ".join(HANDS[seat] for seat in "NESW"))
    from_west = read_deal(1, "W:" + " ".join(HANDS[seat] for seat in "WNES"))
    assert from_north == from_west == Hands(*HANDS.values())
    assert from_west.pbn("E") == "E:" + " ".join(HANDS[seat] for seat in "ESWN")


@pytest.mark.parametrize("text", ["AKQ.JT9.876.5432", "X:a b c d", "N:a b c", ""])
def test_a_deal_not_written_as_pbn_is_refused(text):
    with pytest.raises(DealRefused) as refused:
        read_deal(4, text)
    assert [problem.code for problem in refused.value.problems] == ["deal.format"]
    assert str(refused.value).startswith("Board 4: ")


def test_a_hidden_hand_is_refused_as_incomplete():
    with pytest.raises(DealRefused) as refused:
        read_deal(1, "S:QT8.AT764.KQJ93. - - -")
    assert [problem.code for problem in refused.value.problems] == ["deal.hidden"]


def test_problems_survive_pickling_with_their_code_line_and_params():
    problem = DealProblem("hand.count", 12, board=3, seat="North", count=12)
    copy = pickle.loads(pickle.dumps(problem))
    assert (copy.code, copy.line, copy.params, str(copy)) == (problem.code, 12, problem.params, str(problem))
