"""A stored hand record as a page shows it: the hands by seat with their points, the double-dummy table in the
order players read it, the par, and one result compared with double dummy and par. Pure data, no Django."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .analysis import STRAINS
from .boards import board_dealer, board_vulnerability
from .cards import SEATS, SUITS, Hands

TABLE_STRAINS: tuple[str, ...] = ("NT", "S", "H", "D", "C")  # as result sites print them


@dataclass(frozen=True)
class SeatHand:
    seat: str
    suits: tuple[tuple[str, str], ...]  # (suit letter, cards) spades first; cards "" for a void
    points: int


@dataclass(frozen=True)
class ParLine:
    contract: str  # 4SX
    declarers: str  # NS, E ...
    result: int  # tricks over (+) or under (-) the contract


@dataclass(frozen=True)
class HandView:
    number: int
    dealer: str
    vulnerability: str
    hands: dict[str, SeatHand]
    table: tuple[tuple[str, tuple[int, ...]], ...] | None  # (declarer, tricks in TABLE_STRAINS) N S E W
    par_score: int | None
    par: tuple[ParLine, ...]

    @property
    def strains(self) -> tuple[str, ...]:
        return TABLE_STRAINS

    @property
    def par_side(self) -> str:
        """Who gains at par: "NS", "EW", or "" when par is 0 (passed out)."""
        if not self.par_score:
            return ""
        return "NS" if self.par_score > 0 else "EW"

    @property
    def par_points(self) -> int:
        return abs(self.par_score or 0)


@dataclass(frozen=True)
class AgainstPar:
    """One result against double dummy and par: DD tricks for that contract by that declarer (None for a
    passed-out board), the result DD gives (``=``, ``+1``, ``-2``), and NS's score minus the par score."""

    dd_tricks: int | None
    dd_result: str
    ns_gain: int

    @property
    def side(self) -> str:
        """The side that did better than par ("NS", "EW"), or "" for exactly par."""
        return "NS" if self.ns_gain > 0 else "EW" if self.ns_gain < 0 else ""

    @property
    def points(self) -> int:
        return abs(self.ns_gain)


def hand_view(
    number: int,
    deal: Hands,
    tricks: Mapping[str, Mapping[str, int]] | None,
    par_score: int | None,
    par: Sequence[Mapping[str, object]] = (),
) -> HandView:
    hands = {
        seat: SeatHand(seat, tuple(zip(SUITS, deal.suits(seat), strict=True)), deal.points(seat)) for seat in SEATS
    }
    table = None
    if tricks is not None:
        table = tuple((seat, tuple(int(tricks[seat][strain]) for strain in TABLE_STRAINS)) for seat in "NSEW")
    lines = tuple(ParLine(str(item["contract"]), str(item["declarers"]), int(str(item["result"]))) for item in par)
    return HandView(number, board_dealer(number), board_vulnerability(number), hands, table, par_score, lines)


Tricks = Mapping[str, Mapping[str, int]]


def against_par(
    contract: str, declarer: str, ns_score: int | None, tricks: Tricks | None, par_score: int | None
) -> AgainstPar | None:
    """A played result (``4SX`` by ``N`` for ``ns_score``, or ``PASS``) against DD and par; None when the result
    or the analysis is missing."""
    if ns_score is None or par_score is None or tricks is None or not contract:
        return None
    if contract.upper() == "PASS":
        return AgainstPar(None, "", ns_score - par_score)
    level, strain = int(contract[0]), contract[1:].rstrip("X")
    if declarer not in SEATS or strain not in STRAINS:
        return None
    dd = int(tricks[declarer][strain])
    over = dd - level - 6
    return AgainstPar(dd, "=" if over == 0 else f"{over:+d}", ns_score - par_score)
