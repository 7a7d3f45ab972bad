"""A rubber's or a Chicago's scoresheet worked out from its deals: a thin layer over `scoring.Rubber` and
`scoring.Chicago` (pure Python, no Django).

`scoring` keeps the rules; this module adds what the table needs around them: who deals each deal (four
seats, the deal passing clockwise; a passed-out Chicago deal is redealt by the same dealer), the vulnerability
before each deal, the club's choice of part-score bonus at Chicago, the unfinished rubber, and each side's net
score rounded to hundreds as the club chooses.  Everything is recomputed from the deals each time, so
correcting a deal corrects the whole sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import scoring
from scoring import LineEntry

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
SIDE_OF_SEAT = {"N": "We", "S": "We", "E": "They", "W": "They"}
SIDES: tuple[str, ...] = ("We", "They")
KINDS: tuple[str, ...] = ("rubber", "chicago")
# Part-score bonus at Chicago: "fourth" 100 for a part-score made on deal 4 (scoring's rule, ACBL);
# "standing" 100 to a side that alone has a part-score standing after deal 4 (as at an unfinished rubber);
# "none" no part-score bonus.
CHICAGO_BONUSES: tuple[str, ...] = ("fourth", "standing", "none")
# Net score in hundreds: "down50" nearest 100, 50 rounds down; "up50" nearest 100, 50 rounds up; "exact".
ROUNDINGS: tuple[str, ...] = ("down50", "up50", "exact")
MAX_DEALS = 60  # deals (passed-out ones included) one sheet may hold


class SheetError(ValueError):
    """A deal that cannot be written on the sheet; ``code`` says why, ``deal`` which deal (1, 2 ...)."""

    def __init__(self, code: str, deal: int, cause: ValueError | None = None):
        self.code, self.deal, self.cause = code, deal, cause
        super().__init__(f"deal {deal}: {cause if cause is not None else code}")


@dataclass(frozen=True, slots=True)
class DealIn:
    """One deal as entered: ``contract`` is a code (``4SX``) or ``PASS``; ``tricks`` declarer's total."""

    side: str
    contract: str
    tricks: int | None = None
    honours: tuple[str, int] | None = None

    @property
    def passed(self) -> bool:
        return self.contract == "PASS"


@dataclass(slots=True)
class Figure:
    deal: int
    side: str
    points: int
    below: bool
    kind: str
    game: int


@dataclass(slots=True)
class DealRow:
    number: int
    deal: DealIn
    dealer: str
    vulnerable: dict[str, bool]
    chicago_deal: int | None
    figures: list[Figure] = field(default_factory=list)

    def points(self, side: str) -> int:
        return sum(f.points for f in self.figures if f.side == side)

    @property
    def result(self) -> str:
        if self.deal.passed or self.deal.tricks is None:
            return ""
        return scoring.result_text(self.deal.contract, self.deal.tricks)


@dataclass(slots=True)
class Sheet:
    kind: str
    rows: list[DealRow]
    figures: list[Figure]
    over: bool
    ended: bool
    next_dealer: str | None
    vulnerable: dict[str, bool]
    games_won: dict[str, int]
    next_chicago_deal: int | None

    @property
    def totals(self) -> dict[str, int]:
        return {side: sum(f.points for f in self.figures if f.side == side) for side in SIDES}

    def above(self, side: str) -> list[Figure]:
        """Figures above the line, the latest first (a scorer writes upwards from the line)."""
        return [f for f in reversed(self.figures) if f.side == side and not f.below]

    @property
    def games(self) -> list[dict]:
        """Below the line, game by game: each side's figures and whether a line is drawn under it."""
        count = max([f.game for f in self.figures if f.below], default=1)
        sections = []
        for game in range(1, count + 1):
            parts = {side: [f for f in self.figures if f.below and f.game == game and f.side == side] for side in SIDES}
            closed = any(sum(f.points for f in parts[side]) >= 100 for side in SIDES)
            sections.append({"we": parts["We"], "they": parts["They"], "closed": closed})
        return sections

    def net(self, side: str = "We") -> int:
        totals = self.totals
        other = "They" if side == "We" else "We"
        return totals[side] - totals[other]


def rounded(net: int, rounding: str) -> int:
    """A net score rounded to hundreds as the club chooses (symmetric, so the two sides' scores cancel)."""
    if rounding not in ROUNDINGS:
        raise ValueError(f"{rounding!r}: rounding must be one of {', '.join(ROUNDINGS)}")
    if rounding == "exact":
        return net
    hundreds, rest = divmod(abs(net), 100)
    if rest > 50 or (rest == 50 and rounding == "up50"):
        hundreds += 1
    return hundreds * 100 * (1 if net >= 0 else -1)


def _figures(entries: list[LineEntry], number: int) -> list[Figure]:
    return [Figure(number, e.side, e.points, e.below, e.kind, e.game) for e in entries]


def _standing_bonus(chicago: scoring.Chicago, number: int) -> list[Figure]:
    """100 to a side that alone has a part-score after deal 4 (none if a game was just made)."""
    parts = chicago.part_scores
    if max(parts.values()) >= 100 or (parts["We"] > 0) == (parts["They"] > 0):
        return []
    side = "We" if parts["We"] else "They"
    game = max((e.game for e in chicago.entries), default=1)
    return [Figure(number, side, 100, False, "part-score", game)]


def _dealer(kind: str, first_dealer: str, number: int, counted: int) -> str:
    steps = counted if kind == "chicago" else number - 1
    return SEATS[(SEATS.index(first_dealer) + steps) % 4]


def build(
    kind: str, first_dealer: str, deals: list[DealIn], chicago_bonus: str = "fourth", ended: bool = False
) -> Sheet:
    """The sheet after ``deals``; ``ended`` settles an unfinished rubber (300 / 100) after the last deal.

    Raises `SheetError` naming the first deal that cannot be written (``over``: the sheet was already
    finished; ``too_many``; ``deal``: scoring refused it, ``cause`` says why).
    """
    if kind not in KINDS or first_dealer not in SEATS or chicago_bonus not in CHICAGO_BONUSES:
        raise ValueError(f"{kind!r}, {first_dealer!r}, {chicago_bonus!r}: not a known kind, seat or bonus")
    pad = scoring.Chicago(SIDE_OF_SEAT[first_dealer]) if kind == "chicago" else scoring.Rubber()
    rows, figures = [], []
    for number, deal in enumerate(deals, start=1):
        if number > MAX_DEALS:
            raise SheetError("too_many", number)
        if pad.is_over:
            raise SheetError("over", number)
        row = DealRow(
            number,
            deal,
            _dealer(kind, first_dealer, number, pad.deals_played),
            dict(pad.vulnerable),
            pad.deal if isinstance(pad, scoring.Chicago) else None,
        )
        try:
            entries = pad.record(deal.side, None if deal.passed else deal.contract, deal.tricks or 0, deal.honours)
        except ValueError as error:
            raise SheetError("deal", number, error) from error
        row.figures = _figures(entries, number)
        if isinstance(pad, scoring.Chicago) and chicago_bonus != "fourth":
            row.figures = [f for f in row.figures if f.kind != "part-score"]
            if pad.is_over and chicago_bonus == "standing":
                row.figures += _standing_bonus(pad, number)
        rows.append(row)
        figures += row.figures
    settled = ended and isinstance(pad, scoring.Rubber) and not pad.is_over
    if settled:
        figures += _figures(pad.end(), len(deals))
    over = pad.is_over
    counted = pad.deals_played
    return Sheet(
        kind,
        rows,
        figures,
        over,
        settled,
        None if over else _dealer(kind, first_dealer, len(deals) + 1, counted),
        dict(pad.vulnerable),
        pad.games_won,
        pad.deal if isinstance(pad, scoring.Chicago) else None,
    )
