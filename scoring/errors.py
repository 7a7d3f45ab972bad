"""The errors scoring raises about what a person typed, each with a stable code, so a site can translate them.

`ScoringError` is a ``ValueError`` whose text is the English message; it also carries ``code`` and ``params``,
so a site shows its own wording of ``code`` filled with ``params`` (or the English when it has none).
`MESSAGES` lists every code, with its English wording.
"""

from __future__ import annotations

from collections.abc import Callable

MESSAGES: dict[str, str] = {
    "contract.not_text": "{text!r}: a contract must be written as text, e.g. 4S, 3NTX or PASS",
    "contract.empty": "the contract is empty: write e.g. 4S, 3NTX, or PASS for a passed-out board",
    "contract.no_level": "{text}: a contract starts with its level, 1 to 7, e.g. 4S or 3NT",
    "contract.level": "{text}: a contract level must be 1 to 7",
    "contract.strain": "{text}: the strain must be C, D, H, S or NT",
    "contract.after_strain": "{text}: after the strain only X (doubled) or XX (redoubled) may follow",
    "contract.too_doubled": "{text}: a contract can only be doubled (X) or redoubled (XX)",
    "contract.doubled": "{text}: doubled must be 0 (undoubled), 1 (doubled, X) or 2 (redoubled, XX)",
    "contract.expected": "{text!r}: expected a contract such as 4S or 3NTX",
    "tricks.range": "{tricks!r}: tricks are declarer's total tricks, a whole number from 0 to 13",
    "result.passed_out": "a passed-out board has no result",
    "result.not_text": "{text!r}: a result is written =, +1, -2 ...",
    "result.notation": "{text}: a result is written = (made exactly), +1, +2 ... or -1, -2 ...",
    "result.too_many": "{result}: that would be {tricks} tricks, and a deal has only 13",
    "result.too_few": "{result}: {contract} can go at most {down} down (declarer took no trick)",
    "entry.percent": "{percent!r}: an adjusted score gives each side a percentage from 0 to 100, "
    "with at most two decimals, e.g. A6040 or A61.8/38.2",
    "entry.invalid": "{entry!r}: a result is either an NS score (a whole number such as 620 or -100) "
    "or an adjusted score such as A6040, A60/40, A61.8/38.2, A+, A or A-",
    "weighted.parts": "a weighted score lists 2 to {most} results, each with its weight",
    "weighted.weight": "{weight!r}: each weight of a weighted score is a percentage above 0 and below 100, "
    "with at most two decimals",
    "weighted.total": "the weights of a weighted score add up to {total}, not 100",
    "weighted.too_many": "at most {most} weighted scores on one board",
    "typed.weighted": "“{text}”: write each part of a weighted score as a weight and a result, "
    "e.g. 60% 4S N =, 40% 4S N -1",
    "typed.empty": "Enter a contract (e.g. 4S, 3NTX), PASS, an adjusted score (A+, A, A-, A6040) or NP for not played.",
    "typed.empty_team": "Enter a contract (e.g. 4S, 3NTX), PASS, or an adjusted score (A+, A, A-).",
    "typed.team_adjusted": "“{value}”: an adjusted score in a team match is A+, A or A- (±3 IMPs), "
    "or A6040, A5050, A4060, A6060, A4040.",
    "typed.declarer": "Declarer must be N, E, S or W.",
    "typed.no_tricks": "Enter the tricks taken (0 to 13) or the result (=, +1, -2).",
    "typed.tricks": "{tricks} tricks: declarer takes 0 to 13 tricks.",
    "typed.too_long": "too long: a result is written in at most {limit} characters",
    "typed.control": "the text holds an invisible control character: type it again",
    "typed.score": "{text}: the NS score is a whole number such as 420 or -100",
    "typed.score_impossible": "{score}: no contract scores that on board {board}",
    "typed.score_not_scored": "An adjusted score or a board not played has no NS score: leave the score empty.",
    "typed.score_mismatch": "{contract} scores {expected} for NS on this board, not {score}: "
    "correct the contract or the score.",
    "typed.digits": "{text}: write numbers with the digits 0 to 9",
    "vp.whole_imps": "{margin!r}: VP scales convert a whole number of IMPs; round the margin first",
    "vp.scale": "{scale!r}: the VP scale must be one of {scales}",
    "vp.boards": "{boards!r}: the number of boards in the match must be a whole number, 1 or more",
    "vp.boards_table": "{scale}: this VP scale has tables for {supported} boards, not {boards!r}",
}


class Listing(tuple):
    """A parameter that lists values: in English "8, 10 and 12" (a site joins it in its own language)."""

    def __format__(self, spec: str) -> str:
        items = [str(item) for item in self]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


class ScoringError(ValueError):
    """A ``ValueError`` saying in English what is wrong, with the ``code`` and ``params`` of its message."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(MESSAGES[code].format(**params))

    def __reduce__(self) -> tuple[Callable[..., ScoringError], tuple[object, ...]]:
        return _error, (self.code, self.params)


def _error(code: str, params: dict[str, object]) -> ScoringError:
    return ScoringError(code, **params)
