"""A member's teams events, for the member page (registered as a section of it in `teams.apps`)."""

from __future__ import annotations

from collections import defaultdict

from django.urls import reverse

from teams.models import Adjustment, Match, Team, TeamEvent, TeamPlayer
from teams.selectors.standings import match_score, standings


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
    for team in Team.objects.filter(event_id__in=event_ids):
        teams[team.event_id].append(team)
    for match in Match.objects.filter(event_id__in=event_ids):
        matches[match.event_id].append(match)
    for adjustment in Adjustment.objects.filter(match__event_id__in=event_ids).select_related("team"):
        adjustments[adjustment.match_id].append(adjustment)
    result = []
    for player in players:
        team, event = player.team, player.team.event
        scores = [match_score(event, match, adjustments[match.pk]) for match in matches[event.pk]]
        rows = standings(event, scores=scores, teams=teams[event.pk])
        row = next(row for row in rows if row.team.pk == team.pk)
        result.append(
            {
                "event_id": event.pk,
                "event": event.name,
                "date": event.date,
                "status": event.status,
                "status_display": event.get_status_display(),
                "url": reverse("teams:standings", args=[event.pk]),
                "team_id": team.pk,
                "team": team.name,
                "team_url": reverse("teams:team", args=[team.pk]),
                "captain": player.captain,
                "place": row.place,
                "vp": row.vp,
                "teams": len(rows),
            }
        )
    return result
