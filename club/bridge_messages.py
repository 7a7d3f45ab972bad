"""The messages of the pure packages (`scoring`, the movement generators) in the reader's language.

`scoring` raises `scoring.ScoringError` and the generators give `movement_generators.texts.Text`: both keep their
English text and carry a stable ``code`` with its ``params``.  `MESSAGES` maps each code to a translatable string with
named placeholders (an ``ngettext_lazy`` takes its number from the parameter it names); `translate` fills it in.
A code without an entry, or a plain string, is shown as it is (in English).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.text import get_text_list
from django.utils.translation import get_language, gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.errors import Listing
from scoring.notation import notation_for

_CONTRACT = {
    "contract.not_text": _("%(text)s: a contract must be written as text, e.g. 4S, 3NTX or PASS"),
    "contract.empty": _("the contract is empty: write e.g. 4S, 3NTX, or PASS for a passed-out board"),
    "contract.no_level": _("%(text)s: a contract starts with its level, 1 to 7, e.g. 4S or 3NT"),
    "contract.level": _("%(text)s: a contract level must be 1 to 7"),
    "contract.strain": _("%(text)s: the strain must be C, D, H, S or NT"),
    "contract.after_strain": _("%(text)s: after the strain only X (doubled) or XX (redoubled) may follow"),
    "contract.too_doubled": _("%(text)s: a contract can only be doubled (X) or redoubled (XX)"),
    "contract.doubled": _("%(text)s: doubled must be 0 (undoubled), 1 (doubled, X) or 2 (redoubled, XX)"),
    "contract.expected": _("%(text)s: expected a contract such as 4S or 3NTX"),
    "tricks.range": _("%(tricks)s: tricks are declarer's total tricks, a whole number from 0 to 13"),
    "result.passed_out": _("a passed-out board has no result"),
    "result.not_text": _("%(text)s: a result is written =, +1, -2 ..."),
    "result.notation": _("%(text)s: a result is written = (made exactly), +1, +2 ... or -1, -2 ..."),
    "result.too_many": _("%(result)s: that would be %(tricks)s tricks, and a deal has only 13"),
    "result.too_few": _("%(result)s: %(contract)s can go at most %(down)s down (declarer took no trick)"),
    "entry.percent": _(
        "%(percent)s: an adjusted score gives each side a percentage from 0 to 100, with at most two decimals, "
        "e.g. A6040 or A61.8/38.2"
    ),
    "entry.invalid": _(
        "'%(entry)s': a result is either an NS score (a whole number such as 620 or -100) "
        "or an adjusted score such as A6040, A60/40, A61.8/38.2, A+, A or A-"
    ),
    "weighted.parts": _("a weighted score lists 2 to %(most)s results, each with its weight"),
    "weighted.weight": _(
        "%(weight)s: each weight of a weighted score is a percentage above 0 and below 100, with at most two decimals"
    ),
    "weighted.total": _("the weights of a weighted score add up to %(total)s, not 100"),
    "weighted.too_many": _("at most %(most)s weighted scores on one board"),
    "typed.weighted": _(
        "“%(text)s”: write each part of a weighted score as a weight and a result, e.g. 60%% 4S N =, 40%% 4S N -1"
    ),
    "typed.empty": _(
        "Enter a contract (e.g. 4S, 3NTX), PASS, an adjusted score (A+, A, A-, A6040) or NP for not played."
    ),
    "typed.empty_team": _("Enter a contract (e.g. 4S, 3NTX), PASS, or an adjusted score (A+, A, A-)."),
    "typed.team_adjusted": _(
        "“%(value)s”: an adjusted score in a team match is A+, A or A- (±3 IMPs), or A6040, A5050, A4060, A6060, A4040."
    ),
    "typed.declarer": _("Declarer must be N, E, S or W."),
    "typed.no_tricks": _("Enter the tricks taken (0 to 13) or the result (=, +1, -2)."),
    "typed.tricks": _("%(tricks)s tricks: declarer takes 0 to 13 tricks."),
    "typed.too_long": _("too long: a result is written in at most %(limit)s characters"),
    "typed.control": _("the text holds an invisible control character: type it again"),
    "typed.score": _("%(text)s: the NS score is a whole number such as 420 or -100"),
    "typed.score_impossible": _("%(score)s: no contract scores that on board %(board)s"),
    "typed.score_not_scored": _("An adjusted score or a board not played has no NS score: leave the score empty."),
    "typed.score_mismatch": _(
        "%(contract)s scores %(expected)s for NS on this board, not %(score)s: correct the contract or the score."
    ),
    "typed.digits": _("%(text)s: write numbers with the digits 0 to 9"),
    "vp.whole_imps": _("%(margin)s: VP scales convert a whole number of IMPs; round the margin first"),
    "vp.scale": _("%(scale)s: the VP scale must be one of %(scales)s"),
    "vp.boards": _("%(boards)s: the number of boards in the match must be a whole number, 1 or more"),
    "vp.boards_table": _("%(scale)s: this VP scale has tables for %(supported)s boards, not %(boards)s"),
}

_MITCHELL_ARROWS = ngettext_lazy(
    "%(tables)s-table Mitchell, arrow switch in round %(rounds)s",
    "%(tables)s-table Mitchell, arrow switch in round %(rounds)s",
    "tables",
)
_SKIP_ARROWS = ngettext_lazy(
    "%(tables)s-table Mitchell (skip), arrow switch in round %(rounds)s",
    "%(tables)s-table Mitchell (skip), arrow switch in round %(rounds)s",
    "tables",
)
_RELAY_ARROWS = ngettext_lazy(
    "%(tables)s-table Mitchell (share and relay), arrow switch in round %(rounds)s",
    "%(tables)s-table Mitchell (share and relay), arrow switch in round %(rounds)s",
    "tables",
)
_MITCHELL_ROUNDS = ngettext_lazy(
    "%(tables)s-table Mitchell, arrow switch in rounds %(rounds)s",
    "%(tables)s-table Mitchell, arrow switch in rounds %(rounds)s",
    "tables",
)
_SKIP_ROUNDS = ngettext_lazy(
    "%(tables)s-table Mitchell (skip), arrow switch in rounds %(rounds)s",
    "%(tables)s-table Mitchell (skip), arrow switch in rounds %(rounds)s",
    "tables",
)
_RELAY_ROUNDS = ngettext_lazy(
    "%(tables)s-table Mitchell (share and relay), arrow switch in rounds %(rounds)s",
    "%(tables)s-table Mitchell (share and relay), arrow switch in rounds %(rounds)s",
    "tables",
)
_NAMES = {
    "mitchell.name": ngettext_lazy("%(tables)s-table Mitchell", "%(tables)s-table Mitchell", "tables"),
    "mitchell.name.skip": ngettext_lazy(
        "%(tables)s-table Mitchell (skip)", "%(tables)s-table Mitchell (skip)", "tables"
    ),
    "mitchell.name.relay": ngettext_lazy(
        "%(tables)s-table Mitchell (share and relay)", "%(tables)s-table Mitchell (share and relay)", "tables"
    ),
    "mitchell.name.arrows": _MITCHELL_ARROWS,
    "mitchell.name.skip.arrows": _SKIP_ARROWS,
    "mitchell.name.relay.arrows": _RELAY_ARROWS,
    "mitchell.name.arrows.rounds": _MITCHELL_ROUNDS,
    "mitchell.name.skip.arrows.rounds": _SKIP_ROUNDS,
    "mitchell.name.relay.arrows.rounds": _RELAY_ROUNDS,
    "howell.name": ngettext_lazy("%(tables)s-table Howell", "%(tables)s-table Howell", "tables"),
    "howell.name.shortened": ngettext_lazy(
        "%(tables)s-table Howell (%(rounds)s of %(natural)s rounds)",
        "%(tables)s-table Howell (%(rounds)s of %(natural)s rounds)",
        "tables",
    ),
}

_NOTES = {
    "mitchell.note.moves": _(
        "North-South pairs stay at their table; East-West pairs move up one table; boards move down one table."
    ),
    "mitchell.note.skip": _(
        "Skip: after round %(round)s the East-West pairs move up two tables instead of one "
        "(the boards move down one as usual)."
    ),
    "mitchell.note.relay": _(
        "Tables 1 and %(tables)s share boards every round. A bye stand (relay) between tables "
        "%(lower)s and %(upper)s holds one set: table %(upper)s passes its boards to the bye "
        "stand, and the bye stand's boards go to table %(lower)s."
    ),
    "mitchell.note.arrows": ngettext_lazy(
        "Arrow switch in round %(rounds)s: at every table the pairs swap directions (North-South play the "
        "East-West cards); their results count for the other field.",
        "Arrow switch in rounds %(rounds)s: at every table the pairs swap directions (North-South play the "
        "East-West cards); their results count for the other field.",
        "count",
    ),
    "mitchell.note.shortened": ngettext_lazy(
        "Shortened to %(rounds)s of the %(natural)s rounds.",
        "Shortened to %(rounds)s of the %(natural)s rounds.",
        "natural",
    ),
    "howell.note.stationary": _(
        "Pair %(pair)s stays at table %(table)s, North-South. After each round every other "
        "pair moves to the seat just left by the pair numbered one below it (pair 1 follows "
        "pair %(previous)s)."
    ),
    "howell.note.boards": _("Boards move down one table each round; sets not in play wait on relay tables."),
    "howell.note.relay.one": _(
        "Round 1: set %(first)s waits on a relay between table %(following)s and table "
        "%(table)s: boards leaving table %(following)s go onto the relay, and table %(table)s "
        "takes its next boards from it."
    ),
    "howell.note.relay.many": _(
        "Round 1: sets %(first)s-%(last)s wait on a relay between table %(following)s and "
        "table %(table)s: boards leaving table %(following)s go onto the relay, and table "
        "%(table)s takes its next boards from it."
    ),
    "howell.note.shared.always": _("The tables share boards every round."),
    "howell.note.shared": ngettext_lazy(
        "Shared boards in round %(rounds)s: several tables play the same set (make copies of those boards in "
        "advance if you can).",
        "Shared boards in rounds %(rounds)s: several tables play the same set (make copies of those boards in "
        "advance if you can).",
        "count",
    ),
    "howell.note.shortened": ngettext_lazy(
        "Shortened to %(rounds)s of the %(natural)s rounds: not every pair meets every other pair.",
        "Shortened to %(rounds)s of the %(natural)s rounds: not every pair meets every other pair.",
        "natural",
    ),
    "note.missing": _("Pair %(pair)s is missing: its opponents sit out that round."),
}

_PARAMETERS = {
    "value.at_least": _("%(name)s must be a whole number of at least %(minimum)s (got %(value)s)"),
    "mitchell.even": _("even must be one of %(methods)s (got %(value)s)"),
    "mitchell.rounds": ngettext_lazy(
        "a %(tables)s-table Mitchell has at most %(natural)s rounds (asked for %(rounds)s)",
        "a %(tables)s-table Mitchell has at most %(natural)s rounds (asked for %(rounds)s)",
        "tables",
    ),
    "mitchell.arrow_round": _("arrow switch round %(round)s is not a round of this movement (1 to %(rounds)s)"),
    "mitchell.phantom": _("phantom must be True or one of the pairs 1NS..%(tables)sEW (got %(value)s)"),
    "howell.tables": ngettext_lazy(
        "no complete Howell for %(tables)s table (supported: %(low)s to %(high)s)",
        "no complete Howell for %(tables)s tables (supported: %(low)s to %(high)s)",
        "tables",
    ),
    "howell.rounds": ngettext_lazy(
        "a %(tables)s-table Howell has at most %(natural)s rounds (asked for %(rounds)s)",
        "a %(tables)s-table Howell has at most %(natural)s rounds (asked for %(rounds)s)",
        "tables",
    ),
    "howell.phantom": _("phantom must be True or one of the pairs 1..%(pairs)s (got %(value)s)"),
    "csv.numbering": _("numbering must be one of %(numberings)s (got %(value)s)"),
}

_MISSING_COLUMNS = ngettext_lazy("missing column: %(columns)s", "missing columns: %(columns)s", "count")
_CSV = {
    "csv.empty": _("the CSV is empty: a header row is required (%(columns)s)"),
    "csv.unreadable": _("unreadable CSV: %(error)s"),
    "csv.column_twice": _("column %(column)s appears twice"),
    "csv.no_header": _("no header row: the first line must name the columns %(columns)s"),
    "csv.missing_column": _MISSING_COLUMNS,
    "csv.missing_columns": _MISSING_COLUMNS,
    "csv.field_count": _("expected %(expected)s fields, found %(found)s"),
    "csv.value_empty": _("%(column)s is empty"),
    "csv.not_whole": _("%(column)s '%(value)s' is not a whole number"),
    "csv.too_small": _("%(column)s must be at least %(minimum)s (got %(number)s)"),
    "csv.too_large": _("%(column)s must be at most %(maximum)s (got %(value)s)"),
    "csv.not_pair": _("%(column)s '%(value)s' is not a pair number"),
    "csv.arrow_switch": _("arrow_switch '%(value)s' is not yes or no"),
    "csv.no_pairs": _("both ns_pair and ew_pair are empty"),
    "csv.ew_pair": _("%(column)s '%(value)s' is an East-West pair"),
    "csv.ns_pair": _("%(column)s '%(value)s' is a North-South pair"),
    "csv.board_range": _("low_board %(low)s is greater than high_board %(high)s"),
    "csv.no_rows": _("no movement rows after the header"),
    "csv.sections": _("more than one section (%(names)s): load one section at a time"),
}

_PLAYED_TWICE_LINE = ngettext_lazy(
    "pair %(pair)s plays board %(boards)s again (already played on line %(line)s)",
    "pair %(pair)s plays boards %(boards)s again (already played on line %(line)s)",
    "count",
)
_PLAYED_TWICE_TABLE = ngettext_lazy(
    "pair %(pair)s plays board %(boards)s again (already played in round %(round)s at table %(table)s)",
    "pair %(pair)s plays boards %(boards)s again (already played in round %(round)s at table %(table)s)",
    "count",
)
_TWO_TABLES = ngettext_lazy(
    "board %(boards)s is also at table %(table)s in round %(round)s and the tables do not share boards",
    "boards %(boards)s are also at table %(table)s in round %(round)s and the tables do not share boards",
    "count",
)
_TWO_TABLES_LINE = ngettext_lazy(
    "board %(boards)s is also at table %(table)s in round %(round)s (on line %(line)s) and the tables do not share "
    "boards",
    "boards %(boards)s are also at table %(table)s in round %(round)s (on line %(line)s) and the tables do not "
    "share boards",
    "count",
)
_CHECKS = {
    "check.empty_table": _("no pair at the table"),
    "check.bad_number": _("rounds and tables are numbered from 1"),
    "check.table_used_twice": _("table %(table)s appears twice in round %(round)s"),
    "check.table_used_twice.line": _("table %(table)s appears twice in round %(round)s (also on line %(line)s)"),
    "check.pair_against_itself": _("pair %(pair)s plays against itself"),
    "check.pair_in_two_places.line": _("pair %(pair)s is already playing in round %(round)s on line %(line)s"),
    "check.pair_in_two_places.table": _("pair %(pair)s is already playing in round %(round)s at table %(table)s"),
    "check.no_boards": _("no boards to play"),
    "check.pairs_meet_again.line": _("pairs %(ns)s and %(ew)s meet again (they already met on line %(line)s)"),
    "check.pairs_meet_again.table": _(
        "pairs %(ns)s and %(ew)s meet again (they already met in round %(round)s at table %(table)s)"
    ),
    "check.board_played_twice.line": _PLAYED_TWICE_LINE,
    "check.boards_played_twice.line": _PLAYED_TWICE_LINE,
    "check.board_played_twice.table": _PLAYED_TWICE_TABLE,
    "check.boards_played_twice.table": _PLAYED_TWICE_TABLE,
    "check.board_at_two_tables": _TWO_TABLES,
    "check.boards_at_two_tables": _TWO_TABLES,
    "check.board_at_two_tables.line": _TWO_TABLES_LINE,
    "check.boards_at_two_tables.line": _TWO_TABLES_LINE,
}

_DEALS = {
    "hand.suits": _(
        "Board %(board)s: %(seat)s is written “%(text)s”; a hand has four suits separated by dots "
        "(spades.hearts.diamonds.clubs), e.g. AKQ.JT9.876.5432"
    ),
    "hand.symbol": _(
        "Board %(board)s: %(seat)s holds “%(symbol)s”, which is not a card (use A K Q J T 9 8 7 6 5 4 3 2)"
    ),
    "hand.count": _("Board %(board)s: %(seat)s has %(count)s cards; a hand has 13"),
    "hand.twice_in_hand": _("Board %(board)s: %(seat)s holds the %(card)s twice"),
    "deal.duplicate": _("Board %(board)s: the %(card)s is in two hands (%(seats)s)"),
    "deal.format": _(
        "Board %(board)s: “%(text)s” is not a deal; write it as N:hand hand hand hand, "
        "the hands clockwise from the seat named first"
    ),
    "deal.hidden": _("Board %(board)s: the deal is incomplete (a hand is hidden as '-')"),
    "session.board": _("board %(board)s is not played in this session"),
    "session.board_left_out": _("board %(board)s is not played in this session: its deal is left out"),
    "match.board": _("board %(board)s is not played in this match (boards %(first)s to %(last)s)"),
    "pbn.board": _("“%(value)s”: a Board tag holds a board number (1 or more)"),
    "pbn.no_board": _("a deal without a Board tag"),
    "pbn.board_twice": _("board %(board)s is given twice with different deals (also on line %(other_line)s)"),
    "pbn.no_deals": _("the file holds no deal (no Deal tag)"),
    "pbn.dealer": _("board %(board)s: the file says dealer %(found)s; board %(board)s is dealt by %(expected)s"),
    "pbn.vulnerable": _("board %(board)s: the file says vulnerable %(found)s; board %(board)s is %(expected)s"),
}

MESSAGES = {**_CONTRACT, **_NAMES, **_NOTES, **_PARAMETERS, **_CSV, **_CHECKS, **_DEALS}


def translate(message: object, **shown: object) -> str:
    """``message`` (a `Text`, a `ScoringError`, or anything else) in the active language; English without a code.

    ``shown`` replaces parameters with what the page calls them (a scale's name instead of its code);
    a `scoring.errors.Listing` is joined in the active language ("8, 10 y 12").
    """
    code, params = getattr(message, "code", None), getattr(message, "params", None)
    template = MESSAGES.get(code) if isinstance(code, str) and isinstance(params, dict) else None
    if template is None:
        return str(message)
    params = {
        name: get_text_list([str(item) for item in value], gettext("and")) if isinstance(value, Listing) else value
        for name, value in {**params, **deal_words(code, params), **shown}.items()
    }
    return str(template % params)


def deal_words(code: str, params: dict) -> dict[str, str]:
    """A deal problem's seats and vulnerability (English words and codes in `deals`) in the reader's language."""
    if not code.startswith(("hand.", "deal.", "pbn.")):
        return {}
    seat_names = {
        "North": gettext("North"),
        "East": gettext("East"),
        "South": gettext("South"),
        "West": gettext("West"),
    }
    words: dict[str, str] = {}
    if "seat" in params:
        words["seat"] = seat_names.get(str(params["seat"]), str(params["seat"]))
    if "seats" in params:
        names = [seat_names.get(name.strip(), name.strip()) for name in str(params["seats"]).split(",")]
        words["seats"] = ", ".join(names)
    if code == "pbn.dealer":
        words["expected"] = notation_for(get_language()).seat(str(params.get("expected", "")))
    if code == "pbn.vulnerable":
        vulnerability = {"None": gettext("none"), "NS": gettext("NS"), "EW": gettext("EW"), "Both": gettext("both")}
        words["expected"] = vulnerability.get(str(params.get("expected")), str(params.get("expected", "")))
    return words


def line_problem(line: int | None, message: object) -> str:
    """A problem of a CSV text at a line: "Line 3: ..." (the message alone when it has no line)."""
    if line is None:
        return translate(message)
    return gettext("Line %(line)s: %(message)s") % {"line": line, "message": translate(message)}


def violation_text(violation) -> str:
    """A `movement_generators.checks.Violation` with where it happens: "Line 4: ..." or "Round 2, table 3: ..."."""
    detail = translate(violation.detail) if violation.detail else violation.message
    if violation.row is not None:
        return gettext("Line %(line)s: %(message)s") % {"line": violation.row, "message": detail}
    if violation.round is None:
        return detail
    return gettext("Round %(round)s, table %(table)s: %(message)s") % {
        "round": violation.round,
        "table": violation.table,
        "message": detail,
    }


def error_lines(error: BaseException) -> list[str]:
    """What an error from the pure packages says, translated: one line per problem of a CSV movement."""
    problems: Iterable | None = getattr(error, "problems", None)
    if problems is not None and all(hasattr(problem, "line") for problem in problems):
        return [line_problem(problem.line, problem.message) for problem in problems]
    return [translate(error)]
