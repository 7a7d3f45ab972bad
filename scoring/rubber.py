"""Rubber bridge and Chicago scoresheets (We / They, above and below the line).

Rubber (seed 000, "Puente de goma"): contract points go below the line, everything else above;
a side that reaches 100 below the line wins a game, and the line drawn under it cuts both sides'
part-scores from counting toward the next game.  The first side to win two games wins the
rubber: 700 if the opponents have no game, 500 if they have one.  A rubber ended unfinished gives
300 to a side that alone has a game and 100 to a side that alone has a part-score in the game in
progress.  Honours (100 for four trump honours in one hand, 150 for five or for four aces at
notrump) go above the line to the side holding them, defenders included.  There is no part-score
or game bonus at rubber.

Chicago (not described in the seeds; the common ACBL form): four deals; deal 1 nobody vulnerable,
deals 2 and 3 the dealer's side vulnerable, deal 4 both.  A game scores its bonus at once (300
not vulnerable, 500 vulnerable) and cuts both part-scores; a part-score made on deal 4 that does not
complete a game scores 100.  A passed-out deal is redealt by the same dealer and does not count.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._checks import is_whole
from .contracts import Contract, _as_contract, _check_tricks
from .deal import _check_laws, _made_parts, undertrick_penalty

SIDES: tuple[str, ...] = ("We", "They")


@dataclass(frozen=True, slots=True)
class LineEntry:
    """One figure on the scoresheet.

    ``deal`` is the deal that produced it (1, 2 ...); ``side`` ``"We"`` or ``"They"``; ``below``
    whether it is written below the line; ``kind`` one of ``contract``, ``overtricks``, ``slam``,
    ``insult``, ``undertricks``, ``honours``, ``game``, ``part-score``, ``rubber``,
    ``unfinished game``, ``unfinished part-score``; ``game`` the game (1, 2 ...) in progress when
    it was scored, i.e. the section between two lines in which a below-the-line figure sits.
    """

    deal: int
    side: str
    points: int
    below: bool
    kind: str
    game: int


def _other(side: str) -> str:
    return "They" if side == "We" else "We"


def _check_side(side: str, what: str = "side") -> None:
    if side not in SIDES:
        raise ValueError(f"{side!r}: the {what} must be 'We' or 'They'")


def _check_honours(honours: tuple[str, int] | None, contract: Contract | None) -> None:
    if honours is None:
        return
    if contract is None:
        raise ValueError("a passed-out deal scores no honours")
    if not isinstance(honours, tuple) or len(honours) != 2:
        raise ValueError(f"{honours!r}: honours are written (side holding them, 100 or 150), e.g. ('They', 150)")
    holder, points = honours
    _check_side(holder, "side holding the honours")
    if not is_whole(points) or points not in (100, 150):
        raise ValueError(f"{points!r}: honours score 100 (four trump honours) or 150 (five, or four aces at NT)")
    if contract.strain == "NT" and points != 150:
        raise ValueError("at notrump only the four aces in one hand count as honours: 150")


class _Scoresheet:
    """What rubber and Chicago scoresheets share: the entries and the readings of them."""

    def __init__(self, laws: str = "1987") -> None:
        self._laws = _check_laws(laws)
        self._entries: list[LineEntry] = []
        self._deals = 0
        self._game = 1
        self._games_won = {"We": 0, "They": 0}
        self._over = False

    @property
    def entries(self) -> tuple[LineEntry, ...]:
        """Every figure written so far, in order."""
        return tuple(self._entries)

    @property
    def above(self) -> dict[str, list[int]]:
        """The figures above the line, per side."""
        return {side: [e.points for e in self._entries if e.side == side and not e.below] for side in SIDES}

    @property
    def below(self) -> dict[str, list[int]]:
        """The figures below the line, per side."""
        return {side: [e.points for e in self._entries if e.side == side and e.below] for side in SIDES}

    @property
    def games(self) -> list[dict[str, list[int]]]:
        """Below-the-line figures per game (the sections between lines), including the one in progress."""
        return [
            {side: [e.points for e in self._entries if e.below and e.game == g and e.side == side] for side in SIDES}
            for g in range(1, self._game + 1)
        ]

    @property
    def part_scores(self) -> dict[str, int]:
        """Below-the-line points of each side toward the game in progress."""
        return {
            side: sum(e.points for e in self._entries if e.below and e.game == self._game and e.side == side)
            for side in SIDES
        }

    @property
    def games_won(self) -> dict[str, int]:
        """Games won by each side."""
        return dict(self._games_won)

    @property
    def is_over(self) -> bool:
        """Whether no more deals can be recorded."""
        return self._over

    @property
    def deals_played(self) -> int:
        """Deals recorded (passed-out deals are not counted)."""
        return self._deals

    def totals(self) -> dict[str, int]:
        """Total points of each side, bonuses included: ``{"We": int, "They": int}``."""
        return {side: sum(e.points for e in self._entries if e.side == side) for side in SIDES}

    def _write(self, side: str, points: int, below: bool, kind: str) -> LineEntry:
        entry = LineEntry(self._deals, side, points, below, kind, self._game)
        self._entries.append(entry)
        return entry

    def _play(
        self, side: str, contract: Contract, tricks: int, honours: tuple[str, int] | None, vulnerable: bool
    ) -> tuple[list[LineEntry], bool]:
        """Write one deal's figures except bonuses for games; return them and whether it was made."""
        written = []
        made = tricks >= contract.tricks_needed
        if made:
            contract_points, overtricks, slam, insult = _made_parts(contract, vulnerable, tricks, self._laws)
            written.append(self._write(side, contract_points, True, "contract"))
            for points, kind in ((overtricks, "overtricks"), (slam, "slam"), (insult, "insult")):
                if points:
                    written.append(self._write(side, points, False, kind))
        else:
            penalty = undertrick_penalty(contract.tricks_needed - tricks, vulnerable, contract.doubled, self._laws)
            written.append(self._write(_other(side), penalty, False, "undertricks"))
        if honours is not None:
            written.append(self._write(honours[0], honours[1], False, "honours"))
        return written, made

    def _check_deal(
        self, side: str, contract: Contract | str | None, tricks: int, honours: tuple[str, int] | None
    ) -> Contract | None:
        _check_side(side, "declaring side")
        found = _as_contract(contract)
        _check_tricks(tricks)
        _check_honours(honours, found)
        return found


class Rubber(_Scoresheet):
    """A rubber bridge scoresheet.

    ``record(side, contract, tricks, honours=None)`` writes one deal; ``totals()`` gives the
    points of each side; ``above``, ``below``, ``games``, ``games_won``, ``vulnerable``,
    ``is_over`` and ``entries`` describe the sheet at any time; ``end()`` ends an unfinished rubber.
    """

    @property
    def vulnerable(self) -> dict[str, bool]:
        """Whether each side is vulnerable (has won a game)."""
        return {side: self._games_won[side] > 0 for side in SIDES}

    def record(
        self, side: str, contract: Contract | str | None, tricks: int, honours: tuple[str, int] | None = None
    ) -> list[LineEntry]:
        """Record one deal and return the figures it wrote.

        ``side``: the declaring side, ``"We"`` or ``"They"``; ``contract``: a `Contract`, text
        such as ``"4SX"``, or ``None`` for a passed-out deal (nothing is written); ``tricks``:
        declarer's total tricks; ``honours``: ``None`` or ``(side holding them, 100 or 150)``.
        """
        if self._over:
            raise ValueError("the rubber is over: start a new one")
        found = self._check_deal(side, contract, tricks, honours)
        if found is None:
            return []
        self._deals += 1
        written, made = self._play(side, found, tricks, honours, self.vulnerable[side])
        if made and self.part_scores[side] >= 100:
            self._games_won[side] += 1
            if self._games_won[side] == 2:
                bonus = 700 if self._games_won[_other(side)] == 0 else 500
                written.append(self._write(side, bonus, False, "rubber"))
                self._over = True
            else:
                self._game += 1  # a line is drawn: both part-scores stop counting
        return written

    def end(self) -> list[LineEntry]:
        """End an unfinished rubber: 300 to a side that alone has a game, 100 to a side that alone
        has a part-score in the game in progress.  Returns the figures written."""
        if self._over:
            raise ValueError("the rubber is already over")
        written = []
        we, they = self._games_won["We"], self._games_won["They"]
        if (we > 0) != (they > 0):
            written.append(self._write("We" if we else "They", 300, False, "unfinished game"))
        part = self.part_scores
        if (part["We"] > 0) != (part["They"] > 0):
            written.append(self._write("We" if part["We"] else "They", 100, False, "unfinished part-score"))
        self._over = True
        return written


class Chicago(_Scoresheet):
    """A Chicago (four-deal) scoresheet; ``first_dealer`` is the side dealing deal 1."""

    def __init__(self, first_dealer: str = "We", laws: str = "1987") -> None:
        _check_side(first_dealer, "first dealer")
        super().__init__(laws)
        self._first_dealer = first_dealer

    @property
    def deal(self) -> int | None:
        """Number (1-4) of the next deal, or None when the four deals are done."""
        return None if self._over else self._deals + 1

    @property
    def dealer(self) -> str | None:
        """Side dealing the next deal."""
        if self._over:
            return None
        return self._first_dealer if self._deals % 2 == 0 else _other(self._first_dealer)

    @property
    def vulnerable(self) -> dict[str, bool]:
        """Vulnerability for the next deal: none, dealer's side, dealer's side, both."""
        number = self._deals + 1
        if number == 1 or self._over:
            return {"We": False, "They": False}
        if number == 4:
            return {"We": True, "They": True}
        return {side: side == self.dealer for side in SIDES}

    def record(
        self, side: str, contract: Contract | str | None, tricks: int, honours: tuple[str, int] | None = None
    ) -> list[LineEntry]:
        """Record the next deal (arguments as for `Rubber.record`) and return the figures it wrote.

        A passed-out deal (``contract=None``) writes nothing and is redealt: it does not count.
        """
        if self._over:
            raise ValueError("the four deals of this Chicago are done: start a new one")
        found = self._check_deal(side, contract, tricks, honours)
        if found is None:
            return []
        vulnerable = self.vulnerable[side]
        self._deals += 1
        written, made = self._play(side, found, tricks, honours, vulnerable)
        if made and self.part_scores[side] >= 100:
            written.append(self._write(side, 500 if vulnerable else 300, False, "game"))
            self._games_won[side] += 1
            if self._deals < 4:
                self._game += 1  # a line is drawn: both part-scores stop counting
        elif made and self._deals == 4:
            written.append(self._write(side, 100, False, "part-score"))
        if self._deals == 4:
            self._over = True
        return written
