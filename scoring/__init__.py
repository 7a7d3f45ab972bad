"""Bridge scoring: every rule of the club's seed texts, in pure Python (standard library only).

Strains are ``"C" "D" "H" "S" "NT"``; seats ``"N" "E" "S" "W"``; board vulnerability
``"None" "NS" "EW" "Both"``.  Scores are from North-South's point of view unless a name says
otherwise.  See README.md in this package for the API with examples.
"""

from .adjusted import Adjusted, parse_entry
from .boards import SEATS, VULNERABILITIES, board_dealer, board_vulnerability, seat_vulnerable
from .contracts import STRAINS, Contract, parse_contract, result_text, shown_result, tricks_from_result
from .conventions import CROSS_IMPS, PRESETS, SHORT_BOARDS, Conventions, preset, score_board
from .deal import LAWS, ScoreBreakdown, ns_score, score_breakdown, score_deal, trick_values, undertrick_penalty
from .errors import ScoringError
from .field import score_field
from .hands import high_card_points
from .imps import (
    ADJUSTED_IMP_MODES,
    ADJUSTED_IMPS,
    DATUM_ROUNDINGS,
    IMP_TABLES,
    ImpAward,
    butler_datum,
    butler_imps,
    cross_imps,
    imps,
)
from .matchpoints import matchpoint_top, matchpoint_unit, matchpoints, neuberg, percentages
from .rubber import Chicago, LineEntry, Rubber
from .teams import board_a_match, team_imps
from .totals import factored, total_line
from .typed import NOT_PLAYED_WORDS, PASS_WORDS, TypedResult, TypedResultError, read_result
from .victory_points import victory_points
from .weighted import Weighted, parse_weighted

__all__ = [
    "ADJUSTED_IMP_MODES",
    "DATUM_ROUNDINGS",
    "CROSS_IMPS",
    "PRESETS",
    "SHORT_BOARDS",
    "Conventions",
    "ImpAward",
    "preset",
    "score_board",
    "score_field",
    "factored",
    "total_line",
    "ADJUSTED_IMPS",
    "IMP_TABLES",
    "LAWS",
    "NOT_PLAYED_WORDS",
    "PASS_WORDS",
    "SEATS",
    "STRAINS",
    "VULNERABILITIES",
    "Adjusted",
    "Chicago",
    "Contract",
    "LineEntry",
    "Rubber",
    "ScoreBreakdown",
    "ScoringError",
    "TypedResult",
    "TypedResultError",
    "board_a_match",
    "board_dealer",
    "board_vulnerability",
    "butler_datum",
    "butler_imps",
    "cross_imps",
    "high_card_points",
    "imps",
    "matchpoint_top",
    "matchpoint_unit",
    "matchpoints",
    "neuberg",
    "ns_score",
    "parse_contract",
    "parse_entry",
    "percentages",
    "read_result",
    "result_text",
    "shown_result",
    "score_breakdown",
    "score_deal",
    "seat_vulnerable",
    "team_imps",
    "trick_values",
    "tricks_from_result",
    "undertrick_penalty",
    "victory_points",
    "Weighted",
    "parse_weighted",
]
