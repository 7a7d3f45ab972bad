"""Hand evaluation: high-card points of a hand written in PBN form."""

from __future__ import annotations

RANKS = "AKQJT98765432"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _suits(hand: str) -> list[str]:
    if not isinstance(hand, str):
        raise ValueError(f"{hand!r}: a hand is written in PBN form, e.g. AKQ.JT9.876.5432")
    suits = hand.strip().upper().replace("10", "T").split(".")
    if len(suits) != 4:
        raise ValueError(f"{hand}: a PBN hand has four suits separated by dots (spades.hearts.diamonds.clubs)")
    for name, cards in zip(SUIT_NAMES, suits, strict=True):
        for card in cards:
            if card not in RANKS:
                raise ValueError(f"{hand}: {card!r} in {name} is not a card (use A K Q J T 9 8 7 6 5 4 3 2)")
        for card in set(cards):
            if cards.count(card) > 1:
                raise ValueError(f"{hand}: the {card} of {name} appears twice")
    count = sum(len(cards) for cards in suits)
    if count != 13:
        raise ValueError(f"{hand}: {count} cards, but a hand has 13")
    return suits


def high_card_points(hand: str) -> int:
    """High-card points of a 13-card hand in PBN form (``AKQ.JT9.876.5432``): A 4, K 3, Q 2, J 1."""
    return sum(_POINTS.get(card, 0) for cards in _suits(hand) for card in cards)
