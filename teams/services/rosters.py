"""A teams event's teams and their players (4 to 6, members or guests, one captain)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from club.unit_of_work import EVENT, record_change, unit_of_work
from teams.models import MAX_PLAYERS, MIN_PLAYERS, Team, TeamEvent, TeamPlayer


@dataclass(frozen=True)
class PlayerEntry:
    """A player as the director gives it: a member, or a guest's name."""

    member: object | None = None  # events.Member
    guest_name: str = ""
    captain: bool = False


def check_players(event: TeamEvent, players: list[PlayerEntry], team: Team | None = None) -> None:
    """4 to 6 players, one captain, no member twice in the event."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValidationError(
            _("A team has %(min)s to %(max)s players; this one has %(count)s.")
            % {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "count": len(players)}
        )
    if sum(player.captain for player in players) != 1:
        raise ValidationError(_("Choose one captain among the team's players."))
    members = [player.member.pk for player in players if player.member is not None]
    if len(members) != len(set(members)):
        raise ValidationError(_("A member is listed twice in this team."))
    elsewhere = (
        TeamPlayer.objects.filter(team__event=event, member__in=members)
        .exclude(team=team)
        .select_related("member", "team")
    )
    for player in elsewhere:
        raise ValidationError(
            _("%(member)s already plays for %(team)s in this event.")
            % {"member": player.member, "team": player.team.name}
        )


def lock_event(event_id: int) -> TeamEvent:
    """The event's row, locked for the transaction's writes to its teams. No match is locked after it: a result's
    write locks its match, then its event when the standings are stored (`teams.services.standings`)."""
    return TeamEvent.objects.select_for_update().get(pk=event_id)


@unit_of_work()
def save_team(*, event: TeamEvent, name: str, players: list[PlayerEntry], team: Team | None = None) -> Team:
    """Creates a team (numbered after the others) or replaces an existing team's name and players. The event's row
    is locked first, so that two directors adding teams at once number them one after the other."""
    event = lock_event(event.pk)
    name = name.strip()
    if not name:
        raise ValidationError({"name": _("Give the team a name.")})
    if event.teams.filter(name__iexact=name).exclude(pk=getattr(team, "pk", None)).exists():
        raise ValidationError({"name": _("There is already a team called %(name)s.") % {"name": name}})
    if team is None and event.matches.exists():
        raise ValidationError(_("The event has started: teams can no longer be added."))
    check_players(event, players, team)
    record_change(EVENT, event.pk, stale=True)
    if team is None:
        number = (event.teams.order_by("-number").values_list("number", flat=True).first() or 0) + 1
        team = Team.objects.create(event=event, number=number, name=name)
    else:
        team.name = name
        team.save(update_fields=["name"])
        team.players.all().delete()
    TeamPlayer.objects.bulk_create(
        [
            TeamPlayer(
                team=team,
                position=position,
                member=player.member,
                guest_name=player.guest_name.strip() if player.member is None else "",
                captain=player.captain,
            )
            for position, player in enumerate(players, start=1)
        ]
    )
    return team


@unit_of_work()
def delete_team(*, team: Team) -> None:
    lock_event(team.event_id)
    if team.event.matches.exists():
        raise ValidationError(_("The event has started: its teams can no longer be removed."))
    record_change(EVENT, team.event_id, stale=True)
    team.delete()
