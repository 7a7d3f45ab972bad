"""One pair's scorecard in one session as plain data: every board in the order played.

`load_scorecard` needs three queries (the boards the pair sat out among them) on top of the session's results
(`events.standings.selectors.ranking.rank_sessions`), whatever the number of boards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

import scoring
from events.models import SitOut, TravellerLine
from events.results.selectors.traveller import RESULT_COLUMNS
from events.setup.selectors.pairs_and_sections import PairInfo, SectionInfo
from events.standings.selectors.line_totals import field_board_tops
from events.standings.selectors.ranking import SessionResults, board_counts

DECLARER, DEFENDER, PASSED, ADJUSTED, NOT_PLAYED = "declarer", "defender", "passed", "adjusted", "not_played"
SCORE_ONLY, SAT_OUT = "score_only", "sat_out"
SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}


def hue(percentage: float | None) -> int | None:
    """A colour from red (0 %) through yellow (50 %) to green (100 %), as an HSL hue."""
    if percentage is None:
        return None
    return round(1.2 * max(0.0, min(100.0, percentage)))


def imp_hue(imps: float | None) -> int | None:
    """Red for a large loss, yellow for nothing, green for a large gain (±12 IMPs and beyond)."""
    if imps is None:
        return None
    return round(60 + 5 * max(-12.0, min(12.0, imps)))


@dataclass
class CardLine:
    board: int
    round: int | None
    table: int | None
    direction: str  # the pair's seats on this board: "NS" or "EW" ("" when it sat out)
    opponents: PairInfo | None  # None when the pair sat out the board
    contract: str
    declarer: str
    lead: str
    tricks: int | None
    adjusted: scoring.Adjusted | scoring.Weighted | None
    not_played: bool
    score: int | None  # from the pair's side
    points: float | None
    top: float
    uses_imps: bool
    running: float | None = None  # running percentage (matchpoints) or running total of IMPs
    against_par: int | None = None  # the pair's score minus par for its side (events.hands.selectors.hands)
    sat_out: bool = False  # the pair sat out the board (a Bye): no opponents, no result, not in its total

    @property
    def role(self) -> str:
        if self.sat_out:
            return SAT_OUT
        if self.not_played:
            return NOT_PLAYED
        if self.adjusted is not None:
            return ADJUSTED
        if self.contract == "PASS":
            return PASSED
        if not self.declarer:
            return SCORE_ONLY  # a slip that gave only the score: who declared is not known
        return DECLARER if self.declarer in SEATS[self.direction] else DEFENDER

    @property
    def percentage(self) -> float | None:
        if self.points is None or self.uses_imps:
            return None
        return 100 * self.points / self.top if self.top else 50.0

    @property
    def hue(self) -> int | None:
        return imp_hue(self.points) if self.uses_imps else hue(self.percentage)

    @property
    def result(self) -> str:
        return scoring.shown_result(self.contract, self.tricks)

    @property
    def adjusted_percent(self) -> int | float | None:
        """The pair's share of an artificial adjusted score."""
        if not isinstance(self.adjusted, scoring.Adjusted):  # none, or a weighted score: no one percentage
            return None
        return self.adjusted.ns_percent if self.direction == "NS" else self.adjusted.ew_percent


def pair_against_par(score: int | None, par_score: int | None, direction: str, not_a_result: object) -> int | None:
    """The pair's score minus par for its side (par is NS's); None without a par or a played result."""
    if score is None or par_score is None or not_a_result:
        return None
    return score - (par_score if direction == "NS" else -par_score)


@dataclass
class RoleSummary:
    """The pair's result on the boards where it declared, defended, or the board was passed out."""

    role: str
    boards: int = 0
    score: float = 0.0
    maximum: float = 0.0
    uses_imps: bool = False

    @property
    def percentage(self) -> float | None:
        if self.uses_imps or not self.maximum:
            return None
        return 100 * self.score / self.maximum

    @property
    def average(self) -> float | None:
        return self.score / self.boards if self.boards else None


@dataclass
class Scorecard:
    pair: PairInfo
    section: SectionInfo
    lines: list[CardLine]
    roles: list[RoleSummary] = field(default_factory=list)

    @property
    def uses_imps(self) -> bool:
        return self.section.uses_imps


LINE_COLUMNS = ("board__number", *RESULT_COLUMNS)


def _sat_out(pair: PairInfo, uses_imps: bool) -> list[CardLine]:
    """The boards the pair sat out (one query), as lines without opponents or points."""
    boards = SitOut.objects.filter(pair_id=pair.id).order_by().values_list("board__number", "round")  # sorted below
    return [
        CardLine(number, round_, None, "", None, "", "", "", None, None, False, None, None, 0, uses_imps, sat_out=True)
        for number, round_ in boards
    ]


def _tops(results: SessionResults, section: SectionInfo) -> dict[int, float]:
    """Each board's top for the pair's section, in one query: its section's, or, scored across the field, the
    field's (one top over every section's results, as the lines were scored and the ranking counts them)."""
    if section.uses_imps:
        return {}
    field = {info.id: info for info in results.sections} if section.across_field else {section.id: section}
    counts = board_counts(list(field))
    most = {section_id: max(by_board.values(), default=0) for section_id, by_board in counts.items()}
    if section.across_field and len(field) > 1:
        return {number: top for (_session, number), top in field_board_tops(field, counts, most).items()}
    mine = counts[section.id]
    return {number: section.top(number, played, most[section.id]) for number, played in mine.items() if played}


def load_scorecard(results: SessionResults, pair: PairInfo) -> Scorecard:
    section = next(section for section in results.sections if section.id == pair.section_id)
    tops = _tops(results, section)
    rows = (
        TravellerLine.objects.filter(Q(ns_pair_id=pair.id) | Q(ew_pair_id=pair.id))
        .order_by()
        .values_list(*LINE_COLUMNS, "board__deal__par_score", named=True)  # the par: a join, not a query
    )
    lines = []
    for row in rows:
        number, ns_score = row.board__number, row.ns_score
        direction = "NS" if row.ns_pair_id == pair.id else "EW"
        opponent = results.pairs[row.ew_pair_id if direction == "NS" else row.ns_pair_id]
        score = None if ns_score is None else (ns_score if direction == "NS" else -ns_score)
        points = row.ns_points if direction == "NS" else row.ew_points
        top = tops.get(number, 0)
        lines.append(
            CardLine(
                number,
                row.round,
                row.table,
                direction,
                opponent,
                row.contract,
                row.declarer,
                row.lead,
                row.tricks,
                scoring.parse_entry(row.adjusted) if row.adjusted else None,
                row.not_played,
                score,
                points,
                top,
                section.uses_imps,
                against_par=pair_against_par(
                    score, row.board__deal__par_score, direction, row.adjusted or row.not_played
                ),
            )
        )
    lines += _sat_out(pair, section.uses_imps)
    lines.sort(key=lambda line: (line.round is None, line.round or 0, line.board))
    score = maximum = 0.0
    counted = 0
    averaged = section.uses_imps and section.pair_total == "average"  # the ranking's IMPs per board
    roles = {role: RoleSummary(role, uses_imps=section.uses_imps) for role in (DECLARER, DEFENDER, PASSED)}
    for line in lines:
        if line.points is None:
            continue
        score += line.points
        maximum += line.top
        counted += 1
        if section.uses_imps:
            line.running = score / counted if averaged else score
        else:
            line.running = 100 * score / maximum if maximum else None
        summary = roles.get(line.role)
        if summary is not None:
            summary.boards += 1
            summary.score += line.points
            summary.maximum += line.top
    return Scorecard(pair, section, lines, list(roles.values()))
