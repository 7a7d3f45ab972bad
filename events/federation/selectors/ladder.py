"""The cross-club season ladder's reads: the seasons it covers, a season's results from every club's published
sessions (what `events.federation.services.ladder` ranks and stores), and the ladder page from the stored ladder
(three queries whatever the number of clubs and players: the seasons, the stored ladder, the page's members)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import Min

from club.models import Member
from club.privacy import page_is_public, real_names, shown_name
from club.tenancy import all_clubs
from events.federation.selectors.clubs import club_url
from events.federation.selectors.ladder_rule import PERCENTAGES, LadderRule, Result
from events.models import Ladder, Pair, Session

MAX_SEASONS = 10  # the seasons a ladder is kept for, the current one first
ROWS_PER_PAGE = 50
PUBLISHED = (Session.Status.PROVISIONAL, Session.Status.FINAL)


def ladder_seasons(rule: LadderRule, today: datetime.date) -> list[int]:
    """The seasons from the first published session's to today's (at most MAX_SEASONS), newest first. One query."""
    with all_clubs():
        first = Session.objects.published().aggregate(first=Min("date"))["first"]
    current = rule.season_of(today)
    oldest = min(current, max(rule.season_of(first) if first else current, current - MAX_SEASONS + 1))
    return list(range(current, oldest - 1, -1))


def season_results(season: int, rule: LadderRule) -> Iterator[Result]:
    """Every member's result in the season's published sessions of every club (matchpoint sessions with a
    percentage, under the percentages rule; every placed pair under placing points). One query, read in chunks."""
    start, end = rule.span(season)
    columns = ("section__session_id", "player1_id", "player2_id", "score", "maximum", "place", "field_size")
    with all_clubs():  # a club-owned query is narrowed (here: to every club) as it is built and run
        pairs = Pair.objects.filter(
            section__session__status__in=PUBLISHED, section__session__date__gte=start, section__session__date__lt=end
        )
        if rule.kind == PERCENTAGES:
            pairs = pairs.filter(section__session__scoring=Session.Scoring.MATCHPOINTS, maximum__gt=0)
        else:
            pairs = pairs.filter(field_size__gt=0).exclude(place="")
        rows = pairs.order_by().values_list(*columns).iterator(chunk_size=2000)
        for session_id, first, second, score, maximum, place, field_size in rows:
            percentage = 100 * score / maximum if maximum else None
            for member_id in (first, second):
                if member_id is not None:
                    yield Result(member_id, session_id, percentage, place, field_size)


@dataclass(frozen=True)
class LadderRow:
    place: str
    name: str
    club_name: str
    club_url: str
    member_url: str | None  # None: the member shows no page (pair number only, removed)
    figure: float
    counted: int
    played: int


@dataclass(frozen=True)
class LadderPage:
    rule: LadderRule
    season: int
    seasons: list[int]
    computed_at: datetime.datetime | None
    stale: bool
    page: Page | None
    rows: list[LadderRow]

    @property
    def start(self) -> datetime.date:
        return self.rule.span(self.season)[0]

    @property
    def end(self) -> datetime.date:
        return self.rule.span(self.season)[1] - datetime.timedelta(days=1)


def _rows(stored: list[list]) -> list[LadderRow]:
    """The page's rows with their members' public names and clubs. One query."""
    ids = [row[0] for row in stored]
    with all_clubs():
        members = {
            member["pk"]: member
            for member in Member.objects.filter(pk__in=ids).values(
                "pk", "first_name", "last_name", "privacy", "removed_on", "club__short_name", "club__name"
            )
        }
    rows = []
    with real_names(False):  # every reader sees the public form: a club's roles do not reach other clubs' names
        for member_id, place, figure, counted, played in stored:
            member = members.get(member_id)
            if member is None:  # deleted since the ladder was computed
                continue
            removed, short = member["removed_on"] is not None, member["club__short_name"]
            name = shown_name(member["first_name"], member["last_name"], member["privacy"], removed)
            public = page_is_public(member["privacy"], removed)
            own = club_url(short, "events:member_detail", member_id) if public else None
            rows.append(LadderRow(place, name, member["club__name"], f"/c/{short}/", own, figure, counted, played))
    return rows


def ladder_page(rule: LadderRule, season: int, seasons: list[int], page_number: str | None) -> LadderPage:
    """The stored ladder of the season under the rule, a page of it (None while it was never computed)."""
    stored = Ladder.objects.filter(season=season, rule=rule.key).first()
    if stored is None or stored.computed_at is None:
        return LadderPage(rule, season, seasons, None, True, None, [])
    page = Paginator(stored.rows, ROWS_PER_PAGE).get_page(page_number)
    return LadderPage(rule, season, seasons, stored.computed_at, stored.stale, page, _rows(list(page.object_list)))
