"""The comparison of an imported file's figures with the site's scoring of the same results: each traveller line's
matchpoints or IMPs, and each pair's total and percentage, with the likeliest reason where they differ."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from events.files.services.usebio_messages import REASONS
from events.models import Pair, Session, TravellerLine
from interchange.usebio import UsebioEvent, UsebioLine, UsebioPair

TOLERANCE = 0.011  # scorers print a line's figures with two decimals
TOTAL_TOLERANCE = 0.051  # and a pair's total or percentage with one or two


@dataclass(frozen=True)
class ImportedPlayer:
    pair: str  # "A 3NS"
    name: str
    how: str  # "number", "name" or "guest"


@dataclass(frozen=True)
class Difference:
    section: str
    board: int
    line: str  # "1NS v 2EW"
    file_points: float
    site_points: float
    reason: str


@dataclass(frozen=True)
class PairDifference:
    section: str
    pair: str  # "3NS"
    what: str  # "total" or "percentage"
    file_figure: float
    site_figure: float
    reason: str


@dataclass
class ImportReport:
    session: Session
    lines: int
    compared: int = 0
    players: list[ImportedPlayer] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)
    pairs_compared: int = 0
    pair_differences: list[PairDifference] = field(default_factory=list)
    deals: int = 0


def compare(event: UsebioEvent, result: ImportReport) -> None:
    """Each line whose printed NS figure differs from the site's, with the likeliest reason; then the pairs."""
    compare_lines(event, result)
    compare_pairs(event, result)


def compare_lines(event: UsebioEvent, result: ImportReport) -> None:
    """Each line whose printed NS figure differs from the site's, with the likeliest reason."""
    stored = TravellerLine.objects.filter(board__section__session=result.session).select_related(
        "board__section", "ns_pair", "ew_pair"
    )
    site = {(line.board.section.letter, line.board.number, line.ns_pair.number, line.ew_pair.number): line
            for line in stored}  # fmt: skip
    played = Counter((line.section, line.board) for line in event.lines if line.cells.get("SCORE") != "NP")
    most = {letter: max((n for (s, _b), n in played.items() if s == letter), default=0) for letter in event.sections}
    for line in event.lines:
        mine = site.get((line.section, line.board, line.ns, line.ew))
        if line.ns_points is None or mine is None or mine.ns_points is None:
            continue
        result.compared += 1
        if abs(line.ns_points - mine.ns_points) <= TOLERANCE:
            continue
        short = played[(line.section, line.board)] < most[line.section]
        field = sum(n for (_s, board), n in played.items() if board == line.board)  # the board's results in all
        reason = convention_reason(result.session, line, mine, field, len(event.sections)) or likeliest_reason(
            event.scoring, line, mine, short
        )
        label = f"{mine.ns_pair.label} v {mine.ew_pair.label}"
        result.differences.append(Difference(line.section, line.board, label, line.ns_points, mine.ns_points, reason))


def likeliest_reason(method: str, line: UsebioLine, mine: TravellerLine, short: bool) -> str:
    """Why a printed figure most likely differs from the site's (a sentence in the reader's language)."""
    if method == "matchpoints":
        if line.ew_points is not None and abs(line.ns_points - line.ew_points) < TOLERANCE and not mine.adjusted:
            return str(REASONS["average"])
        return str(REASONS["short"] if short else REASONS["field"])
    if mine.adjusted:
        return str(REASONS["adjusted"])
    return str(REASONS["datum"] if method == "butler" else REASONS["other"])


def convention_reason(session, line: UsebioLine, mine: TravellerLine, field: int, sections: int) -> str:
    """The session setting that would explain a line's difference, when one would: the other matchpoint scale,
    cross-IMPs summed rather than averaged (the printed figure is the site's times the comparisons) or the other way
    round, or scoring across the field (several sections play the board); "" when none would. The other conventions
    (boards played fewer times, the Butler datum, adjusted scores' IMPs) are named by `likeliest_reason`."""
    printed, site = line.ns_points, mine.ns_points
    if session.scoring == "matchpoints":
        reason = _scale_reason(getattr(session, "scale", ""), line, mine)
        if reason:
            return reason
    if session.scoring == "cross-imps" and not mine.adjusted:
        for comparisons in {field - 1, field // max(sections, 1) - 1} - {0, -1}:
            if session.cross_imps == "average" and abs(printed - site * comparisons) <= TOLERANCE * comparisons:
                return str(REASONS["cross_sum"])
            if session.cross_imps == "sum" and abs(printed * comparisons - site) <= TOLERANCE * comparisons:
                return str(REASONS["cross_average"])
    if sections > 1 and not session.across_field:
        return str(REASONS["across_field"])
    return ""


def _scale_reason(scale: str, line: UsebioLine, mine: TravellerLine) -> str:
    """The other matchpoint scale, when the file's figures on both sides are the site's halved (ACBL: 1 for each
    result beaten) or doubled (EBU: 2); "" otherwise."""
    sides = [(line.ns_points, mine.ns_points), (line.ew_points, mine.ew_points)]
    sides = [(printed, site) for printed, site in sides if printed is not None and site is not None]
    if not any(site for _printed, site in sides):
        return ""
    if scale == "ebu" and all(abs(2 * printed - site) <= 2 * TOLERANCE for printed, site in sides):
        return str(REASONS["scale_acbl"])
    if scale == "acbl" and all(abs(printed - 2 * site) <= 2 * TOLERANCE for printed, site in sides):
        return str(REASONS["scale_ebu"])
    return ""


def _site_pair(pairs: dict[tuple[str, int, str], Pair], pair: UsebioPair) -> Pair | None:
    found = pairs.get((pair.section, pair.number, pair.direction)) or pairs.get((pair.section, pair.number, ""))
    if found is None and not pair.direction:  # a file that gives no direction in a Mitchell: only if one fits
        fits = [mine for key, mine in pairs.items() if key[:2] == (pair.section, pair.number)]
        found = fits[0] if len(fits) == 1 else None
    return found


def compare_pairs(event: UsebioEvent, result: ImportReport) -> None:
    """Each pair's total and percentage the file prints against the site's standings."""
    pairs = {(pair.section.letter, pair.number, pair.direction): pair
             for pair in Pair.objects.filter(section__session=result.session).select_related("section")}  # fmt: skip
    moved = {label for item in result.differences for label in _labels(item)}
    full: dict[tuple[str, str], int] = {}  # the most boards a pair of each field played
    for pair in pairs.values():
        key = (pair.section.letter, pair.direction)
        full[key] = max(full.get(key, 0), pair.boards)
    for pair in event.pairs:
        mine = _site_pair(pairs, pair)
        if mine is None or (pair.total is None and pair.percentage is None):
            continue
        result.pairs_compared += 1
        figures = [("total", pair.total, mine.score)]
        if mine.maximum and not result.session.uses_imps:
            figures.append(("percentage", pair.percentage, 100 * mine.score / mine.maximum))
        for what, printed, site in figures:
            if printed is None or abs(printed - site) <= TOTAL_TOLERANCE:
                continue
            lines = (mine.section.letter, mine.label) in moved
            reason = str(REASONS["pair_lines"] if lines else REASONS["pair_total"])
            if not lines and what == "total":
                reason = _total_reason(result.session, mine, printed, site, full) or reason
            result.pair_differences.append(PairDifference(mine.section.letter, mine.label, what, printed, site, reason))


def _total_reason(session, mine: Pair, printed: float, site: float, full: dict) -> str:
    """The setting that would explain a pair total's difference: an IMP total averaged per board rather than
    summed (the printed figure is the site's over the boards played) or the other way round, or Compscore's totals
    factored to the full number of boards; "" when none would."""
    if session.uses_imps and mine.boards:
        if session.pair_total == "sum" and abs(printed * mine.boards - site) <= TOTAL_TOLERANCE * mine.boards:
            return str(REASONS["pair_average"])
        if session.pair_total == "average" and abs(printed - site * mine.boards) <= TOTAL_TOLERANCE * mine.boards:
            return str(REASONS["pair_sum"])
    if _factored_would_explain(session, mine, printed, site, full):
        return str(REASONS["factor_totals"])
    most = full.get((mine.section.letter, mine.direction), 0)
    if (
        session.factor_totals
        and 0 < mine.boards < most
        and abs(printed * most - site * mine.boards) <= (TOTAL_TOLERANCE * most)
    ):  # the site factored the total up to the full boards, the file did not
        return str(REASONS["factor_off"])
    return ""


def _factored_would_explain(session, mine: Pair, printed: float, site: float, full: dict) -> bool:
    """Whether Compscore's factored totals would give the printed figure: the pair missed boards its field played,
    and the file's figure is the site's factored up to them (a total; a percentage stays as it is)."""
    most = full.get((mine.section.letter, mine.direction), 0)
    if session.factor_totals or (session.uses_imps and session.pair_total == "average") or not 0 < mine.boards < most:
        return False
    return abs(printed - site * most / mine.boards) <= TOTAL_TOLERANCE or abs(printed - site) <= TOTAL_TOLERANCE


def _labels(item: Difference) -> list[tuple[str, str]]:
    return [(item.section, label) for label in item.line.split(" v ")]


def summary(result: ImportReport) -> list[str]:
    """The comparison as lines of text: counts, each difference, the pairs, then how players were matched."""
    out = [
        _("%(lines)s lines imported; %(compared)s figures compared with the file, %(differ)s differ.")
        % {"lines": result.lines, "compared": result.compared, "differ": len(result.differences)}
    ]
    for item in result.differences:
        out.append(
            _("Section %(section)s, board %(board)s, %(line)s: the file %(file)s, the site %(site)s (%(reason)s).")
            % {
                "section": item.section,
                "board": item.board,
                "line": item.line,
                "file": f"{item.file_points:g}",
                "site": f"{round(item.site_points, 2):g}",
                "reason": item.reason,
            }
        )
    out += pair_summary(result)
    counts = Counter(match.how for match in result.players)
    out.append(
        _("Players: %(number)s matched by federation number, %(name)s by name, %(guest)s kept as guests.")
        % {"number": counts["number"], "name": counts["name"], "guest": counts["guest"]}
    )
    return out


def pair_summary(result: ImportReport) -> list[str]:
    """The pairs' part of the summary (nothing when the file prints no totals)."""
    if not result.pairs_compared:
        return []
    count = result.pairs_compared
    out = [
        ngettext(
            "The totals of %(count)s pair compared with the file: %(differ)s differ.",
            "The totals of %(count)s pairs compared with the file: %(differ)s differ.",
            count,
        )
        % {"count": count, "differ": len(result.pair_differences)}
    ]
    for item in result.pair_differences:
        template = (
            _("Section %(section)s, pair %(pair)s, total: the file %(file)s, the site %(site)s (%(reason)s).")
            if item.what == "total"
            else _("Section %(section)s, pair %(pair)s, percentage: the file %(file)s, the site %(site)s (%(reason)s).")
        )
        out.append(
            template
            % {
                "section": item.section,
                "pair": item.pair,
                "file": f"{item.file_figure:g}",
                "site": f"{round(item.site_figure, 2):g}",
                "reason": item.reason,
            }
        )
    return out


def report_data(result: ImportReport) -> dict:
    """The import's result as plain data (kept in the director's session for the report page after the redirect):
    the new session's id and name, the counts, each difference, how each player was taken, and the summary."""
    return {
        "session": {"pk": result.session.pk, "name": result.session.name},
        "lines": result.lines,
        "compared": result.compared,
        "players": [asdict(player) for player in result.players],
        "differences": [asdict(item) for item in result.differences],
        "pairs_compared": result.pairs_compared,
        "pair_differences": [asdict(item) for item in result.pair_differences],
        "deals": result.deals,
        "summary": summary(result),
    }
