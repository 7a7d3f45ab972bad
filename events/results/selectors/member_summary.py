"""The member page from the member's stored summary (`events.models.MemberSummary`) and one page of sessions.

The summary holds what the page shows from the whole history (the count, the first date, the average, the best
partners, the best results, the percentage chart's drawing, the sessions against par), computed here from the
member's pairs by `summary_fields` and stored by `events.standings.services.member_summaries` with the standings. The
page reads it and the one page of sessions it lists: four queries and the same work whatever the length of the history
(the page's sessions, the partners' names). A member without a stored summary yet (before
`refresh_member_summaries` has run) gets it computed from the whole history, as before, and nothing is stored.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet

from club.models import Member
from events.models import MemberSummary, Pair
from events.results.selectors.member_history import (
    MEMBER_PAIR_COLUMNS,
    Chart,
    ChartPoint,
    MemberHistory,
    MemberSession,
    PlotArea,
    Tick,
    best_partners,
    best_results,
    chart,
    member_session,
)
from events.results.selectors.member_par import PAR_SESSIONS, ParChart, ParSession, par_chart, par_sessions
from events.setup.selectors.pairs_and_sections import PUBLISHED, Player, member_player

SESSION_ORDER = ("-section__session__date", "-section__session_id", "-section__letter")


def published_pairs(member_ids: Iterable[int]) -> QuerySet[Pair]:
    ids = list(member_ids)
    return Pair.objects.filter(
        Q(player1_id__in=ids) | Q(player2_id__in=ids), section__session__status__in=PUBLISHED
    ).order_by()


def history_rows(member_ids: list[int]) -> dict[int, list]:
    """Every published pair of each member (named rows of MEMBER_PAIR_COLUMNS and the par figures): one query."""
    rows: dict[int, list] = {member_id: [] for member_id in member_ids}
    for row in published_pairs(member_ids).values_list(*MEMBER_PAIR_COLUMNS, "par_boards", "par_total", named=True):
        for member_id in {row.player1_id, row.player2_id}:
            if member_id in rows:
                rows[member_id].append(row)
    return rows


def _anonymous(rows: list, member_id: int) -> list[MemberSession]:
    """The member's sessions with every member unnamed (the summary keeps ids, names are the reader's)."""
    players = {pk: Player("", pk) for row in rows for pk in (row.player1_id, row.player2_id) if pk}
    me = players.get(member_id) or Player("", member_id)
    entries = [member_session(row, member_id, me, players) for row in rows]
    entries.sort(key=lambda entry: (entry.date, entry.session_id, entry.section_letter), reverse=True)
    return entries


def chart_data(drawn: Chart | None) -> dict[str, Any] | None:
    """The chart's drawing as JSON values: its points only when drawn as dots, else their polyline."""
    if drawn is None:
        return None
    return {
        "area": [drawn.width, drawn.height, drawn.left, drawn.right, drawn.top, drawn.bottom],
        "range": [drawn.low, drawn.high],
        "count": drawn.count,
        "points": [[p.x, p.y, p.date.isoformat(), p.percentage, p.name] for p in drawn.points] if drawn.dots else [],
        "polyline": "" if drawn.dots else drawn.polyline,
        "average_path": drawn.average_path,
        "gridlines": [list(line) for line in drawn.gridlines],
        "ticks": [[tick.x, tick.date.isoformat(), tick.format, tick.anchor] for tick in drawn.ticks],
        "window": drawn.window,
    }


def par_data(rows: list) -> list[list]:
    """The member's newest sessions with a par (at most PAR_SESSIONS), oldest first, as `par_sessions` finds them."""
    sessions: dict[int, list] = {}
    for row in rows:
        if row.par_boards:
            found = sessions.setdefault(
                row.section__session_id,
                [row.section__session_id, row.section__session__name, row.section__session__date, 0, 0],
            )
            found[3] += row.par_boards
            found[4] += row.par_total
    newest = sorted(sessions.values(), key=lambda found: (found[2], found[0]), reverse=True)[:PAR_SESSIONS]
    return [[pk, name, date.isoformat(), boards, total / boards] for pk, name, date, boards, total in newest[::-1]]


def summary_fields(member_id: int, rows: list) -> dict[str, Any]:
    """The stored summary's fields computed from every published pair of the member (`history_rows`)."""
    entries = _anonymous(rows, member_id)
    history = MemberHistory(entries, best_partners(entries), best_results(entries), chart(entries))
    return {
        "played": history.played,
        "first": history.first,
        "average": history.average,
        "partners": [
            [record.partner.member_id, "" if record.partner.member_id else record.partner.name]
            + [record.sessions, record.average, record.best]
            for record in history.partners
        ],
        "best": [
            [e.session_id, e.pair.id, e.name, e.date.isoformat(), e.percentage, e.place, e.field_size]
            for e in history.best
        ],
        "chart": chart_data(history.chart),
        "par": par_data(rows),
    }


@dataclass
class StoredChart(PlotArea):
    """The percentage chart as stored: what the template draws (see `member_history.Chart`)."""

    low: int
    high: int
    count: int
    points: list[ChartPoint]
    polyline: str
    average_path: str
    gridlines: list[tuple[float, int]]
    ticks: list[Tick]
    window: int

    @property
    def dots(self) -> bool:
        return not self.polyline


@dataclass
class PartnerRow:
    partner: Player
    sessions: int
    average: float
    best: float


@dataclass
class BestResult:
    session_id: int
    pair_id: int
    name: str
    date: datetime.date
    percentage: float
    place: str
    field_size: int | None


def _date(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


def stored_chart(data: dict[str, Any] | None) -> StoredChart | None:
    if data is None:
        return None
    return StoredChart(
        *data["area"],
        *data["range"],
        data["count"],
        [ChartPoint(x, y, _date(day), percentage, name) for x, y, day, percentage, name in data["points"]],
        data["polyline"],
        data["average_path"],
        [(y, value) for y, value in data["gridlines"]],
        [Tick(x, _date(day), form, anchor) for x, day, form, anchor in data["ticks"]],
        data["window"],
    )


def stored_par(data: list[list]) -> list[ParSession]:
    return [ParSession(pk, name, _date(day), boards, average) for pk, name, day, boards, average in data]


class _SessionRows:
    """The member's published pairs, newest first, sliced by the Paginator into one page's query (its length is the
    stored count, so counting them costs no query)."""

    def __init__(self, member_id: int, count: int) -> None:
        self.member_id, self.count = member_id, count

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, page: slice) -> list:
        if page.start >= page.stop:
            return []  # no session: no query
        pairs = published_pairs([self.member_id]).order_by(*SESSION_ORDER)
        return list(pairs.values_list(*MEMBER_PAIR_COLUMNS, named=True)[page])


@dataclass
class MemberPage:
    """What the member page shows: the summary's figures (named as `member_history.MemberHistory` names them, for
    the template) and the page of sessions listed."""

    played: int
    first: datetime.date | None
    average: float | None
    partners: list[PartnerRow]
    best: list[BestResult]
    chart: StoredChart | None
    par_chart: ParChart | None
    page: Page


def _names(member_id: int, rows: list, partners: list[list]) -> dict[int, Player]:
    """The member and the partners the page names, as the reader may see them (one query)."""
    wanted = {member_id} | {pk for row in rows for pk in (row.player1_id, row.player2_id) if pk}
    wanted |= {partner[0] for partner in partners if partner[0]}
    found = Member.objects.filter(pk__in=wanted).values_list("pk", "first_name", "last_name", "privacy", "removed_on")
    return {row[0]: member_player(*row) for row in found}


def _summary(member_id: int) -> tuple[dict[str, Any], ParChart | None]:
    """The stored summary's fields and the par figure; computed from the whole history when none is stored yet, or
    when the stored one is stale (a line changed since: `member_summaries.mark_summaries_stale`)."""
    stored = MemberSummary.objects.filter(member_id=member_id, stale=False).values(*SUMMARY_FIELDS).first()
    if stored is not None:
        return stored, par_chart(stored_par(stored["par"]))
    fields = summary_fields(member_id, history_rows([member_id])[member_id])
    return fields, par_chart(par_sessions(member_id))  # the pairs' par figures may not be stored yet either


SUMMARY_FIELDS = ("played", "first", "average", "partners", "best", "chart", "par")


def load_member_page(member_id: int, page_number: Any, per_page: int) -> MemberPage:
    """The member page's figures from the stored summary and the sessions of page `page_number` (four queries)."""
    summary, par = _summary(member_id)
    page = Paginator(_SessionRows(member_id, summary["played"]), per_page).get_page(page_number)
    names = _names(member_id, page.object_list, summary["partners"])
    me = names.get(member_id) or Player("", member_id)
    page.object_list = [member_session(row, member_id, me, names) for row in page.object_list]
    partners = [
        PartnerRow(names.get(pk) or Player("", pk) if pk else Player(guest), sessions, average, best)
        for pk, guest, sessions, average, best in summary["partners"]
    ]
    best = [
        BestResult(session_id, pair_id, name, _date(day), percentage, place, size)
        for session_id, pair_id, name, day, percentage, place, size in summary["best"]
    ]
    return MemberPage(
        summary["played"],
        summary["first"],
        summary["average"],
        partners,
        best,
        stored_chart(summary["chart"]),
        par,
        page,
    )
