"""One board's traveller as plain data: every line with its scores, the frequency table and the working.

`load_traveller` reads the board in five queries (six for a free-entry section scored with Neuberg), its sit-outs
included, whatever the number of results.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import scoring
from events.models import Section, Session, SitOut, TravellerLine
from events.plans import section_plan
from events.setup.selectors.pairs_and_sections import PairInfo, load_pairs
from events.standings.selectors.conventions import conventions_of, expected_results


@dataclass
class TravellerRow:
    line_id: int
    round: int | None
    table: int | None
    ns: PairInfo
    ew: PairInfo
    contract: str
    declarer: str
    lead: str
    tricks: int | None
    adjusted: scoring.Adjusted | scoring.Weighted | None
    not_played: bool
    ns_score: int | None
    ns_points: float | None
    ew_points: float | None
    ns_percent: float | None = None
    ew_percent: float | None = None
    ns_mark: str = ""  # "top", "bottom" or ""
    ew_mark: str = ""
    breakdown: scoring.ScoreBreakdown | None = None
    declarer_vulnerable: bool = False
    mine: bool = False
    against_par: object = (
        None  # a deals.view.AgainstPar when the board has a hand record (events.hands.selectors.hands)
    )
    section: str = ""  # the pair's section's letter, on a traveller scored across the field

    @property
    def passed_out(self) -> bool:
        return self.contract == "PASS"

    @property
    def played(self) -> bool:
        """A real result, compared with the others (not an adjusted score, not 'not played')."""
        return not self.not_played and self.adjusted is None

    @property
    def result(self) -> str:
        """'=', '+1', '-2' for a contract; '' otherwise."""
        return scoring.shown_result(self.contract, self.tricks)

    @property
    def down(self) -> int:
        """Undertricks of a defeated contract (0 when made)."""
        if self.tricks is None or not self.contract or self.passed_out:
            return 0
        return max(0, int(self.contract[0]) + 6 - self.tricks)

    @property
    def declaring_side(self) -> str:
        return "NS" if self.declarer in ("N", "S") else "EW"

    @property
    def score_for_ns(self) -> int | None:
        """The score written in the NS column: NS plus scores and zero."""
        return self.ns_score if self.ns_score is not None and self.ns_score >= 0 else None

    @property
    def score_for_ew(self) -> int | None:
        return -self.ns_score if self.ns_score is not None and self.ns_score < 0 else None

    @property
    def scores(self) -> tuple[int | None, int | None]:
        """The NS and the EW score columns."""
        return self.score_for_ns, self.score_for_ew


@dataclass
class Frequency:
    """One distinct NS score on the board: how often it happened and what it earned."""

    ns_score: int
    count: int
    ns_points: float | None
    ew_points: float | None
    ns_raw: float | None = None  # matchpoints among the results compared, before Neuberg's factor
    ew_raw: float | None = None


@dataclass
class Working:
    """What a player needs to check any number of the board by hand."""

    scoring: str
    scale: str
    unit: int  # matchpoints per result beaten
    compared: int  # played results, compared with each other
    adjusted: int
    not_played: int
    expected: int  # Neuberg's E: the results the board is scored against
    top: float
    datum: int | None = None  # Butler
    cross_sum: bool = False  # cross-IMPs summed over the comparisons, not averaged (`Session.cross_imps`)

    @property
    def factored(self) -> bool:
        return self.scoring == Session.Scoring.MATCHPOINTS and 0 < self.compared < self.expected

    @property
    def comparisons(self) -> int:
        return max(self.compared - 1, 0)


@dataclass
class Traveller:
    session: Session
    section: Section
    number: int
    rows: list[TravellerRow]
    frequencies: list[Frequency]
    working: Working
    numbers: list[int] = field(default_factory=list)
    sit_outs: list[PairInfo] = field(default_factory=list)  # pairs that did not play the board (a Bye)
    field_sections: list[str] = field(default_factory=list)  # scored across the field: the letters compared

    @property
    def uses_imps(self) -> bool:
        return self.session.uses_imps

    @property
    def previous(self) -> int | None:
        earlier = [number for number in self.numbers if number < self.number]
        return earlier[-1] if earlier else None

    @property
    def next(self) -> int | None:
        later = [number for number in self.numbers if number > self.number]
        return later[0] if later else None

    @property
    def adjusted_rows(self) -> list[TravellerRow]:
        return [row for row in self.rows if row.adjusted is not None]

    @property
    def has_leads(self) -> bool:
        return any(row.lead for row in self.rows)

    @property
    def has_not_played(self) -> bool:
        return any(row.not_played for row in self.rows)


# A line's result as the traveller and the scorecard read it (each adds how it names the line).
RESULT_COLUMNS = (
    "round",
    "table",
    "ns_pair_id",
    "ew_pair_id",
    "contract",
    "declarer",
    "lead",
    "tricks",
    "adjusted",
    "not_played",
    "ns_score",
    "ns_points",
    "ew_points",
)
LINE_COLUMNS = ("id", *RESULT_COLUMNS)


def mark_extremes(rows: list[TravellerRow]) -> None:
    """Marks the best and the worst points of each side, when the board has results that differ."""
    for side in ("ns", "ew"):
        values = [getattr(row, f"{side}_points") for row in rows if getattr(row, f"{side}_points") is not None]
        if len(set(values)) < 2:
            continue
        best, worst = max(values), min(values)
        for row in rows:
            points = getattr(row, f"{side}_points")
            if points == best:
                setattr(row, f"{side}_mark", "top")
            elif points == worst:
                setattr(row, f"{side}_mark", "bottom")


def load_traveller(
    session: Session,
    section: Section,
    sections: list[Section],
    number: int,
    numbers: list[int],
    member_id: int | None = None,
) -> Traveller:
    """The traveller of board `number` of `section` (its session loaded); `sections`: every section of the session,
    in the order of their letters (`lookup.session_section`); `numbers`: the section's boards.

    Scored across the field (`Session.across_field`, several sections), the traveller is the field's: the board's
    lines in every section (each pair named with its section's letter), its top over the results every section was
    due, its frequencies and datum over them all, as its points were scored (`rescoring.field_rows`)."""
    field = _field_of(session, section, sections)
    pairs = load_pairs(section_id=section.pk) if len(field) == 1 else load_pairs(section__session_id=session.pk)
    rows, expected = [], 0
    for part in field:
        found = _traveller_rows(part, number, member_id, pairs)
        entries = sum(1 for row in found if not row.not_played)
        expected += expected_results(part, section_plan(part), number, entries) if entries else 0
        if len(field) > 1:
            for row in found:
                row.section = part.letter
        rows += found
    working = _working(session, rows, expected)
    if not session.uses_imps:
        for row in rows:
            if row.ns_points is None:
                continue
            if working.top:
                row.ns_percent, row.ew_percent = 100 * row.ns_points / working.top, 100 * row.ew_points / working.top
            else:  # a board scored against one result has no top: 50 % each way
                row.ns_percent = row.ew_percent = 50.0
    mark_extremes(rows)
    compared = [row.ns_score for row in rows if row.played]
    frequencies = _frequencies(session, rows, compared, working)
    sitting = SitOut.objects.filter(board__section=section, board__number=number).order_by()  # sorted below
    sit_outs = sorted((pairs[pair_id] for pair_id in sitting.values_list("pair_id", flat=True)), key=_by_number)
    letters = [part.letter for part in field] if len(field) > 1 else []
    return Traveller(session, section, number, rows, frequencies, working, numbers, sit_outs, letters)


def _field_of(session: Session, section: Section, sections: list[Section]) -> list[Section]:
    """The sections whose results of a board are compared with `section`'s: every section of the session scored
    across the field, else the section alone."""
    return sections if session.across_field and len(sections) > 1 else [section]


def _working(session: Session, rows: list[TravellerRow], expected: int) -> Working:
    """The board's working (top, datum, counts) over the rows compared (a section's, or a field's)."""
    compared = [row.ns_score for row in rows if row.played]
    top = scoring.matchpoint_top(expected, session.scale) if expected and not session.uses_imps else 0
    datum = None
    if session.scoring == Session.Scoring.BUTLER and compared:
        conventions = conventions_of(session)
        datum = scoring.butler_datum(
            compared, conventions.datum_discard, conventions.datum_from, conventions.datum_rounding
        )
    not_played = sum(1 for row in rows if row.not_played)
    return Working(
        session.scoring,
        session.scale,
        scoring.matchpoint_unit(session.scale),
        len(compared),
        len(rows) - len(compared) - not_played,
        not_played,
        expected,
        top,
        datum,
        cross_sum=session.scoring == Session.Scoring.CROSS_IMPS and session.cross_imps == "sum",
    )


def _traveller_rows(
    section: Section, number: int, member_id: int | None, pairs: dict[int, PairInfo]
) -> list[TravellerRow]:
    """The board's lines with their pairs, score breakdown and whether the member played them, in pair order."""
    lines = (
        TravellerLine.objects.filter(board__section=section, board__number=number)
        .order_by("pk")
        .values_list(*LINE_COLUMNS, named=True)
    )
    rows = []
    for line in lines:
        ns, ew = pairs[line.ns_pair_id], pairs[line.ew_pair_id]
        contract, declarer, tricks = line.contract, line.declarer, line.tricks
        row = TravellerRow(
            line.id,
            line.round,
            line.table,
            ns,
            ew,
            contract,
            declarer,
            line.lead,
            tricks,
            scoring.parse_entry(line.adjusted) if line.adjusted else None,
            line.not_played,
            line.ns_score,
            line.ns_points,
            line.ew_points,
        )
        if contract and contract != "PASS" and declarer and tricks is not None:
            row.declarer_vulnerable = scoring.seat_vulnerable(scoring.board_vulnerability(number), declarer)
            row.breakdown = scoring.score_breakdown(contract, row.declarer_vulnerable, tricks)
        row.mine = member_id is not None and member_id in (ns.member_ids | ew.member_ids)
        rows.append(row)
    rows.sort(key=lambda row: (row.ns.number, row.ns.direction, row.round or 0, row.line_id))
    return rows


def _frequencies(session: Session, rows: list[TravellerRow], compared: list[int], working: Working) -> list:
    """Each score's count and points, with the unfactored matchpoints when Neuberg factored them."""
    raw = dict(zip(compared, scoring.matchpoints(compared, scale=session.scale), strict=True))  # unfactored
    frequencies = []
    for score, count in sorted(Counter(compared).items(), reverse=True):
        first = next(row for row in rows if row.played and row.ns_score == score)
        ns_raw, ew_raw = raw[score] if working.factored else (None, None)
        frequencies.append(Frequency(score, count, first.ns_points, first.ew_points, ns_raw, ew_raw))
    return frequencies


def board_sit_outs(board) -> list[SitOut]:
    """The sit-outs recorded on a board, with their pairs (the director's traveller entry page): one query."""
    return list(board.sit_outs.select_related("pair").order_by("pair__direction", "pair__number"))


def _by_number(pair: PairInfo) -> tuple[str, int]:
    return pair.direction, pair.number
