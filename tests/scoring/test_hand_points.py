"""scoring.hands: high-card points of a PBN hand."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import high_card_points

RANKS = "AKQJT98765432"


@pytest.mark.parametrize(
    "hand, points",
    [
        ("AKQ.JT9.876.5432", 10),  # issue 3's example: A 4 + K 3 + Q 2 + J 1
        ("AKQJ.AKQ.AKQ.AKQ", 37),  # the most a hand can hold
        ("T98765432.T987..", 0),  # tens and below count nothing (void suits allowed)
        ("A.A.A.AKQJT98765", 22),
        ("akq.jt9.876.5432", 10),  # lower case
        ("AKQ.J109.876.5432", 10),  # "10" for the ten
        ("...AKQJT98765432", 10),
    ],
)
def test_high_card_points(hand, points):
    # Seed 001 says "las cartas del 10 al As tienen valor, siendo el As ... 4 puntos": the ten is an
    # honour but, as issue 3 and the 4-3-2-1 count say, scores no high-card point.
    assert high_card_points(hand) == points


@pytest.mark.parametrize(
    "hand, message",
    [
        ("AKQ.JT9.876", "four suits separated by dots"),
        ("AKQ.JT9.876.5432.", "four suits separated by dots"),
        ("AKQ.JT9.876.543", "12 cards, but a hand has 13"),
        ("AKQ.JT9.876.54321", "'1' in clubs is not a card"),
        ("AKZ.JT9.876.5432", "'Z' in spades is not a card"),
        ("AKK.JT9.876.5432", "the K of spades appears twice"),
        (None, "PBN form"),
    ],
)
def test_bad_hands_are_explained(hand, message):
    with pytest.raises(ValueError, match=message):
        high_card_points(hand)


@given(st.permutations([(suit, rank) for suit in range(4) for rank in RANKS]))
def test_a_deal_holds_40_points(deck):
    hands = [deck[i * 13 : (i + 1) * 13] for i in range(4)]
    total = 0
    for cards in hands:
        pbn = ".".join("".join(rank for s, rank in sorted(cards) if s == suit) for suit in range(4))
        total += high_card_points(pbn)
    assert total == 40
