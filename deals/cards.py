"""A deal: the four hands of a board, checked on the way in (52 different cards, 13 in each hand).

Hands are written in PBN form, spades.hearts.diamonds.clubs (``AKQ.JT9.876.5432``); ``10`` is read as ``T``,
small letters as capitals, and spaces inside a hand are ignored. A refused deal raises `DealRefused` listing
every problem, each naming the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import DealProblem, DealRefused

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS = "AKQJT98765432"
_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


@dataclass(frozen=True)
class Hands:
    """The four hands in PBN form, each with its suits sorted from the ace down."""

    north: str
    east: str
    south: str
    west: str

    @property
    def hands(self) -> dict[str, str]:
        return {"N": self.north, "E": self.east, "S": self.south, "W": self.west}

    def pbn(self, first: str = "N") -> str:
        """The PBN Deal tag value, hands clockwise from ``first``: ``N:AKQ.JT9.876.5432 ...``."""
        start = SEATS.index(first)
        order = [SEATS[(start + step) % 4] for step in range(4)]
        return f"{first}:" + " ".join(self.hands[seat] for seat in order)

    def suits(self, seat: str) -> tuple[str, str, str, str]:
        spades, hearts, diamonds, clubs = self.hands[seat].split(".")
        return spades, hearts, diamonds, clubs

    def points(self, seat: str) -> int:
        """High-card points of a seat's hand: A 4, K 3, Q 2, J 1."""
        return sum(_POINTS.get(card, 0) for card in self.hands[seat])


def _read_hand(board: int, seat: str, text: str, problems: list[DealProblem]) -> list[tuple[str, str]]:
    """The (suit, rank) cards of one hand; what is wrong goes to ``problems``."""
    name = SEAT_NAMES[seat]
    cleaned = "".join(str(text).split()).upper().replace("10", "T")
    suits = cleaned.split(".")
    if len(suits) != 4:
        problems.append(DealProblem("hand.suits", board=board, seat=name, text=str(text).strip()))
        return []
    cards: list[tuple[str, str]] = []
    foreign = False
    for suit, ranks in zip(SUITS, suits, strict=True):
        for rank in ranks:
            if rank not in RANKS:
                problems.append(DealProblem("hand.symbol", board=board, seat=name, symbol=rank))
                foreign = True
            elif (suit, rank) in cards:
                problems.append(DealProblem("hand.twice_in_hand", board=board, seat=name, card=suit + rank))
            else:
                cards.append((suit, rank))
    if len(cards) != 13 and not foreign:
        problems.append(DealProblem("hand.count", board=board, seat=name, count=len(cards)))
    return cards


def _written(cards: list[tuple[str, str]]) -> str:
    return ".".join("".join(sorted((r for s, r in cards if s == suit), key=RANKS.index)) for suit in SUITS)


def read_hands(board: int, hands: dict[str, str]) -> Hands:
    """The deal of ``board`` from its four hands (``{"N": "AKQ.JT9.876.5432", ...}``); raises `DealRefused`."""
    problems: list[DealProblem] = []
    cards = {seat: _read_hand(board, seat, hands.get(seat, ""), problems) for seat in SEATS}
    holders: dict[tuple[str, str], list[str]] = {}
    for seat in SEATS:
        for card in cards[seat]:
            holders.setdefault(card, []).append(seat)
    for (suit, rank), seats in holders.items():
        if len(seats) > 1:
            listed = ", ".join(SEAT_NAMES[seat] for seat in seats)
            problems.append(DealProblem("deal.duplicate", board=board, card=suit + rank, seats=listed))
    if problems:
        raise DealRefused(problems)
    return Hands(*(_written(cards[seat]) for seat in SEATS))


def read_deal(board: int, text: str) -> Hands:
    """The deal of a PBN Deal tag value, ``"E:hand hand hand hand"`` (hands clockwise from the seat named)."""
    value = str(text).strip()
    first, colon, rest = value.partition(":")
    hands = rest.split()
    if not colon or first.strip().upper() not in SEATS or len(hands) != 4:
        raise DealRefused([DealProblem("deal.format", board=board, text=value)])
    if "-" in hands:
        raise DealRefused([DealProblem("deal.hidden", board=board)])
    start = SEATS.index(first.strip().upper())
    return read_hands(board, {SEATS[(start + step) % 4]: hand for step, hand in enumerate(hands)})
