"""A member's history as plain data: every published session played, partners, best results, a chart.

The whole history costs two queries, however long it is: the member's pairs with their sessions and
the standings stored on them (`events.standings.services.standings`: score, maximum, boards, place and field size, kept
equal to the session's ranking), and the partners' names.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Q

from club.models import Member
from events.models import Pair, Session
from events.models.core import STANDING_FIELDS
from events.setup.selectors.pairs_and_sections import PUBLISHED, PairInfo, Player, member_player

BEST_RESULTS = 5
BEST_PARTNERS = 5
PARTNER_MIN_SESSIONS = 3
DOTS_AT_MOST = 60  # sessions drawn each as a dot with its own tooltip; more are drawn as one line


@dataclass(slots=True)
class MemberSession:
    session_id: int
    name: str
    date: datetime.date
    status: str
    section_letter: str
    pair: PairInfo  # the member's pair (players: the member and the partner)
    partner: Player | None
    uses_imps: bool
    score: float = 0.0
    maximum: float = 0.0
    boards: int = 0
    percentage: float | None = None  # matchpoint sessions only
    place: str = ""
    field_size: int | None = None

    @property
    def pair_id(self) -> int:
        return self.pair.id

    @property
    def won(self) -> bool:
        return self.place in ("1", "=1")


@dataclass
class PartnerRecord:
    partner: Player
    sessions: int = 0
    percentages: list[float] = field(default_factory=list)
    last_played: datetime.date | None = None

    @property
    def average(self) -> float | None:
        return sum(self.percentages) / len(self.percentages) if self.percentages else None

    @property
    def best(self) -> float | None:
        return max(self.percentages, default=None)


@dataclass
class ChartPoint:
    x: float
    y: float
    date: datetime.date
    percentage: float
    name: str


@dataclass(frozen=True)
class Tick:
    x: float
    date: datetime.date
    format: str  # a `date` template filter format: "Y" or "j M Y"
    anchor: str = "middle"  # SVG text-anchor: labels at the ends of the axis stay inside the chart


@dataclass
class PlotArea:
    """An SVG figure's size and the margins round its plot, in the coordinates of its viewBox."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int

    @property
    def plot_right(self) -> int:
        return self.width - self.right

    @property
    def plot_bottom(self) -> int:
        return self.height - self.bottom


@dataclass
class Chart(PlotArea):
    """An SVG chart of percentage over time, in the coordinates of its viewBox."""

    low: int  # percentage at the bottom of the plot
    high: int
    points: list[ChartPoint]
    average_path: str  # polyline points of the moving average
    gridlines: list[tuple[float, int]]  # (y, percentage)
    ticks: list[Tick]
    window: int

    @property
    def count(self) -> int:
        return len(self.points)

    @property
    def polyline(self) -> str:
        return " ".join(f"{point.x:.1f},{point.y:.1f}" for point in self.points)

    @property
    def dots(self) -> bool:
        """Few enough sessions to draw each as a dot with its own tooltip."""
        return len(self.points) <= DOTS_AT_MOST


@dataclass
class MemberHistory:
    sessions: list[MemberSession]  # newest first
    partners: list[PartnerRecord]
    best: list[MemberSession]
    chart: Chart | None

    @property
    def played(self) -> int:
        return len(self.sessions)

    @property
    def average(self) -> float | None:
        values = [entry.percentage for entry in self.sessions if entry.percentage is not None]
        return sum(values) / len(values) if values else None

    @property
    def first(self) -> datetime.date | None:
        return self.sessions[-1].date if self.sessions else None


MEMBER_PAIR_COLUMNS = (
    "id",
    "number",
    "direction",
    "player1_id",
    "player1_guest",
    "player2_id",
    "player2_guest",
    "section_id",
    "section__letter",
    "section__session_id",
    "section__session__name",
    "section__session__date",
    "section__session__status",
    "section__session__scoring",
    *STANDING_FIELDS,
)


def load_history(member_id: int) -> MemberHistory:
    """Every published session the member played, newest first, with the standings stored on the pairs.

    Two queries whatever the length of the history: the member's pairs with their sections, sessions
    and standings, and the names of the partners.
    """
    member_pairs = Pair.objects.filter(
        Q(player1_id=member_id) | Q(player2_id=member_id), section__session__status__in=PUBLISHED
    ).order_by()
    rows = list(member_pairs.values_list(*MEMBER_PAIR_COLUMNS, named=True))
    if not rows:
        return MemberHistory([], [], [], None)
    partner_ids = {row.player2_id if row.player1_id == member_id else row.player1_id for row in rows} - {None}
    names = {
        row[0]: member_player(*row)
        for row in Member.objects.filter(pk__in=partner_ids | {member_id}).values_list(
            "pk", "first_name", "last_name", "privacy", "removed_on"
        )
    }
    me = names.get(member_id) or Player("", member_id)
    entries = [member_session(row, member_id, me, names) for row in rows]
    entries.sort(key=lambda entry: (entry.date, entry.session_id, entry.section_letter), reverse=True)
    return MemberHistory(entries, best_partners(entries), best_results(entries), chart(entries))


def member_session(row, member_id: int, me: Player, names: dict[int, Player]) -> MemberSession:
    """One session of the member's history from a named row of MEMBER_PAIR_COLUMNS."""
    if row.player1_id == member_id:
        partner_id, guest = row.player2_id, row.player2_guest
    else:
        partner_id, guest = row.player1_id, row.player1_guest
    partner = names[partner_id] if partner_id else Player(guest) if guest else None
    if partner is None:
        players: tuple[Player, ...] = (me,)
    else:
        players = (me, partner) if row.player1_id == member_id else (partner, me)
    uses_imps = row.section__session__scoring != Session.Scoring.MATCHPOINTS
    score, maximum = row.score, row.maximum
    return MemberSession(
        row.section__session_id,
        row.section__session__name,
        row.section__session__date,
        row.section__session__status,
        row.section__letter,
        PairInfo(row.id, row.section_id, row.number, row.direction, players),
        partner,
        uses_imps,
        score,
        maximum,
        row.boards,
        percentage=100 * score / maximum if maximum and not uses_imps else None,
        place=row.place,
        field_size=row.field_size or None,
    )


def best_results(entries: list[MemberSession]) -> list[MemberSession]:
    scored = [entry for entry in entries if entry.percentage is not None]
    return sorted(scored, key=lambda entry: (-entry.percentage, entry.date))[:BEST_RESULTS]


def best_partners(entries: list[MemberSession]) -> list[PartnerRecord]:
    """Partners by average percentage, among those played with at least three times (or any, if none)."""
    records: dict[tuple, PartnerRecord] = {}
    for entry in entries:
        if entry.partner is None:
            continue
        key = (entry.partner.member_id,) if entry.partner.member_id else ("guest", entry.partner.name.casefold())
        record = records.setdefault(key, PartnerRecord(entry.partner))
        record.sessions += 1
        record.last_played = max(record.last_played or entry.date, entry.date)
        if entry.percentage is not None:
            record.percentages.append(entry.percentage)
    scored = [record for record in records.values() if record.percentages]
    regular = [record for record in scored if len(record.percentages) >= PARTNER_MIN_SESSIONS] or scored
    return sorted(regular, key=lambda record: (-record.average, -record.sessions))[:BEST_PARTNERS]


def chart(entries: list[MemberSession], width: int = 720, height: int = 240, window: int = 10) -> Chart | None:
    """Percentage over time: one point per matchpoint session, and the moving average of `window` sessions."""
    scored = sorted(
        (entry for entry in entries if entry.percentage is not None), key=lambda entry: (entry.date, entry.session_id)
    )
    if not scored:
        return None
    left, right, top, bottom = 58, 24, 12, 30  # the right margin holds the last point's dot, even a phone's
    values = [entry.percentage for entry in scored]
    low = max(0, min(40, int(min(values) // 10) * 10))
    high = min(100, max(60, -int(-max(values) // 10) * 10))
    first, last = scored[0].date.toordinal(), scored[-1].date.toordinal()
    span = max(last - first, 1)
    plot_width, plot_height = width - left - right, height - top - bottom

    def x_of(date: datetime.date) -> float:
        if last == first:
            return left + plot_width / 2
        return left + plot_width * (date.toordinal() - first) / span

    def y_of(percentage: float) -> float:
        return top + plot_height * (high - percentage) / (high - low)

    points = [
        ChartPoint(x_of(entry.date), y_of(entry.percentage), entry.date, entry.percentage, entry.name)
        for entry in scored
    ]
    average = []
    for index in range(len(scored)):
        recent = values[max(0, index - window + 1) : index + 1]
        average.append(f"{points[index].x:.1f},{y_of(sum(recent) / len(recent)):.1f}")
    gridlines = [(y_of(value), value) for value in range(low, high + 1, 10)]
    years = range(scored[0].date.year, scored[-1].date.year + 1)
    if len(years) > 1:
        step = max(1, -(-len(years) // 8))
        ticks = [
            Tick(x_of(max(datetime.date(year, 1, 1), scored[0].date)), datetime.date(year, 1, 1), "Y")
            for year in years[::step]
        ]
    else:
        ends = (scored[0].date, scored[-1].date) if last != first else (scored[0].date,)
        ticks = [Tick(x_of(date), date, "j M Y") for date in ends]
    ticks = [
        Tick(
            tick.x,
            tick.date,
            tick.format,
            "start" if tick.x - left < 30 else "end" if width - right - tick.x < 30 else "middle",
        )
        for tick in ticks
    ]
    return Chart(
        width, height, left, right, top, bottom, low, high, points, " ".join(average), gridlines, ticks, window
    )
