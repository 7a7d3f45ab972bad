"""A member's results against par over time, for the member page's figure: for each published session played on
boards with an analysed deal, the average of the member's score minus par for the member's side, per board.

One query, however long the history: the lines the member played on analysed boards, grouped by session in the
database (the par is the one stored with the deal by `analyse_hands`; nothing here runs DDS).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Avg, Case, Count, F, IntegerField, Q, When

from events.models import TravellerLine
from events.results.selectors.member_history import PlotArea
from events.setup.selectors.pairs_and_sections import PUBLISHED

PAR_SESSIONS = 30  # the newest sessions drawn: enough for a trend, bars still wide on a phone
NICE_STEPS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000)


@dataclass(frozen=True)
class ParSession:
    session_id: int
    name: str
    date: datetime.date
    boards: int  # boards with a par the member played
    average: float  # the member's score minus par, per board (points; above 0: better than par)


@dataclass(frozen=True)
class ParBar:
    x: float
    y: float  # the top of the bar
    width: float
    height: float
    session: ParSession

    @property
    def above(self) -> bool:
        return self.session.average >= 0


@dataclass
class ParChart(PlotArea):
    """Bars of each session's average against par, oldest on the left, in the coordinates of an SVG viewBox."""

    zero: float  # the y of par (0)
    bars: list[ParBar]
    gridlines: list[tuple[float, int]]  # (y, points against par)

    @property
    def first(self) -> ParSession:
        return self.bars[0].session

    @property
    def last(self) -> ParSession:
        return self.bars[-1].session

    @property
    def average(self) -> float:
        """Points against par per board over every board drawn."""
        boards = sum(bar.session.boards for bar in self.bars)
        return sum(bar.session.average * bar.session.boards for bar in self.bars) / boards


def par_sessions(member_id: int, limit: int = PAR_SESSIONS) -> list[ParSession]:
    """The member's newest ``limit`` published sessions with analysed boards, oldest first (one query)."""
    north_south = Q(ns_pair__player1_id=member_id) | Q(ns_pair__player2_id=member_id)
    east_west = Q(ew_pair__player1_id=member_id) | Q(ew_pair__player2_id=member_id)
    par = F("board__deal__par_score")
    gain = Case(When(north_south, then=F("ns_score") - par), default=par - F("ns_score"), output_field=IntegerField())
    session = "board__section__session"
    rows = (
        TravellerLine.objects.filter(north_south | east_west)
        .filter(
            **{f"{session}__status__in": PUBLISHED},
            board__deal__par_score__isnull=False,
            ns_score__isnull=False,
            adjusted="",
            not_played=False,
        )
        .values_list(f"{session}_id", f"{session}__name", f"{session}__date")
        .annotate(average=Avg(gain), boards=Count("pk"))
        .order_by(f"-{session}__date", f"-{session}_id")[:limit]
    )
    found = [ParSession(pk, name, date, boards, float(average)) for pk, name, date, average, boards in rows]
    return found[::-1]


def _scale(sessions: list[ParSession]) -> int:
    """The points at the top of the plot (and, below 0, at its bottom): a round number above every bar."""
    most = max(abs(entry.average) for entry in sessions)
    return next((step for step in NICE_STEPS if step >= most), -int(-most // 1000) * 1000)


def par_chart(sessions: list[ParSession], width: int = 720, height: int = 200) -> ParChart | None:
    """Bars above (better than par) or below the par line, one a session; None without a session."""
    if not sessions:
        return None
    left, right, top, bottom = 58, 12, 10, 24
    scale = _scale(sessions)
    plot_width, plot_height = width - left - right, height - top - bottom
    zero = top + plot_height / 2

    def y_of(points: float) -> float:
        return zero - (plot_height / 2) * points / scale

    slot = plot_width / len(sessions)
    bar_width = max(1.0, min(28.0, slot * 0.7))
    bars = []
    for index, entry in enumerate(sessions):
        end = y_of(entry.average)
        x = left + slot * index + (slot - bar_width) / 2
        bars.append(ParBar(x, min(zero, end), bar_width, max(abs(end - zero), 1.0), entry))
    gridlines = [(y_of(value), value) for value in (scale, scale // 2, 0, -scale // 2, -scale)]
    return ParChart(width, height, left, right, top, bottom, zero, bars, gridlines)


def load_par_chart(member_id: int) -> ParChart | None:
    return par_chart(par_sessions(member_id))
