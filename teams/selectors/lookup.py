"""What the teams pages look up before they read a page's data: an event, a team, a match, a room's correction
request, the event's table entry (a 404 when there is none, or none the visitor may see)."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Prefetch, QuerySet
from django.shortcuts import get_object_or_404

from club.access import visible_to
from club.models import Member
from teams.models import (
    Adjustment,
    Match,
    MatchDeal,
    RoomCorrectionRequest,
    Team,
    TeamEvent,
    TeamPlayer,
    TeamTableEntry,
    TypedRoomResult,
)


def every_event() -> QuerySet[TeamEvent]:
    return TeamEvent.objects.all()


def published_events() -> QuerySet[TeamEvent]:
    return TeamEvent.objects.published()


def events_visible_to(user) -> QuerySet[TeamEvent]:
    """The events the user may see: published, or any when a director."""
    return visible_to(user, TeamEvent.objects.all())


def active_members() -> list[Member]:
    """The members a team's players are chosen from."""
    return list(Member.objects.active())


def team_with_players(team_id: int) -> Team:
    return get_object_or_404(Team.objects.select_related("event").prefetch_related("players__member"), pk=team_id)


def team_of_event(team_id: int) -> Team:
    return get_object_or_404(Team.objects.select_related("event"), pk=team_id)


def match_with_teams(match_id: int, events: QuerySet[TeamEvent] | None = None) -> Match:
    """The match with its event and teams (of `events` when given: the events the visitor may see)."""
    matches = Match.objects.select_related("event", "home", "away")
    return get_object_or_404(matches, pk=match_id, **({"event__in": events} if events is not None else {}))


def _players() -> Prefetch:
    return Prefetch("players", queryset=TeamPlayer.objects.select_related("member"))


def scorecard_match(match_id: int, events: QuerySet[TeamEvent]) -> tuple[Match, dict[int, Team]]:
    """The match (marked `has_deals` when its boards link to their deals) and its teams with their players."""
    with_deals = Exists(MatchDeal.objects.filter(match=OuterRef("pk")))
    match = get_object_or_404(
        Match.objects.select_related("event", "home", "away").annotate(has_deals=with_deals),
        pk=match_id,
        event__in=events,
    )
    teams = Team.objects.filter(pk__in=[match.home_id, match.away_id]).prefetch_related(_players())
    return match, {team.pk: team for team in teams}


def team_page_team(team_id: int, events: QuerySet[TeamEvent]) -> Team:
    return get_object_or_404(
        Team.objects.select_related("event").prefetch_related(_players()), pk=team_id, event__in=events
    )


def room_correction(request_id: int) -> RoomCorrectionRequest:
    return get_object_or_404(RoomCorrectionRequest.objects.select_related("match"), pk=request_id)


def typed_room_result(typed_id: int) -> TypedRoomResult:
    """A board typed at a room's table, with its match (the director's settling of a disagreement)."""
    return get_object_or_404(TypedRoomResult.objects.select_related("match"), pk=typed_id)


def event_table_entry(event_id: int) -> TeamTableEntry | None:
    return TeamTableEntry.objects.filter(event_id=event_id).first()


def event_or_404(event_id: int) -> TeamEvent:
    return get_object_or_404(TeamEvent, pk=event_id)


def played_match_or_404(match_id: int) -> Match:
    """A match between two teams (not a bye)."""
    return get_object_or_404(Match, pk=match_id, away__isnull=False)


def adjustment_or_404(adjustment_id: int) -> Adjustment:
    return get_object_or_404(Adjustment, pk=adjustment_id)
