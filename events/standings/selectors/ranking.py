"""Session results as plain data for the public pages, in a fixed number of queries whatever the size.

Rankings here give the same places, scores and percentages as a plain line-by-line ranking (the
tests' `reference_ranking` holds them to it) but are built for speed at club scale:

* pairs and sections are read as tuples (`values_list`), never as model instances;
* each pair's score and boards are summed by the database (one grouped query for the North-South
  side, one for the East-West side), and the pair's maximum is its boards times the section's top
  when that top is the same on every board: matchpoints with a movement and Neuberg for boards
  played fewer times (every board is then scored against the movement's most plays, as
  `save_line` never lets a board have more results than the movement schedules), or IMPs;
  the grouped sums read only the covering indexes line_ns_pair_points and line_ew_pair_points;
* sections whose top varies from board to board (no movement, or no Neuberg for the movement)
  are summed line by line, as that reference does, in one more query.

The top of a board is worked out from counts already read (`SectionInfo.expected`), the way
`events.standings.services.rescoring.expected_results` works it out, without its query per board for free-entry
sections.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Q, Sum

from club.models import Member
from events.models import Pair, TravellerLine
from events.setup.selectors.pairs_and_sections import (
    PairInfo,
    SectionInfo,
    load_pairs,
    load_pairs_with,
    load_sections,
)
from events.standings.selectors.line_totals import (
    add_line_by_line,
    average_totals,
    factor_totals,
    field_board_tops,
    field_expected,
)


@dataclass
class Totals:
    score: float = 0.0
    maximum: float = 0.0
    boards: int = 0


def pair_totals(
    sections: dict[int, SectionInfo], pair_sections: dict[int, int], directions: dict[int, str] | None = None
) -> dict[int, Totals]:
    """Score, maximum and boards scored of each pair (`pair_sections`: pair id → section id, sections in
    `sections`).

    Two grouped queries (read from the covering indexes line_ns_pair_points and line_ew_pair_points)
    for the pairs of sections with one top; one more, line by line, for the other sections. The pairs
    are listed by id, not given as a subquery: PostgreSQL plans `IN (subquery)` as a nested loop while
    its statistics have not seen the tables, up to a second a query inside one long transaction.
    """
    totals = {pair_id: Totals() for pair_id in pair_sections}
    if any(section.uniform_top for section in sections.values()):
        pairs = [pair_id for pair_id, section_id in pair_sections.items() if sections[section_id].uniform_top]
        for side in ("ns", "ew"):
            rows = (
                TravellerLine.objects.order_by()
                .filter(**{f"{side}_pair_id__in": pairs, "not_played": False, f"{side}_points__isnull": False})
                .values(f"{side}_pair_id")
                .annotate(score=Sum(f"{side}_points"), boards=Count("*"))
                .values_list(f"{side}_pair_id", "score", "boards")
            )
            for pair_id, score, boards in rows:
                total = totals.get(pair_id)
                section = sections.get(pair_sections.get(pair_id))
                if total is None or not section.uniform_top:
                    continue
                total.score += score
                total.boards += boards
                total.maximum += boards * section.movement_top
    varying = [section_id for section_id, section in sections.items() if not section.uniform_top]
    if varying:
        add_line_by_line(sections, varying, totals, pair_sections)
        factor_totals(sections, totals, pair_sections, directions or {})
    average_totals(sections, totals, pair_sections)
    return totals


@dataclass
class PairStanding:
    """One pair's line in a field's ranking."""

    pair: PairInfo
    score: float = 0.0
    maximum: float = 0.0
    boards: int = 0
    place: str = ""
    position: int = 0  # 1, 2, 3 ... in ranking order, to sort by place
    mine: bool = False
    averaged: bool = False  # the score is already IMPs per board (`Session.pair_total`)

    @property
    def percentage(self) -> float | None:
        return 100 * self.score / self.maximum if self.maximum else None

    @property
    def average(self) -> float | None:
        """Points per board scored (IMPs per board for IMP sessions)."""
        if not self.boards:
            return None
        return self.score if self.averaged else self.score / self.boards

    @property
    def names(self) -> str:
        return self.pair.names

    @property
    def percentage_key(self) -> float:
        return -1 if self.percentage is None else self.percentage

    @property
    def average_key(self) -> float:
        return float("-inf") if self.average is None else self.average


@dataclass
class Field:
    """One ranking: North-South ('NS'), East-West ('EW') or everybody ('') of one section."""

    section: SectionInfo
    direction: str
    uses_imps: bool
    rows: list[PairStanding]
    sections_in_session: int = 1

    @property
    def size(self) -> int:
        return len(self.rows)

    @property
    def winners(self) -> list[PairStanding]:
        return [row for row in self.rows if row.place in ("1", "=1") and row.boards]

    @property
    def key(self) -> str:
        """A short name unique in the session, e.g. 'a-ns', used as the sorting prefix of its table."""
        return f"{self.section.letter}-{self.direction or 'all'}".lower()


@dataclass
class SessionResults:
    session_id: int
    sections: list[SectionInfo] = field(default_factory=list)
    fields: list[Field] = field(default_factory=list)
    pairs: dict[int, PairInfo] = field(default_factory=dict)

    @property
    def tables(self) -> int:
        return sum(section.tables for section in self.sections)

    def standing_of(self, pair_id: int) -> tuple[Field, PairStanding] | tuple[None, None]:
        for ranking in self.fields:
            for row in ranking.rows:
                if row.pair.id == pair_id:
                    return ranking, row
        return None, None


def _pairs_and_totals(session_ids: list[int], sections: dict, names: bool, stored: bool) -> tuple[dict, dict]:
    """The sessions' pairs (with their players, or without) and their totals (see `rank_sessions`)."""
    in_sessions = Pair.objects.filter(section__session_id__in=session_ids).order_by()
    standing = ("score", "maximum", "boards") if stored else ()
    totals: dict[int, Totals] = {}
    if names and stored:
        pairs, values = load_pairs_with(standing, section__session_id__in=session_ids)
        totals = {pk: Totals(*found) for pk, found in values.items()}
    elif names:
        pairs = load_pairs(section__session_id__in=session_ids)
    else:
        pairs = {}
        for pk, section_id, number, direction, *values in in_sessions.values_list(
            "id", "section_id", "number", "direction", *standing
        ):
            pairs[pk] = PairInfo(pk, section_id, number, direction, ())
            if stored:
                totals[pk] = Totals(*values)
    if not stored:
        totals = pair_totals(
            sections,
            {pair.id: pair.section_id for pair in pairs.values()},
            {pair.id: pair.direction for pair in pairs.values()},
        )
    return pairs, totals


def rank_sessions(session_ids, names: bool = True, stored: bool = False) -> dict[int, SessionResults]:
    """Every field's ranking of the given sessions, in four or five queries however many there are.

    Without `names` the pairs come without their players (for places and field sizes only). With `stored`, for
    published sessions only (a published session's ranking and scorecards; the home page reads its winners alone,
    `session_winners`), the pairs' totals are those stored with their standings instead of being added up from the
    lines: a published session's are written in the transaction of every change of its lines
    (`events.entry.services.locking.session_write`), so they are exact.
    """
    session_ids = list(session_ids)
    if not session_ids:
        return {}
    sections = load_sections(session_id__in=session_ids)
    pairs, totals = _pairs_and_totals(session_ids, sections, names, stored)

    def standing(pair: PairInfo, averaged: bool) -> PairStanding:
        found = totals[pair.id]
        return PairStanding(pair, found.score, found.maximum, found.boards, averaged=averaged)

    results = _session_fields(session_ids, sections, pairs.values(), standing)
    for result in results.values():
        for ranking in result.fields:
            key = (lambda row: row.score) if ranking.uses_imps else (lambda row: row.percentage)
            assign_places(ranking.rows, key)
            for position, row in enumerate(ranking.rows, start=1):
                row.position = position
    for pair in pairs.values():
        results[sections[pair.section_id].session_id].pairs[pair.id] = pair
    return results


def _session_fields(session_ids: list[int], sections: dict, pairs, standing) -> dict[int, SessionResults]:
    """Each session's sections and fields, in the sections' order: a field's rows are `standing(pair, averaged)` of
    `pairs` (in their order) of its section and direction, not yet ranked."""
    results = {session_id: SessionResults(session_id) for session_id in session_ids}
    by_section: dict[int, list[PairInfo]] = defaultdict(list)
    for pair in pairs:
        by_section[pair.section_id].append(pair)
    for section in sections.values():
        result = results[section.session_id]
        result.sections.append(section)
        averaged = section.uses_imps and section.pair_total == "average"
        for direction in section.fields:
            rows = [
                standing(pair, averaged)
                for pair in by_section[section.id]
                if not direction or pair.direction == direction
            ]
            result.fields.append(Field(section, direction, section.uses_imps, rows))
    for result in results.values():
        for ranking in result.fields:
            ranking.sections_in_session = len(result.sections)
    return results


def rank_session(session) -> SessionResults:
    """One session's ranking, with its players: a published session's from the standings stored with its pairs
    (exact: see `rank_sessions`), one in progress added up from its lines as they are."""
    return rank_sessions([session.pk], stored=session.is_public)[session.pk]


def session_winners(session_ids) -> dict[int, SessionResults]:
    """The home page's published sessions: their sections, and each field's winners (places "1" and "=1", with
    boards played) with their players, read from the standings stored with the pairs (exact: see `rank_sessions`),
    no field ranked again. Each field's rows are its winners alone, in the ranking's order (by pair number)."""
    session_ids = list(session_ids)
    if not session_ids:
        return {}
    sections = load_sections(session_id__in=session_ids)
    found, stored = load_pairs_with(
        ("score", "maximum", "boards", "place"),
        section__session_id__in=session_ids,
        place__in=("1", "=1"),
        boards__gt=0,
    )
    winners = sorted(found.values(), key=lambda pair: pair.number)

    def standing(pair: PairInfo, averaged: bool) -> PairStanding:
        score, maximum, boards, place = stored[pair.id]
        return PairStanding(pair, score, maximum, boards, place=place, averaged=averaged)

    return _session_fields(session_ids, sections, winners, standing)


def board_counts(section_ids) -> dict[int, dict[int, int]]:
    """Results on each board (not-played lines left out) of the given sections: section → number → count."""
    counts: dict[int, dict[int, int]] = {section_id: {} for section_id in section_ids}
    rows = (
        TravellerLine.objects.filter(board__section_id__in=list(section_ids), not_played=False)
        .order_by()
        .values("board__section_id", "board__number")
        .annotate(n=Count("id"))
        .values_list("board__section_id", "board__number", "n")
    )
    for section_id, number, count in rows:
        counts[section_id][number] = count
    return counts


@dataclass
class TopSummary:
    """How the boards of one section were scored, for the sentence above its ranking."""

    section: SectionInfo
    tops: dict[int, float]  # board number → top
    expected: dict[int, int]  # board number → results scored against (Neuberg's E)
    compared: dict[int, int]  # board number → played results compared (adjusted scores left out)

    @staticmethod
    def most_common(values):
        values = sorted(values)
        return max(set(values), key=values.count) if values else None

    @property
    def usual_top(self) -> float | None:
        return self.most_common(self.tops.values())

    @property
    def other_tops(self) -> list[tuple[int, float]]:
        usual = self.usual_top
        return [(number, top) for number, top in sorted(self.tops.items()) if top != usual]

    @property
    def usual_expected(self) -> int | None:
        return self.most_common(self.expected.values())

    @property
    def factored(self) -> list[int]:
        """Boards with fewer results compared than they were scored against: Neuberg's formula was used."""
        return [number for number in sorted(self.compared) if 0 < self.compared[number] < self.expected[number]]


def top_summaries(sections: list[SectionInfo]) -> dict[int, TopSummary]:
    """The top of every board of the given sections, in one query."""
    rows = (
        TravellerLine.objects.filter(board__section_id__in=[section.id for section in sections], not_played=False)
        .order_by()
        .values("board__section_id", "board__number")
        .annotate(entries=Count("id"), compared=Count("id", filter=Q(adjusted="")))
        .values_list("board__section_id", "board__number", "entries", "compared")
    )
    entries: dict[int, dict[int, int]] = {section.id: {} for section in sections}
    compared: dict[int, dict[int, int]] = {section.id: {} for section in sections}
    for section_id, number, count, played in rows:
        entries[section_id][number], compared[section_id][number] = count, played
    summaries = {}
    by_id = {section.id: section for section in sections}
    most = {section_id: max(played.values(), default=0) for section_id, played in entries.items()}
    field_due, field_tops = field_expected(by_id, entries, most), field_board_tops(by_id, entries, most)
    field_compared: dict[tuple[int, int], int] = defaultdict(int)
    for section in sections:
        for number, count in compared[section.id].items() if section.across_field else ():
            field_compared[(section.session_id, number)] += count
    for section in sections:
        played = entries[section.id]
        expected = {number: section.expected(number, count, most[section.id]) for number, count in played.items()}
        tops = {} if section.uses_imps else {
            number: section.top(number, count, most[section.id]) for number, count in played.items()
        }  # fmt: skip
        if section.across_field:  # the field's tops and results due, as the lines were scored (several sections)
            key = section.session_id
            expected = {number: field_due.get((key, number), due) for number, due in expected.items()}
            tops = {number: field_tops.get((key, number), top) for number, top in tops.items()}
            compared[section.id] = {number: field_compared[(key, number)] for number in compared[section.id]}
        summaries[section.id] = TopSummary(section, tops, expected, compared[section.id])
    return summaries


def member_of(user) -> int | None:
    """The id of the member a logged-in user is (None for visitors and users who are not members)."""
    if not user.is_authenticated:
        return None
    return Member.objects.filter(user_id=user.pk).values_list("pk", flat=True).first()


def mark_mine(results: SessionResults, member_id: int | None) -> None:
    if member_id is None:
        return
    for ranking in results.fields:
        for row in ranking.rows:
            row.mine = member_id in row.pair.member_ids


def assign_places(rows: list, key) -> None:
    """Sorts rows (each with `.pair.number` and a writable `.place`) best first; ties share a place, "=2"."""
    rows.sort(key=lambda row: (-round(key(row) or 0, 6), row.pair.number))
    index = 0
    while index < len(rows):
        value = round(key(rows[index]) or 0, 6)
        end = index
        while end + 1 < len(rows) and round(key(rows[end + 1]) or 0, 6) == value:
            end += 1
        place = str(index + 1) if end == index else f"={index + 1}"
        for row in rows[index : end + 1]:
            row.place = place
        index = end + 1
