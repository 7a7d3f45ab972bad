"""A member's teams events, for the member page (registered as a section of it in `teams.apps`)."""

from __future__ import annotations

from django.db.models import Count
from django.urls import reverse

from teams.models import Team, TeamEvent, TeamPlayer

PLAYED = (
    "team__event_id",
    "team__event__name",
    "team__event__date",
    "team__event__status",
    "team_id",
    "team__name",
    "captain",
    "team__place",
    "team__vp",
)


def member_team_events(member, limit: int | None = None) -> list[dict]:
    """The published teams events a member played in, newest first (at most `limit`), as plain data for the
    member page: event (id, name, date, status, url), team (id, name, url), captain, place and VPs, teams.

    Two queries: the team's place and VPs are its standing stored with it (`teams.services.standings`), the same as
    the event's standings page shows, never scored again here."""
    played = list(
        TeamPlayer.objects.filter(
            member=member, team__event__status__in=[TeamEvent.Status.PROVISIONAL, TeamEvent.Status.FINAL]
        )
        .order_by("-team__event__date", "team__event__name")
        .values_list(*PLAYED)[:limit]
    )
    in_events = Team.objects.filter(event_id__in={row[0] for row in played}).order_by()
    teams = dict(in_events.values("event_id").annotate(teams=Count("pk")).values_list("event_id", "teams"))
    statuses = dict(TeamEvent.Status.choices)
    standings_url, team_url = _prefix("teams:standings"), _prefix("teams:team")
    return [
        {
            "event_id": event_id,
            "event": event,
            "date": date,
            "status": status,
            "status_display": str(statuses[status]),
            "url": f"{standings_url}{event_id}/",
            "team_id": team_id,
            "team": team,
            "team_url": f"{team_url}{team_id}/",
            "captain": captain,
            "place": place,
            "vp": vp,
            "teams": teams[event_id],
        }
        for event_id, event, date, status, team_id, team, captain, place, vp in played
    ]


def _prefix(name: str) -> str:
    """The URL of `name` without its last number ('/teams/' for the standings): one reversal, not one a row."""
    url = reverse(name, args=[0])
    assert url.endswith("/0/"), url
    return url[:-2]
