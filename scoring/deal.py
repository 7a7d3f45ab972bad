"""Scoring one deal under the laws of a given era (duplicate scoring).

Eras (``laws``), from the history section of the seeds:

* ``"1932"``: notrump tricks score 30, 40, 30, 40, ... (odd tricks alternate, the first is 30), for
  tricks bid and for undoubled overtricks; undertricks per the "before 1935" column.
* ``"1935"``: notrump tricks 40, 30, 30, ...; undertricks per the "1935-1987" column (not vulnerable
  doubled: 100, 200, 200, 200 ...).
* ``"1987"`` (default, today's laws): not vulnerable doubled undertricks 100, 200, 200, 300, 300 ...

The seeds' undertrick history table lists the amount of each successive undertrick (not running
totals): read that way its 1935-1987 and post-1987 columns give the seed's own figures (seven
not vulnerable doubled, nine down: 1700, then 2300 after 1987; eleven down 2100), and the pre-1935
column keeps doubled vulnerable at twice undoubled vulnerable (100, 150, 200 ... / 200, 300, 400 ...).

In the two older eras the bonus for making a redoubled contract is 50, as for a doubled one; the
seeds say it "used to be only 50" and was raised to 100 with the later laws.  All other elements
(overtricks, slam, game and part-score bonuses) are scored as today: the seeds describe no change.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._checks import is_whole
from .boards import seat_vulnerable
from .contracts import Contract, _as_contract, _check_tricks

LAWS: tuple[str, ...] = ("1932", "1935", "1987")

_SUIT_TRICK = {"C": 20, "D": 20, "H": 30, "S": 30}
_NT_TRICKS = {
    "1932": (30, 40, 30, 40, 30, 40, 30),
    "1935": (40, 30, 30, 30, 30, 30, 30),
    "1987": (40, 30, 30, 30, 30, 30, 30),
}


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The parts of one deal's score, as in the columns of the seeds' 16-board table.

    All parts are for the declaring side.  ``undertricks`` is the penalty (a positive number of
    points that goes to the defenders); ``game_bonus`` is the part-score (50) or game (300/500)
    bonus.  ``total`` = contract_points + overtricks + game_bonus + slam_bonus + insult_bonus
    when the contract is made, and ``-undertricks`` when it is defeated.
    """

    contract_points: int = 0
    overtricks: int = 0
    game_bonus: int = 0
    slam_bonus: int = 0
    insult_bonus: int = 0
    undertricks: int = 0
    total: int = 0


def _check_laws(laws: str | int) -> str:
    name = str(laws)
    if name not in LAWS:
        raise ValueError(f"{laws!r}: laws must be one of 1932, 1935, 1987")
    return name


def _check_vulnerable(vulnerable: bool) -> None:
    if not isinstance(vulnerable, bool):
        raise ValueError(
            f"{vulnerable!r}: vulnerable must be True or False for the declaring side "
            "(for a board vulnerability such as 'NS', use ns_score)"
        )


def trick_values(strain: str, laws: str = "1987") -> tuple[int, ...]:
    """Undoubled value of each odd trick, first to seventh, in a strain under an era's laws."""
    if not isinstance(strain, str) or (strain not in _SUIT_TRICK and strain != "NT"):
        raise ValueError(f"{strain!r}: the strain must be C, D, H, S or NT")
    if strain == "NT":
        return _NT_TRICKS[_check_laws(laws)]
    return (_SUIT_TRICK[strain],) * 7


def undertrick_penalty(down: int, vulnerable: bool, doubled: int, laws: str = "1987") -> int:
    """Penalty points (positive) for ``down`` undertricks, from the seeds' undertrick tables.

    Each table gives the amount of each successive undertrick; redoubled is twice doubled.
    """
    era = _check_laws(laws)
    if not is_whole(down) or not 0 <= down <= 13:
        raise ValueError(f"{down!r}: the number of undertricks must be a whole number from 0 to 13")
    _check_vulnerable(vulnerable)
    if not is_whole(doubled) or doubled not in (0, 1, 2):
        raise ValueError(f"{doubled!r}: doubled must be 0 (undoubled), 1 (doubled) or 2 (redoubled)")
    total = 0
    for n in range(1, down + 1):  # n-th undertrick
        if doubled == 0:
            if era == "1932" and vulnerable:
                total += 50 + 50 * n  # 100, 150, 200, 250 ...
            else:
                total += 100 if vulnerable else 50
            continue
        if era == "1932":
            each = 100 + 100 * n if vulnerable else 50 + 50 * n  # 200, 300, 400 ... / 100, 150, 200 ...
        elif vulnerable:
            each = 200 if n == 1 else 300
        elif n == 1:
            each = 100
        elif era == "1935" or n <= 3:
            each = 200
        else:
            each = 300
        total += each * doubled  # doubled = 1, redoubled = 2: "always twice the doubled amount"
    return total


def _made_parts(contract: Contract, vulnerable: bool, tricks: int, laws: str) -> tuple[int, int, int, int]:
    """(contract points, overtricks, slam bonus, insult bonus) of a made contract."""
    values = trick_values(contract.strain, laws)
    factor = (1, 2, 4)[contract.doubled]
    contract_points = sum(values[: contract.level]) * factor
    extra = tricks - contract.tricks_needed
    if contract.doubled == 0:
        overtricks = sum(values[contract.level : contract.level + extra])
    else:
        overtricks = extra * (100 if not vulnerable else 200) * contract.doubled
    slam = 0
    if contract.level == 6:
        slam = 750 if vulnerable else 500
    elif contract.level == 7:
        slam = 1500 if vulnerable else 1000
    insult = 0
    if contract.doubled == 1 or (contract.doubled == 2 and laws != "1987"):
        insult = 50
    elif contract.doubled == 2:
        insult = 100
    return contract_points, overtricks, slam, insult


def score_breakdown(
    contract: Contract | str | None, vulnerable: bool, tricks: int, laws: str = "1987"
) -> ScoreBreakdown:
    """Score one deal at duplicate and return its parts (see `ScoreBreakdown`).

    ``contract`` is a `Contract`, text such as ``"4SX"``, or ``None`` for a passed-out board;
    ``vulnerable`` is whether the declaring side is vulnerable; ``tricks`` is declarer's total
    tricks (0-13); ``laws`` is ``"1932"``, ``"1935"`` or ``"1987"``.
    """
    era = _check_laws(laws)
    _check_vulnerable(vulnerable)
    _check_tricks(tricks)
    found = _as_contract(contract)
    if found is None:
        return ScoreBreakdown()
    if tricks < found.tricks_needed:
        penalty = undertrick_penalty(found.tricks_needed - tricks, vulnerable, found.doubled, era)
        return ScoreBreakdown(undertricks=penalty, total=-penalty)
    contract_points, overtricks, slam, insult = _made_parts(found, vulnerable, tricks, era)
    if contract_points >= 100:
        game = 500 if vulnerable else 300
    else:
        game = 50
    total = contract_points + overtricks + game + slam + insult
    return ScoreBreakdown(contract_points, overtricks, game, slam, insult, 0, total)


def score_deal(contract: Contract | str | None, vulnerable: bool, tricks: int, laws: str = "1987") -> int:
    """Duplicate score of one deal for the declaring side (negative when defeated).

    Arguments as for `score_breakdown`; a passed-out board scores 0.
    """
    return score_breakdown(contract, vulnerable, tricks, laws).total


def ns_score(
    contract: Contract | str | None, declarer: str, vulnerability: str, tricks: int, laws: str = "1987"
) -> int:
    """Duplicate score from North-South's point of view.

    ``declarer`` is ``"N" "E" "S" "W"``; ``vulnerability`` the board's (``"None" "NS" "EW" "Both"``).
    """
    vulnerable = seat_vulnerable(vulnerability, declarer)
    score = score_deal(contract, vulnerable, tricks, laws)
    return score if declarer in ("N", "S") else -score
