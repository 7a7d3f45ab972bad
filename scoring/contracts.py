"""Contracts: the `Contract` value, parsing of what a director types, and result notation.

A contract is a level (1-7), a strain (``"C" "D" "H" "S" "NT"``) and a doubling state
(0 undoubled, 1 doubled, 2 redoubled).  A passed-out board has no contract: `parse_contract`
returns ``None`` for it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ._checks import is_whole
from .errors import ScoringError

STRAINS: tuple[str, ...] = ("C", "D", "H", "S", "NT")
SUIT_SYMBOLS: dict[str, str] = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}

# What may stand for each strain in typed text (after upper-casing and removing spaces).
_STRAIN_ALIASES: dict[str, str] = {
    "NT": "NT",
    "N": "NT",
    "C": "C",
    "D": "D",
    "H": "H",
    "S": "S",
    "♣": "C",
    "♧": "C",
    "♦": "D",
    "♢": "D",
    "♥": "H",
    "♡": "H",
    "♠": "S",
    "♤": "S",
}
_PASSED_OUT = frozenset({"PASS", "P", "AP", "ALLPASS", "PASSED", "PASSEDOUT"})
_LEADING_DIGITS = re.compile(r"\d+")
_RESULT = re.compile(r"([+\-])(\d+)")


@dataclass(frozen=True, slots=True)
class Contract:
    """A bridge contract.

    ``level`` is 1 to 7, ``strain`` one of ``"C" "D" "H" "S" "NT"``, ``doubled`` 0 (undoubled),
    1 (doubled) or 2 (redoubled).  ``str(contract)`` gives ``4♠X``; ``contract.code`` gives ``4SX``.
    Invalid values raise ``ValueError``.
    """

    level: int
    strain: str
    doubled: int = 0

    def __post_init__(self) -> None:
        if not is_whole(self.level) or not 1 <= self.level <= 7:
            raise ScoringError("contract.level", text=f"{self.level}{self.strain}")
        if not isinstance(self.strain, str) or self.strain not in STRAINS:
            raise ScoringError("contract.strain", text=f"{self.level}{self.strain}")
        if not is_whole(self.doubled) or self.doubled not in (0, 1, 2):
            raise ScoringError("contract.doubled", text=f"{self.level}{self.strain}")

    @property
    def code(self) -> str:
        """ASCII form, e.g. ``4SX``, ``3NT``, ``7NTXX``; `parse_contract` reads it back."""
        return f"{self.level}{self.strain}{'X' * self.doubled}"

    @property
    def tricks_needed(self) -> int:
        """Total tricks declarer must take: level + 6."""
        return self.level + 6

    def __str__(self) -> str:
        return f"{self.level}{SUIT_SYMBOLS[self.strain]}{'X' * self.doubled}"


def parse_contract(text: str) -> Contract | None:
    """Read a contract as typed by a player or director.

    Accepts ``4S``, ``4s``, ``4♠``, ``4SX``, ``4S XX``, ``3NT``, ``3N``, ``7NTXX`` (spaces and case
    do not matter) and returns a `Contract`; ``PASS``, ``P`` or ``AP`` (a passed-out board) return
    ``None``.  Anything else raises ``ValueError`` saying what is wrong, e.g.
    ``"8S: a contract level must be 1 to 7"``.
    """
    if not isinstance(text, str):
        raise ScoringError("contract.not_text", text=text)
    shown = text.strip()
    compact = "".join(shown.split()).upper()
    if not compact:
        raise ScoringError("contract.empty")
    if compact in _PASSED_OUT:
        return None
    digits = _LEADING_DIGITS.match(compact)
    if digits is None:
        raise ScoringError("contract.no_level", text=shown)
    level = int(digits.group())
    if not 1 <= level <= 7:
        raise ScoringError("contract.level", text=shown)
    rest = compact[digits.end() :]
    strain = None
    for alias in ("NT", rest[:1]):
        if rest.startswith(alias) and alias in _STRAIN_ALIASES:
            strain = _STRAIN_ALIASES[alias]
            rest = rest[len(alias) :]
            break
    if strain is None:
        raise ScoringError("contract.strain", text=shown)
    if rest.strip("X"):
        raise ScoringError("contract.after_strain", text=shown)
    if len(rest) > 2:
        raise ScoringError("contract.too_doubled", text=shown)
    return Contract(level, strain, len(rest))


def _as_contract(contract: Contract | str | None) -> Contract | None:
    """Accept a `Contract`, typed text, or ``None`` (passed out)."""
    if contract is None or isinstance(contract, Contract):
        return contract
    if isinstance(contract, str):
        return parse_contract(contract)
    raise ScoringError("contract.expected", text=contract)


def _check_tricks(tricks: int) -> None:
    if not is_whole(tricks) or not 0 <= tricks <= 13:
        raise ScoringError("tricks.range", tricks=tricks)


def result_text(contract: Contract | str, tricks: int) -> str:
    """Result as written on a traveller: ``"="`` when made exactly, ``"+1"``, ``"-2"``.

    ``tricks`` is declarer's total, 0 to 13.  A passed-out board has no result (``ValueError``).
    """
    found = _as_contract(contract)
    if found is None:
        raise ScoringError("result.passed_out")
    _check_tricks(tricks)
    difference = tricks - found.tricks_needed
    if difference == 0:
        return "="
    return f"{difference:+d}"


def shown_result(contract: str, tricks: int | None) -> str:
    """The result column of a traveller: `result_text` for a played contract; ``""`` for a passed-out
    board and for a line without a contract or tricks (an adjusted score, not played)."""
    if tricks is None or not contract or contract == "PASS":
        return ""
    return result_text(contract, tricks)


def tricks_from_result(contract: Contract | str, result: str) -> int:
    """Declarer's total tricks from a result such as ``"="``, ``"+1"`` or ``"-2"``.

    Raises ``ValueError`` if the text is not a result or would mean fewer than 0 or more than 13 tricks.
    """
    found = _as_contract(contract)
    if found is None:
        raise ScoringError("result.passed_out")
    if not isinstance(result, str):
        raise ScoringError("result.not_text", text=result)
    text = "".join(result.split()).replace("−", "-").replace("–", "-")
    if text == "=":
        return found.tricks_needed
    match = _RESULT.fullmatch(text)
    if match is None:
        raise ScoringError("result.notation", text=result)
    change = int(match.group(2)) * (1 if match.group(1) == "+" else -1)
    tricks = found.tricks_needed + change
    if tricks > 13:
        raise ScoringError("result.too_many", result=f"{found.code}{text}", tricks=tricks)
    if tricks < 0:
        raise ScoringError(
            "result.too_few", result=f"{found.code}{text}", contract=found.code, down=found.tricks_needed
        )
    return tricks
