"""A member's teams events, for the member page (registered as a section of it in `teams.apps`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.urls import reverse

from teams.models import Adjustment, Match, Team, TeamEvent, TeamPlayer
from teams.selectors.standings import match_score, standings

MATCH_FIELDS = ("pk", "event_id", "round", "home_id", "away_id", "home_imps", "away_imps", "home_points", "away_points")
ADJUSTMENT_FIELDS = ("match_id", "team_id", "kind", "amount")


@dataclass(frozen=True)
class MatchRow:
    """What the standings read of a match, read as a tuple: a model instance costs several times as much to make,
    and the member page scores every match of ten events."""

    pk: int
    event_id: int
    round: int
    home_id: int
    away_id: int | None
    home_imps: int | None
    away_imps: int | None
    home_points: Decimal | None
    away_points: Decimal | None
    complete: bool

    @property
    def is_bye(self) -> bool:
        return self.away_id is None


@dataclass(frozen=True)
class AdjustmentRow:
    """What `match_score` reads of an adjustment."""

    match_id: int
    team_id: int
    kind: str
    amount: Decimal


@dataclass(frozen=True)
class TeamRow:
    """What the standings read of a team: its id and its number (the last tie-break)."""

    pk: int
    number: int


def member_team_events(member, limit: int | None = None) -> list[dict]:
    """The published teams events a member played in, newest first (at most `limit`), as plain data for the
    member page: event (id, name, date, status, url), team (id, name, url), captain, place and VPs, teams."""
    players = list(
        TeamPlayer.objects.filter(
            member=member, team__event__status__in=[TeamEvent.Status.PROVISIONAL, TeamEvent.Status.FINAL]
        )
        .select_related("team__event")
        .order_by("-team__event__date", "team__event__name")[:limit]
    )
    # The events' teams, matches and adjustments in three queries, not three per event.
    event_ids = {player.team.event_id for player in players}
    teams, matches, adjustments = defaultdict(list), defaultdict(list), defaultdict(list)
    # By id: the models' orderings join the events (the standings sort the teams themselves).
    teams_of = Team.objects.filter(event_id__in=event_ids).order_by("pk")
    for event_id, *team in teams_of.values_list("event_id", "pk", "number"):
        teams[event_id].append(TeamRow(*team))
    for match in Match.objects.filter(event_id__in=event_ids).order_by("pk").values_list(*MATCH_FIELDS, "complete"):
        matches[match[1]].append(MatchRow(*match))
    adjusted = Adjustment.objects.filter(match__event_id__in=event_ids).order_by("pk")
    for adjustment in adjusted.values_list(*ADJUSTMENT_FIELDS):
        adjustments[adjustment[0]].append(AdjustmentRow(*adjustment))
    standings_url, team_url = _prefix("teams:standings"), _prefix("teams:team")
    result = []
    for player in players:
        team, event = player.team, player.team.event
        event_matches = tuple(matches[event.pk])
        event_adjustments = tuple(adjustment for match in event_matches for adjustment in adjustments[match.pk])
        places, count = event_table(event, event_matches, event_adjustments, tuple(teams[event.pk]))
        place, vp = places[team.pk]
        result.append(
            {
                "event_id": event.pk,
                "event": event.name,
                "date": event.date,
                "status": event.status,
                "status_display": event.get_status_display(),
                "url": f"{standings_url}{event.pk}/",
                "team_id": team.pk,
                "team": team.name,
                "team_url": f"{team_url}{team.pk}/",
                "captain": player.captain,
                "place": place,
                "vp": vp,
                "teams": count,
            }
        )
    return result


def event_table(event: TeamEvent, matches: tuple, adjustments: tuple, teams: tuple):
    """({team id: (place, VPs)}, number of teams): the event's standings (`standings.standings`) from its rows."""
    by_match = defaultdict(list)
    for adjustment in adjustments:
        by_match[adjustment.match_id].append(adjustment)
    rows = standings(event, scores=[match_score(event, m, by_match[m.pk]) for m in matches], teams=list(teams))
    return {row.team.pk: (row.place, row.vp) for row in rows}, len(rows)


def _prefix(name: str) -> str:
    """The URL of `name` without its last number ('/teams/' for the standings): one reversal, not one a row."""
    url = reverse(name, args=[0])
    assert url.endswith("/0/"), url
    return url[:-2]
