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
`events.services.expected_results` works it out, without its query per board for free-entry
sections.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from django.db.models import Count, Q, Sum

import scoring
from club.models import Member
from events.models import Pair, Section, Session, TravellerLine
from events.plans import Plan, build_plan
from events.rankings import assign_places

PUBLISHED = (Session.Status.PROVISIONAL, Session.Status.FINAL)


@dataclass(frozen=True)
class Player:
    name: str
    member_id: int | None = None


@dataclass
class PairInfo:
    id: int
    section_id: int
    number: int
    direction: str
    players: tuple[Player, ...]

    @property
    def label(self) -> str:
        return f"{self.number}{self.direction}"

    @property
    def names(self) -> str:
        return " – ".join(player.name for player in self.players)

    @property
    def member_ids(self) -> set[int]:
        return {player.member_id for player in self.players if player.member_id}


PAIR_COLUMNS = ("id", "section_id", "number", "direction",
                "player1_id", "player1__first_name", "player1__last_name", "player1_guest",
                "player2_id", "player2__first_name", "player2__last_name", "player2_guest")


def _player(member_id, first, last, guest) -> Player | None:
    if member_id:
        return Player(f"{first} {last}", member_id)
    return Player(guest) if guest else None


def pair_from_row(row) -> PairInfo:
    pair_id, section_id, number, direction, *players = row
    found = (_player(*players[:4]), _player(*players[4:]))
    return PairInfo(pair_id, section_id, number, direction, tuple(player for player in found if player))


def load_pairs(**filters) -> dict[int, PairInfo]:
    """Pairs as plain data, in one query (the players' names come with them)."""
    rows = Pair.objects.filter(**filters).order_by("section_id", "direction", "number").values_list(*PAIR_COLUMNS)
    return {row[0]: pair_from_row(row) for row in rows}


@lru_cache(maxsize=512)
def plan_facts(plan: Plan) -> tuple[tuple[str, ...], int]:
    """A plan's fields and most plays of a board, worked out once per plan (plans are cached by settings)."""
    return plan.fields, plan.max_plays


@dataclass
class SectionInfo:
    """A section with what scoring it needs: its session's method and scale, and its movement's plan."""

    id: int
    session_id: int
    letter: str
    kind: str
    tables: int
    scoring: str
    scale: str
    neuberg: bool
    plan: Plan
    uses_imps: bool = field(init=False)

    def __post_init__(self):
        self.uses_imps = str(self.scoring) != "matchpoints"

    @property
    def fields(self) -> tuple[str, ...]:
        """'NS' and 'EW', or '' for one field."""
        return plan_facts(self.plan)[0]

    @property
    def uniform_top(self) -> bool:
        """Whether every board has the same top whatever was played: the movement's most plays."""
        return self.uses_imps or (self.plan.has_schedule and self.neuberg)

    def expected(self, number: int, played: int, most_played: int) -> int:
        """Neuberg's E for a board with `played` results; `most_played` is the section's most on a board."""
        return self.plan.scored_against(number, played, self.neuberg, most_played)

    def top(self, number: int, played: int, most_played: int) -> float:
        if self.uses_imps:
            return 0
        expected = self.expected(number, played, most_played)
        return scoring.matchpoint_top(expected, self.scale) if expected else 0

    @cached_property
    def movement_top(self) -> float:
        """The top of every board of a `uniform_top` section (0 for IMPs)."""
        max_plays = plan_facts(self.plan)[1]
        if self.uses_imps or not max_plays:
            return 0
        return scoring.matchpoint_top(max_plays, self.scale)

    @property
    def kind_display(self) -> str:
        return Section.Kind(self.kind).label


SECTION_COLUMNS = ("id", "session_id", "letter", "kind", "tables", "boards_per_round", "rounds", "first_board",
                   "even_tables", "arrow_switch_rounds", "phantom", "custom_movement__csv_text",
                   "session__scoring", "session__scale", "session__neuberg_for_movement")


def section_from_row(row) -> SectionInfo:
    """A SectionInfo from the values of SECTION_COLUMNS (the plan comes from the plans' cache)."""
    (pk, session_id, letter, kind, tables, per_round, rounds, first, even, switch, phantom, csv_text,
     method, scale, neuberg) = row
    csv_text = (csv_text or "") if kind == Section.Kind.CUSTOM else ""
    plan = build_plan(kind, tables, per_round, rounds, first, even, switch, phantom, csv_text)
    return SectionInfo(pk, session_id, letter, kind, tables, method, scale, neuberg, plan)


def load_sections(**filters) -> dict[int, SectionInfo]:
    """Sections as plain data with their plans, in one query."""
    rows = Section.objects.filter(**filters).order_by("session_id", "letter").values_list(*SECTION_COLUMNS)
    return {row[0]: section_from_row(row) for row in rows}


@dataclass
class Totals:
    score: float = 0.0
    maximum: float = 0.0
    boards: int = 0


def pair_totals(sections: dict[int, SectionInfo], pair_sections: dict[int, int]) -> dict[int, Totals]:
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
            rows = (TravellerLine.objects.order_by()
                    .filter(**{f"{side}_pair_id__in": pairs, "not_played": False, f"{side}_points__isnull": False})
                    .values(f"{side}_pair_id").annotate(score=Sum(f"{side}_points"), boards=Count("*"))
                    .values_list(f"{side}_pair_id", "score", "boards"))
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
        lines = list(TravellerLine.objects.filter(board__section_id__in=varying, not_played=False).order_by()
                     .values_list("board__section_id", "board__number", "ns_pair_id", "ew_pair_id", "ns_points",
                                  "ew_points"))
        counts: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for section_id, number, *_rest in lines:
            counts[section_id][number] += 1
        most = {section_id: max(by_board.values()) for section_id, by_board in counts.items()}
        for section_id, number, ns, ew, ns_points, ew_points in lines:
            if ns_points is None:
                continue
            top = sections[section_id].top(number, counts[section_id][number], most[section_id])
            for pair_id, points in ((ns, ns_points), (ew, ew_points)):
                total = totals.get(pair_id)
                if total is not None:
                    total.score += points
                    total.maximum += top
                    total.boards += 1
    return totals


@dataclass
class Standing:
    """One pair's line in a field's ranking."""

    pair: PairInfo
    score: float = 0.0
    maximum: float = 0.0
    boards: int = 0
    place: str = ""
    position: int = 0  # 1, 2, 3 ... in ranking order, to sort by place
    mine: bool = False

    @property
    def percentage(self) -> float | None:
        return 100 * self.score / self.maximum if self.maximum else None

    @property
    def average(self) -> float | None:
        """Points per board scored (IMPs per board for IMP sessions)."""
        return self.score / self.boards if self.boards else None

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
    rows: list[Standing]
    sections_in_session: int = 1

    @property
    def size(self) -> int:
        return len(self.rows)

    @property
    def winners(self) -> list[Standing]:
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

    def standing_of(self, pair_id: int) -> tuple[Field, Standing] | tuple[None, None]:
        for ranking in self.fields:
            for row in ranking.rows:
                if row.pair.id == pair_id:
                    return ranking, row
        return None, None


def rank_sessions(session_ids, names: bool = True) -> dict[int, SessionResults]:
    """Every field's ranking of the given sessions, in four or five queries however many there are.

    Without `names` the pairs come without their players (for places and field sizes only).
    """
    session_ids = list(session_ids)
    results = {session_id: SessionResults(session_id) for session_id in session_ids}
    if not session_ids:
        return results
    sections = load_sections(session_id__in=session_ids)
    in_sessions = Pair.objects.filter(section__session_id__in=session_ids).order_by()
    if names:
        pairs = load_pairs(section__session_id__in=session_ids)
    else:
        pairs = {pk: PairInfo(pk, section_id, number, direction, ())
                 for pk, section_id, number, direction in in_sessions.values_list("id", "section_id", "number",
                                                                                  "direction")}
    totals = pair_totals(sections, {pair.id: pair.section_id for pair in pairs.values()})
    by_section: dict[int, list[PairInfo]] = defaultdict(list)
    for pair in pairs.values():
        by_section[pair.section_id].append(pair)
    for section in sections.values():
        result = results[section.session_id]
        result.sections.append(section)
        for direction in section.fields:
            rows = [Standing(pair, totals[pair.id].score, totals[pair.id].maximum, totals[pair.id].boards)
                    for pair in by_section[section.id] if not direction or pair.direction == direction]
            key = (lambda row: row.score) if section.uses_imps else (lambda row: row.percentage)
            assign_places(rows, key)
            for position, row in enumerate(rows, start=1):
                row.position = position
            result.fields.append(Field(section, direction, section.uses_imps, rows))
    for result in results.values():
        for ranking in result.fields:
            ranking.sections_in_session = len(result.sections)
    for pair in pairs.values():
        results[sections[pair.section_id].session_id].pairs[pair.id] = pair
    return results


def name_winners(results: dict[int, SessionResults]) -> None:
    """Gives the winners of rankings made without names their players' names (one query)."""
    winners = [row for result in results.values() for ranking in result.fields for row in ranking.winners]
    if not winners:
        return
    named = load_pairs(pk__in=[row.pair.id for row in winners])
    for row in winners:
        row.pair = named[row.pair.id]


def board_counts(section_ids) -> dict[int, dict[int, int]]:
    """Results on each board (not-played lines left out) of the given sections: section → number → count."""
    counts: dict[int, dict[int, int]] = {section_id: {} for section_id in section_ids}
    rows = (TravellerLine.objects.filter(board__section_id__in=list(section_ids), not_played=False).order_by()
            .values("board__section_id", "board__number").annotate(n=Count("id"))
            .values_list("board__section_id", "board__number", "n"))
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
    rows = (TravellerLine.objects.filter(board__section_id__in=[section.id for section in sections],
                                         not_played=False).order_by()
            .values("board__section_id", "board__number")
            .annotate(entries=Count("id"), compared=Count("id", filter=Q(adjusted="")))
            .values_list("board__section_id", "board__number", "entries", "compared"))
    entries: dict[int, dict[int, int]] = {section.id: {} for section in sections}
    compared: dict[int, dict[int, int]] = {section.id: {} for section in sections}
    for section_id, number, count, played in rows:
        entries[section_id][number], compared[section_id][number] = count, played
    summaries = {}
    for section in sections:
        played = entries[section.id]
        most = max(played.values(), default=0)
        expected = {number: section.expected(number, count, most) for number, count in played.items()}
        tops = {} if section.uses_imps else {number: section.top(number, count, most)
                                             for number, count in played.items()}
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
