"""The typed-result reader: what a director types for one result (contract, declarer, tricks, or an adjusted
score, or not played), read and scored. Shared by pairs traveller lines and teams match rooms."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

import scoring
from club.bridge_messages import translate  # scoring's errors in the reader's language

NOT_PLAYED_WORDS = {"NP", "NOT PLAYED", "NOTPLAYED", "-"}
PASS_WORDS = {"PASS", "P", "AP", "PASSED", "ALL PASS", "ALLPASS"}


@dataclass(frozen=True)
class LineResult:
    """What was typed in the contract, declarer and result fields, read and scored."""

    contract: str = ""
    adjusted: str = ""
    not_played: bool = False
    declarer: str = ""
    tricks: int | None = None
    ns_score: int | None = None

    @property
    def entry(self) -> int | str | None:
        """The entry `scoring` compares: the NS score, the adjusted code, or None when not played."""
        if self.not_played:
            return None
        return self.adjusted or self.ns_score


def read_result(board_number: int, contract_text: str, declarer: str, result_text: str) -> LineResult:
    """Reads a typed result: a contract with declarer and tricks (`10`, `=`, `+1`, `-2`), PASS,
    an adjusted score (A+, A, A-, A6040 ...) or NP for not played.

    Raises ValidationError keyed by the field at fault.
    """
    text = " ".join(contract_text.upper().split())
    declarer = declarer.strip().upper()[:1]
    result_text = result_text.strip()
    if not text:
        raise ValidationError({"contract": _("Enter a contract (e.g. 4S, 3NTX), PASS, an adjusted score "
                                             "(A+, A, A-, A6040) or NP for not played.")})
    if text in NOT_PLAYED_WORDS:
        return LineResult(not_played=True)
    if text in PASS_WORDS:
        return LineResult(contract="PASS", ns_score=0)
    if text.startswith("A"):  # contracts start with their level; "AP" (all pass) was read above
        try:
            adjusted = scoring.parse_entry(text)
        except ValueError as error:
            raise ValidationError({"contract": translate(error)}) from error
        return LineResult(adjusted=adjusted.code)
    try:
        contract = scoring.parse_contract(text)
    except ValueError as error:
        raise ValidationError({"contract": translate(error)}) from error
    if contract is None:
        return LineResult(contract="PASS", ns_score=0)
    errors = {}
    if declarer not in scoring.SEATS:
        errors["declarer"] = _("Declarer must be N, E, S or W.")
    tricks = None
    if not result_text:
        errors["tricks"] = _("Enter the tricks taken (0 to 13) or the result (=, +1, -2).")
    else:
        try:
            if result_text.lstrip("+-").isdigit() and result_text[0] not in "+-":
                tricks = int(result_text)
                if not 0 <= tricks <= 13:
                    raise ValueError(_("%(tricks)s tricks: declarer takes 0 to 13 tricks.") % {"tricks": tricks})
            else:
                tricks = scoring.tricks_from_result(contract, result_text.replace("−", "-").replace("–", "-"))
        except ValueError as error:
            errors["tricks"] = translate(error)
    if errors:
        raise ValidationError(errors)
    vulnerability = scoring.board_vulnerability(board_number)
    return LineResult(contract=contract.code, declarer=declarer, tricks=tricks,
                      ns_score=scoring.ns_score(contract, declarer, vulnerability, tricks))
