"""The problems the deal and PBN code reports, each with a stable code so a site can translate it.

`DealProblem` is a ``ValueError`` whose text is the English message; ``code`` and ``params`` let a site show
its own wording (see `club.bridge_messages`). `MESSAGES` lists every code with its English wording.
"""

from __future__ import annotations

from collections.abc import Callable

MESSAGES: dict[str, str] = {
    "hand.suits": "Board {board}: {seat} is written “{text}”; a hand has four suits separated by dots "
    "(spades.hearts.diamonds.clubs), e.g. AKQ.JT9.876.5432",
    "hand.symbol": "Board {board}: {seat} holds “{symbol}”, which is not a card (use A K Q J T 9 8 7 6 5 4 3 2)",
    "hand.count": "Board {board}: {seat} has {count} cards; a hand has 13",
    "hand.twice_in_hand": "Board {board}: {seat} holds the {card} twice",
    "deal.duplicate": "Board {board}: the {card} is in two hands ({seats})",
    "deal.format": "Board {board}: “{text}” is not a deal; write it as N:hand hand hand hand, "
    "the hands clockwise from the seat named first",
    "deal.hidden": "Board {board}: the deal is incomplete (a hand is hidden as '-')",
    "pbn.board": "“{value}”: a Board tag holds a board number (1 or more)",
    "pbn.no_board": "a deal without a Board tag",
    "pbn.board_twice": "board {board} is given twice with different deals (also on line {other_line})",
    "pbn.no_deals": "the file holds no deal (no Deal tag)",
    "session.board": "board {board} is not played in this session",
    "session.board_left_out": "board {board} is not played in this session: its deal is left out",
    "match.board": "board {board} is not played in this match (boards {first} to {last})",
    "pbn.dealer": "board {board}: the file says dealer {found}; board {board} is dealt by {expected}",
    "pbn.vulnerable": "board {board}: the file says vulnerable {found}; board {board} is {expected}",
}


class DealProblem(ValueError):
    """A ``ValueError`` saying in English what is wrong, with the ``code`` and ``params`` of its message."""

    def __init__(self, code: str, line: int | None = None, **params: object) -> None:
        self.code = code
        self.line = line  # the line of a file it was found on (None: not from a file, or the file as a whole)
        self.params = params
        super().__init__(MESSAGES[code].format(**params))

    @property
    def message(self) -> DealProblem:
        """The problem without its line (what `club.bridge_messages.line_problem` shows after "Line N:")."""
        return self

    def __reduce__(self) -> tuple[Callable[..., DealProblem], tuple[object, ...]]:
        return _problem, (self.code, self.line, self.params)


def _problem(code: str, line: int | None, params: dict[str, object]) -> DealProblem:
    return DealProblem(code, line, **params)


class DealRefused(ValueError):
    """A deal (or a file) refused: ``problems`` lists every reason, each a `DealProblem` (``line`` set in files)."""

    def __init__(self, problems: list[DealProblem]) -> None:
        super().__init__("\n".join(str(problem) for problem in problems))
        self.problems = problems
