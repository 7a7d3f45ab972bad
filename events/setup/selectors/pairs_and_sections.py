"""Sessions' pairs (with their players) and sections (with their movement's facts) as plain data, read as
tuples in a query each: what the rankings, the scorecards and the member pages are built from."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

import scoring
from club.privacy import page_is_public, shown_name
from events.models import Pair, Section, Session
from events.plans import build_plan
from movement_generators.api import Movement

PUBLISHED = (Session.Status.PROVISIONAL, Session.Status.FINAL)


@dataclass(frozen=True)
class Player:
    """A player as the reader may see them: `name` written by `club.privacy`, `linked` when their page is shown."""

    name: str
    member_id: int | None = None
    linked: bool = False


@dataclass
class PairInfo:
    id: int
    section_id: int
    number: int
    direction: str
    players: tuple[Player, ...]
    masterpoints: str = ""  # as the scorer's file awarded them: "6 GREEN" (empty: none given)

    @property
    def label(self) -> str:
        return f"{self.number}{self.direction}"

    @property
    def names(self) -> str:
        """The players' names, each guest's marked as a guest's (a name no member of the club has)."""
        return " – ".join(
            player.name if player.member_id else _("%(name)s (guest)") % {"name": player.name}
            for player in self.players
        )

    @property
    def member_ids(self) -> set[int]:
        return {player.member_id for player in self.players if player.member_id}


PAIR_COLUMNS = (
    "id",
    "section_id",
    "number",
    "direction",
    "player1_id",
    "player1__first_name",
    "player1__last_name",
    "player1__privacy",
    "player1__removed_on",
    "player1_guest",
    "player2_id",
    "player2__first_name",
    "player2__last_name",
    "player2__privacy",
    "player2__removed_on",
    "player2_guest",
    "masterpoints",
    "masterpoint_type",
)


def member_player(member_id: int, first: str, last: str, privacy: str, removed_on) -> Player:
    """A member as a Player: named as the reader may see them, linked to their page when it is shown."""
    removed = removed_on is not None
    return Player(shown_name(first, last, privacy, removed), member_id, page_is_public(privacy, removed))


def _player(member_id, first, last, privacy, removed_on, guest) -> Player | None:
    if member_id:
        return member_player(member_id, first, last, privacy, removed_on)
    return Player(guest) if guest else None


def pair_from_row(row) -> PairInfo:
    """A PairInfo from a named row of PAIR_COLUMNS."""
    found = (
        _player(
            row.player1_id,
            row.player1__first_name,
            row.player1__last_name,
            row.player1__privacy,
            row.player1__removed_on,
            row.player1_guest,
        ),
        _player(
            row.player2_id,
            row.player2__first_name,
            row.player2__last_name,
            row.player2__privacy,
            row.player2__removed_on,
            row.player2_guest,
        ),
    )
    players = tuple(player for player in found if player)
    return PairInfo(row.id, row.section_id, row.number, row.direction, players, masterpoints_text(row))


def masterpoints_text(row) -> str:
    """The masterpoints a scorer's file awarded the pair, as the ranking shows them: "6 GREEN", "" for none."""
    if row.masterpoints is None:
        return ""
    return " ".join(part for part in (f"{row.masterpoints.normalize():f}", row.masterpoint_type) if part)


def load_pairs(**filters) -> dict[int, PairInfo]:
    """Pairs as plain data, in one query (the players' names come with them)."""
    rows = (
        Pair.objects.filter(**filters)
        .order_by("section_id", "direction", "number")
        .values_list(*PAIR_COLUMNS, named=True)
    )
    return {row.id: pair_from_row(row) for row in rows}


def load_pairs_with(columns: tuple[str, ...], **filters) -> tuple[dict[int, PairInfo], dict[int, tuple]]:
    """`load_pairs`, and each pair's values of more of its own `columns` (its stored standing ...), in the same
    query: ({id: PairInfo}, {id: (values)})."""
    rows = (
        Pair.objects.filter(**filters)
        .order_by("section_id", "direction", "number")
        .values_list(*PAIR_COLUMNS, *columns, named=True)
    )
    pairs, values = {}, {}
    for row in rows:
        pairs[row.id] = pair_from_row(row)
        values[row.id] = row[len(PAIR_COLUMNS) :]
    return pairs, values


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
    plan: Movement
    across_field: bool = False  # the session's boards compared over its sections (`scoring.score_field`)
    factor_totals: bool = False  # totals as Compscore prints them (`scoring.totals`)
    pair_total: str = "sum"  # an IMP session's pair totals: "sum" over the boards or "average" per board
    uses_imps: bool = field(init=False)

    def __post_init__(self):
        self.uses_imps = str(self.scoring) != "matchpoints"

    @property
    def fields(self) -> tuple[str, ...]:
        """'NS' and 'EW', or '' for one field."""
        return self.plan.fields

    @property
    def uniform_top(self) -> bool:
        """Whether every board has the same top whatever was played: the movement's most plays."""
        if self.uses_imps:
            return not self.factor_totals
        return self.plan.has_schedule and self.neuberg and not (self.across_field or self.factor_totals)

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
        max_plays = self.plan.max_plays
        if self.uses_imps or not max_plays:
            return 0
        return scoring.matchpoint_top(max_plays, self.scale)

    @property
    def kind_display(self) -> str:
        return Section.Kind(self.kind).label


SECTION_COLUMNS = (
    "id",
    "session_id",
    "letter",
    "kind",
    "tables",
    "boards_per_round",
    "rounds",
    "first_board",
    "even_tables",
    "arrow_switch_rounds",
    "phantom",
    "custom_movement__csv_text",
    "session__scoring",
    "session__scale",
    "session__short_boards_neuberg",
    "session__across_field",
    "session__factor_totals",
    "session__pair_total",
)


def section_from_row(row) -> SectionInfo:
    """A SectionInfo from a named row of SECTION_COLUMNS (the plan comes from the plans' cache)."""
    kind = row.kind
    csv_text = (row.custom_movement__csv_text or "") if kind == Section.Kind.CUSTOM else ""
    plan = build_plan(
        kind,
        row.tables,
        row.boards_per_round,
        row.rounds,
        row.first_board,
        row.even_tables,
        row.arrow_switch_rounds,
        row.phantom,
        csv_text,
    )
    return SectionInfo(
        row.id,
        row.session_id,
        row.letter,
        kind,
        row.tables,
        row.session__scoring,
        row.session__scale,
        row.session__short_boards_neuberg,
        plan,
        row.session__across_field,
        row.session__factor_totals,
        row.session__pair_total,
    )


def load_sections(**filters) -> dict[int, SectionInfo]:
    """Sections as plain data with their plans, in one query."""
    rows = Section.objects.filter(**filters).order_by("session_id", "letter").values_list(*SECTION_COLUMNS, named=True)
    return {row.id: section_from_row(row) for row in rows}


def pairs_to_seat(session_id: int) -> list[Pair]:
    """The session's pairs with their players, in the pairs page's order: 1NS-6NS, then 1EW-6EW, then a Howell's."""
    pairs = Pair.objects.filter(section__session_id=session_id).select_related("player1", "player2", "section")
    return list(pairs.order_by("section", "-direction", "number"))


def newest_sessions(count: int = 100) -> list[Session]:
    """The director's home: the newest sessions with their directors."""
    return list(Session.objects.select_related("director")[:count])


def session_or_404(session_id: int) -> Session:
    """The session (a 404 when there is none): the director's pages' first read."""
    return get_object_or_404(Session, pk=session_id)
