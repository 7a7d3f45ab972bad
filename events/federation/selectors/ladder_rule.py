"""The cross-club season ladder's rule (`settings.FEDERATION_LADDER`), its seasons, and the ranking it makes from
each member's results of a season (`rank_ladder`, plain Python: the table of cases in
`tests/events/test_federation_ladder.py` says where each number comes from).

Two rules, as federations run their club ladders:

- ``percentages`` (the default): a player's figure is the average of their best ``best`` percentages of the season's
  matchpoint sessions (their pair's percentage in its field), ranked when they played at least ``minimum`` of them;
- ``places`` (placing points): a pair placed p-th of n pairs in its field scores n - p + 1 (a shared place, "2=",
  scores as its better place), any scoring; a player's figure is the sum of their best ``best`` sessions' points,
  ranked when they played at least ``minimum`` sessions.

Equal figures (to two decimals) share a place ("3="); more sessions counted, then the member's id, order them on the
page. Guests are not ranked (a typed name is nobody's across sessions); a member is ranked at their club (the same
person at two clubs is two members until the people across clubs are linked).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

PERCENTAGES = "percentages"
PLACES = "places"
MAX_COUNTED = 100  # the most sessions a rule may count


@dataclass(frozen=True)
class LadderRule:
    kind: str = PERCENTAGES
    best: int = 10
    minimum: int = 5
    season_start: int = 1  # the month a season starts in

    @property
    def key(self) -> str:
        """What a stored ladder was computed under: another rule's ladder is computed again."""
        return f"{self.kind}:{self.best}:{self.minimum}:{self.season_start}"

    def season_of(self, day: datetime.date) -> int:
        """The season (the year it starts in) that `day` falls in."""
        return day.year if day.month >= self.season_start else day.year - 1

    def span(self, season: int) -> tuple[datetime.date, datetime.date]:
        """The season's first day and the first day after it."""
        start = datetime.date(season, self.season_start, 1)
        return start, datetime.date(season + 1, self.season_start, 1)


def ladder_rule() -> LadderRule:
    """The site's rule, from `settings.FEDERATION_LADDER`; a setting that cannot be a rule stops the site loudly."""
    given = dict(getattr(settings, "FEDERATION_LADDER", {}))
    rule = LadderRule(
        kind=given.get("rule", PERCENTAGES),
        best=given.get("best", 10),
        minimum=given.get("minimum", 5),
        season_start=given.get("season_start", 1),
    )
    if rule.kind not in (PERCENTAGES, PLACES):
        raise ImproperlyConfigured(f"FEDERATION_LADDER rule {rule.kind!r}: say {PERCENTAGES!r} or {PLACES!r}.")
    if not (1 <= rule.best <= MAX_COUNTED and 1 <= rule.minimum <= MAX_COUNTED and 1 <= rule.season_start <= 12):
        raise ImproperlyConfigured("FEDERATION_LADDER: best and minimum from 1 to 100, season_start a month (1-12).")
    return rule


@dataclass(frozen=True)
class Result:
    """One member's result in one session: their pair's percentage, or its place in a field of `field_size`."""

    member_id: int
    session_id: int
    percentage: float | None
    place: str
    field_size: int


def place_number(place: str) -> int | None:
    """The number of a stored place ("3", "2=", "1-2" shared): its first (better) place."""
    digits = ""
    for character in place.strip():
        if not character.isdigit():
            break
        digits += character
    return int(digits) if digits else None


def session_figure(result: Result, rule: LadderRule) -> float | None:
    """What one session counts under the rule (None: it does not count)."""
    if rule.kind == PERCENTAGES:
        return result.percentage
    number = place_number(result.place)
    if number is None or not 1 <= number <= result.field_size:
        return None
    return float(result.field_size - number + 1)


def rank_ladder(results: Iterable[Result], rule: LadderRule) -> list[list]:
    """[[member id, place, figure, sessions counted, sessions played], ...] in ranking order."""
    figures: dict[int, dict[int, float]] = defaultdict(dict)
    for result in results:
        figure = session_figure(result, rule)
        if figure is not None:  # a member twice in one session (two sections) counts the better once
            mine = figures[result.member_id]
            mine[result.session_id] = max(figure, mine.get(result.session_id, figure))
    rows = []
    for member_id, sessions in figures.items():
        if len(sessions) < rule.minimum:
            continue
        counted = sorted(sessions.values(), reverse=True)[: rule.best]
        figure = sum(counted) / len(counted) if rule.kind == PERCENTAGES else sum(counted)
        rows.append([member_id, "", round(figure, 2), len(counted), len(sessions)])
    rows.sort(key=lambda row: (-row[2], -row[3], row[0]))
    _places(rows)
    return rows


def _places(rows: list[list]) -> None:
    """Each row's place; equal figures share the better one, marked "=" ("3=")."""
    for index, row in enumerate(rows):
        first = index
        while first > 0 and rows[first - 1][2] == row[2]:
            first -= 1
        shared = (index > 0 and rows[index - 1][2] == row[2]) or (
            index + 1 < len(rows) and rows[index + 1][2] == row[2]
        )
        row[1] = f"{first + 1}=" if shared else str(first + 1)
