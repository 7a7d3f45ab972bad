"""The USEBIO and PBN results readers' refusals and the comparison's reasons in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from interchange.pbn_results import PbnProblem
from interchange.usebio import UsebioError

USEBIO_MESSAGES = {
    "usebio.too_big": _("The file is larger than %(limit)s bytes."),
    "usebio.not_xml": _("The file is not readable XML (%(detail)s)."),
    "usebio.unsafe": _("The file declares entities or a DTD, which are refused."),
    "usebio.not_usebio": _("The file is not a USEBIO file: its first element is <%(tag)s>, not <USEBIO>."),
    "usebio.version": _("USEBIO version %(version)s is not read: versions 1.0 to 1.2 are."),
    "usebio.no_event": _("The file holds no <EVENT>."),
    "usebio.teams": _("%(kind)s is a teams event: import it as a teams match, not as a pairs session."),
    "usebio.event_type": _("Unknown EVENT_TYPE “%(kind)s”: MP_PAIRS, BUTLER_PAIRS or CROSS_IMP are read."),
    "usebio.date": _("DATE “%(text)s” is not a date (dd/mm/yyyy or yyyy-mm-dd)."),
    "usebio.number": _("%(field)s “%(text)s” in %(where)s is not a whole number from 1 to 999."),
    "usebio.pair_side": _("%(field)s “%(text)s” in %(where)s names a pair of the other direction."),
    "usebio.figure": _("%(field)s “%(text)s” in %(where)s is not a number."),
    "usebio.direction": _("DIRECTION “%(text)s” of pair %(pair)s is not NS or EW."),
    "usebio.too_many": _("The file has more than %(limit)s %(what)s."),
    "usebio.no_lines": _("The file has no traveller lines."),
    "usebio.duplicate_pair": _("Pair %(pair)s of section %(section)s is listed twice."),
    "usebio.duplicate_section": _("Section %(section)s is listed twice."),
    "usebio.scale": _("MP_SCORING_METHOD “%(text)s” is not EBU or ACBL."),
    "usebio.hand": _("Board %(board)s: HAND DIRECTION “%(text)s” is not North, East, South or West."),
    "usebio.hands_twice": _("The hands of board %(board)s are given twice."),
    "usebio.bye": _("Board %(board)s: a BYE line names the one pair sitting out, in NS_PAIR_NUMBER or EW_PAIR_NUMBER."),
}

REASONS = {
    "average": _("the file gives an average on a played result: an adjusted score the file does not mark"),
    "short": _(
        "the board was played fewer times than others: the file may score such boards on their own top, "
        "or with Neuberg’s formula (the session’s convention for boards played fewer times)"
    ),
    "datum": _(
        "the Butler datum differs: the file may set aside the top and bottom results from another number of "
        "results, or round the datum otherwise"
    ),
    "adjusted": _("the file awards adjusted scores other IMPs (per board, per comparison or a share)"),
    "field": _("another line of this board is scored differently, which moves this one"),
    "other": _("the file’s figure differs from the site’s scoring of the same results"),
    "cross_sum": _(
        "the file sums each result’s cross-IMPs over its comparisons: the session setting “cross-IMPs summed over "
        "the comparisons” would reproduce it"
    ),
    "cross_average": _(
        "the file averages each result’s cross-IMPs over its comparisons: the session setting “cross-IMPs averaged "
        "per comparison” would reproduce it"
    ),
    "across_field": _(
        "the file may compare the board with its results in every section: the session setting “scored across the "
        "field” would do so"
    ),
    "factor_totals": _(
        "the file totals the pair’s boards otherwise: the setting “totals factored to the full number of boards” "
        "(the Compscore preset) counts boards played fewer times with Neuberg’s formula and factors a pair that "
        "missed boards up to the full number; else boards not played, or another matchpoint scale"
    ),
    "pair_average": _(
        "the file averages the pair’s IMPs per board it played: the session setting “a pair’s total in IMPs: "
        "averaged per board played” would reproduce it"
    ),
    "pair_sum": _(
        "the file sums the pair’s IMPs over the boards it played: the session setting “a pair’s total in IMPs: "
        "summed over the boards” would reproduce it"
    ),
    "scale_acbl": _(
        "the file gives 1 matchpoint for each result beaten (½ for a tie): the ACBL scale would reproduce it"
    ),
    "scale_ebu": _(
        "the file gives 2 matchpoints for each result beaten (1 for a tie): the EBU scale would reproduce it"
    ),
    "factor_off": _(
        "the file does not factor the total of a pair that missed boards: the setting “totals factored to the full "
        "number of boards” turned off would reproduce it"
    ),
    "pair_lines": _("the pair’s lines differ above, which moves its total"),
    "pair_total": _(
        "the file totals the pair’s boards otherwise: boards played fewer times or not played factored another way, "
        "or another matchpoint scale"
    ),
}


PBN_MESSAGES = {
    "pbn.too_big": _("The file is larger than %(limit)s bytes."),
    "pbn.no_scores": _("The file holds no ScoreTable with the pairs of each line (PairId_NS and PairId_EW)."),
    "pbn.no_pairs": _("the ScoreTable names no pairs (columns PairId_NS and PairId_EW): it gives no traveller lines."),
    "pbn.columns": _("%(found)s values where the %(table)s names %(expected)s columns."),
    "pbn.pair": _("%(column)s “%(text)s” is not a pair number from 1 to 999 (3, or 3NS, 5EW in a Mitchell)."),
    "pbn.board": _("Board “%(text)s” is not a board number from 1 to 999."),
    "pbn.figure": _("%(column)s “%(text)s” is not a number."),
    "pbn.direction": _("Direction “%(text)s” is not NS or EW."),
    "pbn.section": _("Section “%(text)s” is not a section letter."),
    "pbn.sections": _("PairId_NS “%(ns)s” and PairId_EW “%(ew)s” name different sections."),
    "pbn.board_twice": _(
        "the ScoreTable of board %(board)s is given twice with different lines (also on line %(other)s)."
    ),
    "pbn.too_many": _("The file has more than %(limit)s %(what)s."),
    "pbn.per_table": _(
        "The file gives each table's result in a game of its own (Contract, Declarer and Result tags, as BBO, and "
        "PbnTools from JFR Pary and KOPS pages, write) with no ScoreTable naming the pairs of each line: import its "
        "deals as hand records, and the results from the scorer's USEBIO file."
    ),
    "pbn.bye": _("Board %(board)s: a BYE row names the one pair sitting out, in PairId_NS or PairId_EW."),
}

WHAT = {
    "traveller lines": _("traveller lines"),
    "sections": _("sections"),
    "pairs": _("pairs"),
    "table rows": _("table rows"),
}


def usebio_message(error: UsebioError) -> str:
    """A refusal of `interchange.usebio` in the reader's language."""
    params = dict(error.params)
    if "what" in params:
        params["what"] = str(WHAT.get(str(params["what"]), params["what"]))
    return str(USEBIO_MESSAGES[error.code]) % params


def pbn_message(problem: PbnProblem) -> str:
    """A refusal of `interchange.pbn_results` in the reader's language (without its line)."""
    params = dict(problem.params)
    if "what" in params:
        params["what"] = str(WHAT.get(str(params["what"]), params["what"]))
    return str(PBN_MESSAGES[problem.code]) % params
