"""Reading a result as a director types it: the contract, declarer and tricks fields of a traveller line.

The contract field holds a contract (``4S``, ``3ntx``, ``4♠X``), a passed-out board (``PASS``, ``P``, ``AP`` ...),
an artificial adjusted score (``A+``, ``A``, ``A-``, ``A6040``, ``A60/50``, ``A61.8/38.2``) or, in a pairs event,
a weighted score (``60% 4S N =, 40% 4S N -1``, read as ``W60:420;40:-50``) or ``NP`` for a board not played.
Declarer is ``N`` ``E`` ``S`` or ``W`` (``North`` is read as ``N``); tricks are declarer's total (``10``)
or the result against the contract (``=``, ``+1``, ``-2``).

The score field holds the NS score of the slip (``420``, ``-100``): alone, a score-only line (its contract
unknown); with a contract, the two must agree.  A language's own notation (``O`` for West, ``1SA`` for 1NT) is
read through a `Notation` (`scoring.notation`).

`read_result` returns a `TypedResult` or raises `TypedResultError`: a `ScoringError` naming the field at fault
(``"contract"``, ``"declarer"``, ``"tricks"`` or ``"score"``), with every field's refusal in ``problems``
(all of a line's errors at once: ``8S N 14`` is refused for its level and for its tricks).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ._checks import is_whole
from .adjusted import Adjusted, parse_entry
from .boards import SEATS, board_vulnerability
from .contracts import STRAINS, Contract, parse_contract, tricks_from_result
from .deal import ns_score
from .errors import ScoringError
from .imps import ADJUSTED_IMPS
from .notation import ENGLISH, Notation
from .weighted import Weighted

NOT_PLAYED_WORDS: frozenset[str] = frozenset({"NP", "NOT PLAYED", "NOTPLAYED", "-"})
PASS_WORDS: frozenset[str] = frozenset({"PASS", "P", "AP", "PASSED", "ALL PASS", "ALLPASS"})
MAX_LENGTH = 40  # characters in a field: far more than any result needs, far fewer than int() chokes on
_ASCII_DIGITS = frozenset("0123456789")


@dataclass(frozen=True, slots=True)
class TypedResult:
    """A typed result, read and scored.

    ``contract`` is the contract's code (``4SX``), ``"PASS"`` for a passed-out board, or ``""``; ``adjusted``
    an adjusted score's code (``A6040``); ``ns_score`` the score for North-South of a contract or a pass, or
    alone (no contract) the score of a score-only slip; ``bare_average`` an average typed as a bare ``A``
    (A5050 unspecified, to be checked), not as the explicit ``A5050``.
    """

    contract: str = ""
    adjusted: str = ""
    not_played: bool = False
    declarer: str = ""
    tricks: int | None = None
    ns_score: int | None = None
    bare_average: bool = False

    @property
    def score_only(self) -> bool:
        """A slip that gives only the NS score, no contract."""
        return not (self.contract or self.adjusted or self.not_played) and self.ns_score is not None

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
    return TypedResult(adjusted=entry.code, bare_average="".join(text.split()) == "A")


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


def _declarer_problem(declarer: str, notation: Notation) -> TypedResultError | None:
    problem = _check_text("declarer", declarer.strip(), digits=False)
    if problem is None and not notation.read_seat(declarer):
        problem = TypedResultError("declarer", "typed.declarer")
    return problem


def _without_contract(declarer: str, result: str, notation: Notation) -> list[TypedResultError]:
    """What is wrong with the declarer and tricks typed beside a contract that cannot be read: whatever can be
    told without the contract (a seat that is none, tricks out of 0 to 13)."""
    problems = []
    if declarer.strip():
        problems.append(_declarer_problem(declarer, notation))
    text = result.strip()
    problem = _check_text("tricks", text)
    if problem is None and text.isdigit() and not 0 <= int(text) <= 13:
        problem = TypedResultError("tricks", "typed.tricks", tricks=int(text))
    problems.append(problem)
    return [problem for problem in problems if problem is not None]


def _played(board: int, contract: Contract, declarer: str, result: str, notation: Notation) -> TypedResult:
    """A contract with its declarer and tricks, scored on the board's vulnerability; both fields checked."""
    problems: list[TypedResultError] = []
    problem = _declarer_problem(declarer, notation)
    if problem is not None:
        problems.append(problem)
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
        raise _all(problems)
    assert tricks is not None
    seat = notation.read_seat(declarer)
    return TypedResult(
        contract=contract.code,
        declarer=seat,
        tricks=tricks,
        ns_score=ns_score(contract, seat, board_vulnerability(board), tricks),
    )


def _all(problems: list[TypedResultError]) -> TypedResultError:
    """The first refusal, carrying every one."""
    problems[0].problems = tuple(problems)
    return problems[0]


_WEIGHTED_PART = re.compile(r"(\d{1,3}(?:\.\d{1,2})?)\s*%\s*(.+)")


def _weighted_part(board: int, text: str, notation: Notation) -> tuple[int | float, int]:
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
        found = parse_contract(notation.read_contract(tokens[0]))
        if found is None:
            raise TypedResultError("contract", "typed.weighted", text=text.strip())
        played = _played(board, found, tokens[1], tokens[2], notation)
    except ScoringError as error:
        raise TypedResultError.of("contract", error) from None
    assert played.ns_score is not None
    return (int(weight) if weight.is_integer() else weight), played.ns_score


def _weighted(board: int, text: str, notation: Notation) -> TypedResult:
    """``60% 4S N =, 40% 4S N -1``: a weighted score (Law 12C1c), each result scored on the board."""
    parts = tuple(_weighted_part(board, part, notation) for part in re.split(r"[,;]", text) if part.strip())
    try:
        return TypedResult(adjusted=Weighted(parts).code)
    except ScoringError as error:
        raise TypedResultError.of("contract", error) from None


@cache
def possible_scores(vulnerability: str) -> frozenset[int]:
    """Every NS score a contract can give on a board of this vulnerability (0 for a pass)."""
    scores = {0}
    for level in range(1, 8):
        for strain in STRAINS:
            for doubled in (0, 1, 2):
                contract = Contract(level, strain, doubled)
                for seat in SEATS:
                    scores.update(ns_score(contract, seat, vulnerability, tricks) for tricks in range(14))
    return frozenset(scores)


def read_score(board: int, text: str) -> int | None:
    """The NS score typed in the score field (``420``, ``-100``, ``+50``), or None when the field is empty;
    refused when no contract gives it on this board."""
    text = "".join(text.split()).replace("−", "-").replace("–", "-")
    if not text:
        return None
    problem = _check_text("score", text)
    if problem is not None:
        raise problem
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isdigit() or len(digits) > 5:
        raise TypedResultError("score", "typed.score", text=text)
    score = int(text)
    vulnerability = board_vulnerability(board)
    if score not in possible_scores(vulnerability):
        raise TypedResultError("score", "typed.score_impossible", score=score, board=board)
    return score


def _cross_check(typed: TypedResult, score: int | None, notation: Notation) -> TypedResult:
    """A contract and a score both typed must agree; an adjusted or not-played line takes no score."""
    if score is None:
        return typed
    if typed.adjusted or typed.not_played:
        raise TypedResultError("score", "typed.score_not_scored")
    if typed.ns_score != score:
        contract = notation.contract(typed.contract)
        if typed.declarer:
            contract = f"{contract} {notation.seat(typed.declarer)} {typed.tricks}"
        raise TypedResultError("score", "typed.score_mismatch", contract=contract, expected=typed.ns_score, score=score)
    return typed


def _arguments(contract: object, declarer: object, result: object, score: object) -> None:
    if not isinstance(contract, str):
        raise TypedResultError("contract", "contract.not_text", text=contract)
    if not isinstance(declarer, str):
        raise TypedResultError("declarer", "typed.declarer")
    if not isinstance(result, str):
        raise TypedResultError("tricks", "result.not_text", text=result)
    if not isinstance(score, str):
        raise TypedResultError("score", "typed.score", text=score)


def read_result(
    board: int,
    contract: str,
    declarer: str = "",
    result: str = "",
    *,
    score: str = "",
    team: bool = False,
    notation: Notation = ENGLISH,
) -> TypedResult:
    """Reads what was typed for board number ``board``: ``contract``, ``declarer``, ``result`` (the tricks) and
    ``score`` (the NS score: alone, a score-only line; with a contract, cross-checked against it).

    ``team``: a team match's room, where an adjusted score is A+, A or A- (or A6040, A5050, A4060, A6060,
    A4040: the percentages `ADJUSTED_IMPS` gives IMPs for) and a board cannot be "not played".
    ``notation``: the language's seat letters and notrump and pass words, read besides the English ones.
    Raises `TypedResultError` naming the field at fault, with every field's refusal in ``problems``.
    """
    _arguments(contract, declarer, result, score)
    text = notation.read_contract(" ".join(contract.upper().split()))
    problems: list[TypedResultError] = []
    try:
        typed_score = read_score(board, score)
    except TypedResultError as error:
        typed_score, problems = None, [error]
    try:
        typed = _read_contract(board, text, declarer, result, team, notation)
    except TypedResultError as error:
        raise _all([*error.problems, *problems]) from None
    if typed is None:
        if problems:
            raise _all(problems)
        if typed_score is None:
            raise TypedResultError("contract", "typed.empty_team" if team else "typed.empty")
        return TypedResult(ns_score=typed_score)
    if problems:
        raise _all(problems)
    return _cross_check(typed, typed_score, notation)


def _read_contract(
    board: int, text: str, declarer: str, result: str, team: bool, notation: Notation
) -> TypedResult | None:
    """The contract field read (None when it is empty), with its declarer and tricks."""
    problem = _check_text("contract", text)
    if problem is not None:
        raise problem
    if not text:
        if declarer.strip() or result.strip():
            raise TypedResultError("contract", "typed.empty_team" if team else "typed.empty")
        return None
    if text in NOT_PLAYED_WORDS and not team:
        return TypedResult(not_played=True)
    if text in PASS_WORDS:
        return TypedResult(contract="PASS", ns_score=0)
    if "%" in text:
        if team:
            raise TypedResultError("contract", "typed.team_adjusted", value=text)
        return _weighted(board, text, notation)
    if text.startswith("A"):  # contracts start with their level; "AP" (all pass) was read above
        return _adjusted(text, team)
    try:
        found = parse_contract(text)  # in a team match "NP" is refused here, as the contract it is not
    except ScoringError as error:
        raise _all([TypedResultError.of("contract", error), *_without_contract(declarer, result, notation)]) from None
    if found is None:
        return TypedResult(contract="PASS", ns_score=0)
    return _played(board, found, declarer, result, notation)
