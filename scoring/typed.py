"""Reading a result as a director types it: the contract, declarer and tricks fields of a traveller line.

The contract field holds a contract (``4S``, ``3ntx``, ``4♠X``), a passed-out board (``PASS``, ``P``, ``AP`` ...),
an artificial adjusted score (``A+``, ``A``, ``A-``, ``A6040``, ``A60/50``, ``A61.8/38.2``) or, in a pairs event,
a weighted score (``60% 4S N =, 40% 4S N -1``, read as ``W60:420;40:-50``) or ``NP`` for a board not played.
Declarer is ``N`` ``E`` ``S`` or ``W`` (``North`` is read as ``N``); tricks are declarer's total (``10``)
or the result against the contract (``=``, ``+1``, ``-2``).

`read_result` returns a `TypedResult` or raises `TypedResultError`: a `ScoringError` naming the field at fault
(``"contract"``, ``"declarer"`` or ``"tricks"``), with every field's refusal in ``problems`` when declarer and
tricks are both wrong.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from ._checks import is_whole
from .adjusted import Adjusted, parse_entry
from .boards import SEATS, board_vulnerability
from .contracts import Contract, parse_contract, tricks_from_result
from .deal import ns_score
from .errors import ScoringError
from .imps import ADJUSTED_IMPS
from .weighted import Weighted

NOT_PLAYED_WORDS: frozenset[str] = frozenset({"NP", "NOT PLAYED", "NOTPLAYED", "-"})
PASS_WORDS: frozenset[str] = frozenset({"PASS", "P", "AP", "PASSED", "ALL PASS", "ALLPASS"})
MAX_LENGTH = 40  # characters in a field: far more than any result needs, far fewer than int() chokes on
_ASCII_DIGITS = frozenset("0123456789")


@dataclass(frozen=True, slots=True)
class TypedResult:
    """A typed result, read and scored.

    ``contract`` is the contract's code (``4SX``), ``"PASS"`` for a passed-out board, or ``""``; ``adjusted``
    an adjusted score's code (``A6040``); ``ns_score`` the score for North-South of a contract or a pass.
    """

    contract: str = ""
    adjusted: str = ""
    not_played: bool = False
    declarer: str = ""
    tricks: int | None = None
    ns_score: int | None = None

    @property
    def entry(self) -> int | str | None:
        """The entry the board's scoring compares: the NS score, the adjusted code, or None when not played."""
        if self.not_played:
            return None
        return self.adjusted or self.ns_score


class TypedResultError(ScoringError):
    """A typed result refused: ``field`` is the field at fault, ``problems`` every refusal (this one first)."""

    def __init__(self, field: str, code: str, /, **params: object) -> None:
        self.field = field
        self.problems: tuple[TypedResultError, ...] = (self,)
        super().__init__(code, **params)

    @classmethod
    def of(cls, field: str, error: ScoringError) -> TypedResultError:
        """``error`` (from the scoring functions the reader calls) as the refusal of ``field``."""
        return cls(field, error.code, **error.params)

    def __reduce__(self) -> tuple[Callable[..., TypedResultError], tuple[object, ...]]:
        return _typed_error, (self.field, self.code, self.params, self.problems[1:])


def _typed_error(
    field: str, code: str, params: dict[str, object], others: tuple[TypedResultError, ...]
) -> TypedResultError:
    error = TypedResultError(field, code, **params)
    error.problems = (error, *others)
    return error


def _check_text(field: str, text: str, digits: bool = True) -> TypedResultError | None:
    """The refusal of a field's text that no reading could accept: too long, control characters, or
    (``digits``) numbers written with other digits than 0 to 9 (``²``, ``①``, fullwidth ``１``)."""
    if len(text) > MAX_LENGTH:
        return TypedResultError(field, "typed.too_long", limit=MAX_LENGTH)
    if any(unicodedata.category(char) == "Cc" and not char.isspace() for char in text):
        return TypedResultError(field, "typed.control")
    if digits and any(char.isnumeric() and char not in _ASCII_DIGITS for char in text):
        return TypedResultError(field, "typed.digits", text=text)
    return None


def _adjusted(text: str, team: bool) -> TypedResult:
    """``A+``, ``A``, ``A-``, ``A6040`` ...; a team match only gives the percentages of `ADJUSTED_IMPS`."""
    try:
        entry = parse_entry(text)
    except ScoringError as error:
        if team:
            raise TypedResultError("contract", "typed.team_adjusted", value=text) from None
        raise TypedResultError.of("contract", error) from None
    if not isinstance(entry, Adjusted):  # parse_entry returns ints unchanged; a text "A..." is never weighted
        raise TypedResultError("contract", "entry.invalid", entry=text)
    if team and not all(
        is_whole(percent) and percent in ADJUSTED_IMPS for percent in (entry.ns_percent, entry.ew_percent)
    ):
        raise TypedResultError("contract", "typed.team_adjusted", value=text)
    return TypedResult(adjusted=entry.code)


def _tricks(contract: Contract, text: str) -> int:
    """Declarer's tricks from ``10`` or from ``=``, ``+1``, ``-2`` (a minus sign or a dash read as ``-``)."""
    if not text:
        raise TypedResultError("tricks", "typed.no_tricks")
    if text.isdigit():  # ASCII digits only: _check_text refused the others
        tricks = int(text)
        if not 0 <= tricks <= 13:
            raise TypedResultError("tricks", "typed.tricks", tricks=tricks)
        return tricks
    try:
        return tricks_from_result(contract, text.replace("−", "-").replace("–", "-"))
    except ScoringError as error:
        raise TypedResultError.of("tricks", error) from None


def _played(board: int, contract: Contract, declarer: str, result: str) -> TypedResult:
    """A contract with its declarer and tricks, scored on the board's vulnerability; both fields checked."""
    problems: list[TypedResultError] = []
    seat = declarer.strip().upper()[:1]
    problem = _check_text("declarer", declarer.strip(), digits=False)
    if problem is not None or seat not in SEATS:
        problems.append(problem or TypedResultError("declarer", "typed.declarer"))
    tricks = None
    text = result.strip()
    try:
        problem = _check_text("tricks", text)
        if problem is not None:
            raise problem
        tricks = _tricks(contract, text)
    except TypedResultError as error:
        problems.append(error)
    if problems:
        problems[0].problems = tuple(problems)
        raise problems[0]
    assert tricks is not None
    return TypedResult(
        contract=contract.code,
        declarer=seat,
        tricks=tricks,
        ns_score=ns_score(contract, seat, board_vulnerability(board), tricks),
    )


_WEIGHTED_PART = re.compile(r"(\d{1,3}(?:\.\d{1,2})?)\s*%\s*(.+)")


def _weighted_part(board: int, text: str) -> tuple[int | float, int]:
    """One part of a typed weighted score, ``60% 4S N =`` or ``40% PASS``: (weight, NS score)."""
    match = _WEIGHTED_PART.fullmatch(text.strip())
    if not match:
        raise TypedResultError("contract", "typed.weighted", text=text.strip())
    weight = float(match.group(1))
    tokens = match.group(2).split()
    if " ".join(tokens) in PASS_WORDS:
        return (int(weight) if weight.is_integer() else weight), 0
    if len(tokens) != 3:
        raise TypedResultError("contract", "typed.weighted", text=text.strip())
    try:
        found = parse_contract(tokens[0])
        if found is None:
            raise TypedResultError("contract", "typed.weighted", text=text.strip())
        played = _played(board, found, tokens[1], tokens[2])
    except ScoringError as error:
        raise TypedResultError.of("contract", error) from None
    assert played.ns_score is not None
    return (int(weight) if weight.is_integer() else weight), played.ns_score


def _weighted(board: int, text: str) -> TypedResult:
    """``60% 4S N =, 40% 4S N -1``: a weighted score (Law 12C1c), each result scored on the board."""
    parts = tuple(_weighted_part(board, part) for part in re.split(r"[,;]", text) if part.strip())
    try:
        return TypedResult(adjusted=Weighted(parts).code)
    except ScoringError as error:
        raise TypedResultError.of("contract", error) from None


def read_result(board: int, contract: str, declarer: str = "", result: str = "", *, team: bool = False) -> TypedResult:
    """Reads what was typed for board number ``board``: ``contract``, ``declarer`` and ``result`` (the tricks).

    ``team``: a team match's room, where an adjusted score is A+, A or A- (or A6040, A5050, A4060, A6060,
    A4040: the percentages `ADJUSTED_IMPS` gives IMPs for) and a board cannot be "not played".
    Raises `TypedResultError` naming the field at fault.
    """
    if not isinstance(contract, str):
        raise TypedResultError("contract", "contract.not_text", text=contract)
    if not isinstance(declarer, str):
        raise TypedResultError("declarer", "typed.declarer")
    if not isinstance(result, str):
        raise TypedResultError("tricks", "result.not_text", text=result)
    text = " ".join(contract.upper().split())
    problem = _check_text("contract", text)
    if problem is not None:
        raise problem
    if not text:
        raise TypedResultError("contract", "typed.empty_team" if team else "typed.empty")
    if text in NOT_PLAYED_WORDS and not team:
        return TypedResult(not_played=True)
    if text in PASS_WORDS:
        return TypedResult(contract="PASS", ns_score=0)
    if "%" in text:
        if team:
            raise TypedResultError("contract", "typed.team_adjusted", value=text)
        return _weighted(board, text)
    if text.startswith("A"):  # contracts start with their level; "AP" (all pass) was read above
        return _adjusted(text, team)
    try:
        found = parse_contract(text)  # in a team match "NP" is refused here, as the contract it is not
    except ScoringError as error:
        raise TypedResultError.of("contract", error) from None
    if found is None:
        return TypedResult(contract="PASS", ns_score=0)
    return _played(board, found, declarer, result)
