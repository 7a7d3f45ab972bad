"""Double-dummy analysis with `endplay` (Bo Haglund's DDS): the tricks table and the par of each deal.

`analyse` takes every deal of a session at once and makes one batch call (``endplay.dds.calc_all_tables``,
which spreads the deals over the machine's cores; one call per 40 deals, DDS's limit); the par of each deal
is worked out from its table, so the deals are solved once. `endplay` is imported when first needed, so
loading the site does not wait for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .boards import board_dealer, board_vulnerability
from .cards import SEATS, Hands

STRAINS: tuple[str, ...] = ("C", "D", "H", "S", "NT")
BATCH = 40  # DDS solves at most 40 deals' full tables (200 deal-strains) in one call


@dataclass(frozen=True)
class ParContract:
    """One par contract: ``contract`` as ``4SX``, the seats that can declare it (``"NS"``, ``"E"``...), and
    the tricks over (``+1``) or under (``-2``) the contract that double dummy gives."""

    contract: str
    declarers: str
    result: int

    def as_dict(self) -> dict[str, object]:
        return {"contract": self.contract, "declarers": self.declarers, "result": self.result}


@dataclass(frozen=True)
class Analysis:
    """``tricks[seat][strain]``: the tricks declarer takes double dummy; ``par_score`` for NS."""

    tricks: dict[str, dict[str, int]]
    par_score: int
    par_contracts: tuple[ParContract, ...]


def _par_contracts(par_list: object) -> tuple[ParContract, ...]:
    """The par contracts of an endplay ParList, one per contract and result with every seat that declares it.
    (The ParList's iterator reuses one object, so each is read as it comes.)"""
    seats: dict[tuple[str, int], str] = {}
    for found in par_list:  # type: ignore[attr-defined]
        strain = STRAINS[(3, 2, 1, 0, 4)[int(found.denom)]]
        contract = f"{found.level}{strain}{'X' * (int(found.penalty) - 1)}"
        seat = SEATS[int(found.declarer)]
        key = (contract, int(found.result))
        if seat not in seats.get(key, ""):
            seats[key] = seats.get(key, "") + seat
    ordered = {key: "".join(seat for seat in SEATS if seat in value) for key, value in seats.items()}
    return tuple(ParContract(contract, declarers, result) for (contract, result), declarers in ordered.items())


def analyse(boards: Sequence[tuple[int, Hands]]) -> list[Analysis]:
    """The analysis of each ``(board number, deal)``, in the same order, from one batch call to DDS."""
    if not boards:
        return []
    from endplay import dds
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Player, Vul

    vulnerability = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "Both": Vul.both}
    tables = []
    for start in range(0, len(boards), BATCH):
        batch = [EndplayDeal(deal.pbn()) for _number, deal in boards[start : start + BATCH]]
        tables += list(dds.calc_all_tables(batch))
    found = []
    for (number, _deal), table in zip(boards, tables, strict=True):
        rows = table.to_list()  # rows spades, hearts, diamonds, clubs, NT; columns N E S W
        tricks = {
            seat: {strain: rows[(3, 2, 1, 0, 4)[index]][column] for index, strain in enumerate(STRAINS)}
            for column, seat in enumerate(SEATS)
        }
        par = dds.par(table, vulnerability[board_vulnerability(number)], Player.find(board_dealer(number)))
        found.append(Analysis(tricks, int(par.score), _par_contracts(par)))
    return found
