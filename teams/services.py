"""Teams events through their life: teams, the schedule, results entered and scored, adjustments, status.

Every function that writes does so in one transaction: all of it is saved, or nothing. Bad input
raises ValidationError with messages a director can act on (keyed by field where there is one).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from teams.models import MAX_PLAYERS, MIN_PLAYERS, Adjustment, BoardResult, Match, Team, TeamEvent, TeamPlayer
from teams.results import RoomResult
from teams.scorecard import scorecard
from teams.standings import match_score, standings


@dataclass(frozen=True)
class PlayerEntry:
    """A player as the director gives it: a member, or a guest's name."""

    member: object | None = None  # events.Member
    guest_name: str = ""
    captain: bool = False


def check_players(event: TeamEvent, players: list[PlayerEntry], team: Team | None = None) -> None:
    """4 to 6 players, one captain, no member twice in the event."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValidationError(_("A team has %(min)s to %(max)s players; this one has %(count)s.")
                              % {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "count": len(players)})
    if sum(player.captain for player in players) != 1:
        raise ValidationError(_("Choose one captain among the team's players."))
    members = [player.member.pk for player in players if player.member is not None]
    if len(members) != len(set(members)):
        raise ValidationError(_("A member is listed twice in this team."))
    elsewhere = (TeamPlayer.objects.filter(team__event=event, member__in=members)
                 .exclude(team=team).select_related("member", "team"))
    for player in elsewhere:
        raise ValidationError(_("%(member)s already plays for %(team)s in this event.")
                              % {"member": player.member, "team": player.team.name})


@transaction.atomic
def save_team(event: TeamEvent, name: str, players: list[PlayerEntry], team: Team | None = None) -> Team:
    """Creates a team (numbered after the others) or replaces an existing team's name and players."""
    name = name.strip()
    if not name:
        raise ValidationError({"name": _("Give the team a name.")})
    if event.teams.filter(name__iexact=name).exclude(pk=getattr(team, "pk", None)).exists():
        raise ValidationError({"name": _("There is already a team called %(name)s.") % {"name": name}})
    if team is None and event.matches.exists():
        raise ValidationError(_("The event has started: teams can no longer be added."))
    check_players(event, players, team)
    if team is None:
        number = (event.teams.order_by("-number").values_list("number", flat=True).first() or 0) + 1
        team = Team.objects.create(event=event, number=number, name=name)
    else:
        team.name = name
        team.save(update_fields=["name"])
        team.players.all().delete()
    TeamPlayer.objects.bulk_create([
        TeamPlayer(team=team, position=position, member=player.member, guest_name=player.guest_name.strip()
                   if player.member is None else "", captain=player.captain)
        for position, player in enumerate(players, start=1)])
    return team


@transaction.atomic
def delete_team(team: Team) -> None:
    if team.event.matches.exists():
        raise ValidationError(_("The event has started: its teams can no longer be removed."))
    team.delete()


def first_board(event: TeamEvent, round_: int) -> int:
    """Each round plays its own boards: round 1 boards 1-8, round 2 boards 9-16 ... (8 boards a match)."""
    return (round_ - 1) * event.boards_per_match + 1


def create_matches(event: TeamEvent, round_: int, pairs: Iterable[tuple[Team, Team | None]]) -> list[Match]:
    return Match.objects.bulk_create([
        Match(event=event, round=round_, table=table, home=home, away=away, first_board=first_board(event, round_))
        for table, (home, away) in enumerate(pairs, start=1)])


def rescore_match(match: Match, event: TeamEvent, results: list[BoardResult] | None = None) -> Match:
    """Totals the match's boards into its IMPs, board-a-match points, boards scored and completeness."""
    if match.totals_only:
        return match
    results = list(match.results.all()) if results is None else results
    scores = [board.score for board in scorecard(match, event, results) if board.score is not None]
    started = bool(results)
    match.home_imps = sum(s.home_imps for s in scores) if started else None
    match.away_imps = sum(s.away_imps for s in scores) if started else None
    match.home_points = sum((s.home_points for s in scores), Decimal(0)) if started else None
    match.away_points = sum((s.away_points for s in scores), Decimal(0)) if started else None
    match.boards_scored = len(scores)
    match.complete = len(scores) >= event.boards_per_match
    match.save(update_fields=["home_imps", "away_imps", "home_points", "away_points", "boards_scored", "complete"])
    return match


def _check_playable(match: Match) -> None:
    if match.is_bye:
        raise ValidationError(_("A bye has no boards to enter."))


@transaction.atomic
def save_results(match: Match, changes: Mapping[tuple[int, int], RoomResult | None], user=None) -> Match:
    """Saves rooms' results, {(board, room): RoomResult, or None to remove it}, and rescores the match."""
    event = match.event
    match = Match.objects.select_for_update().get(pk=match.pk)
    _check_playable(match)
    if match.totals_only:
        raise ValidationError(_("This match was entered as IMP totals: clear the totals to enter boards."))
    boards = match.board_numbers(event.boards_per_match)
    existing = {(r.board, r.room): r for r in match.results.all()}
    for (board, room), result in changes.items():
        if board not in boards or room not in BoardResult.Room.values:
            raise ValidationError(_("Board %(board)s room %(room)s is not part of this match.")
                                  % {"board": board, "room": room})
        line = existing.pop((board, room), None)
        if result is None:
            if line is not None:
                line._history_user = user
                line.delete()
            continue
        line = line or BoardResult(match=match, board=board, room=room)
        line.contract, line.declarer, line.tricks = result.contract, result.declarer, result.tricks
        line.adjusted, line.ns_score = result.adjusted, result.ns_score
        line._history_user = user
        line.save()
        existing[(board, room)] = line
    return rescore_match(match, event, list(existing.values()))


def _whole(value: Decimal, field: str) -> int:
    if value != value.to_integral_value():
        raise ValidationError({field: _("IMPs are whole numbers.")})
    return int(value)


@transaction.atomic
def set_match_totals(match: Match, home: Decimal | None, away: Decimal | None) -> Match:
    """Enters a match as totals only (IMPs, or board-a-match points); both empty clears them."""
    event = match.event
    match = Match.objects.select_for_update().get(pk=match.pk)
    _check_playable(match)
    if home is None and away is None:
        match.totals_only = False
        match.home_imps = match.away_imps = match.home_points = match.away_points = None
        match.save()
        return rescore_match(match, event)
    if home is None or away is None:
        raise ValidationError(_("Enter both teams' totals."))
    if home < 0 or away < 0:
        raise ValidationError(_("Totals are 0 or more."))
    if match.results.exists():
        raise ValidationError(_("This match already has board results: remove them to enter totals only."))
    if event.is_board_a_match:
        if home + away > 2 * event.boards_per_match:
            raise ValidationError(_("Board-a-match points of both teams add up to at most %(max)s.")
                                  % {"max": 2 * event.boards_per_match})
        match.home_points, match.away_points = home, away
        match.home_imps = match.away_imps = None
    else:
        match.home_imps, match.away_imps = _whole(home, "home"), _whole(away, "away")
        match.home_points = match.away_points = None
    match.totals_only, match.complete, match.boards_scored = True, True, event.boards_per_match
    match.save()
    return match


@transaction.atomic
def add_adjustment(match: Match, team: Team, kind: str, amount: Decimal, reason: str) -> Adjustment:
    if team.pk not in (match.home_id, match.away_id):
        raise ValidationError({"team": _("%(team)s does not play in this match.") % {"team": team.name}})
    if not reason.strip():
        raise ValidationError({"reason": _("Give the reason: it is shown with the results.")})
    if kind == Adjustment.Kind.IMPS:
        if match.is_bye:
            raise ValidationError({"kind": _("A bye has no IMPs to adjust: adjust its VPs.")})
        amount = Decimal(_whole(amount, "amount"))
    if not amount:
        raise ValidationError({"amount": _("An adjustment of 0 changes nothing.")})
    return Adjustment.objects.create(match=match, team=team, kind=kind, amount=amount, reason=reason.strip())


def set_status(event: TeamEvent, status: str) -> None:
    if status not in TeamEvent.Status.values:
        raise ValidationError(_("Unknown status."))
    event.status = status
    event.save(update_fields=["status"])


def member_team_events(member, limit: int | None = None) -> list[dict]:
    """The published teams events a member played in, newest first (at most `limit`), as plain data for the
    member page: event (id, name, date, status, url), team (id, name, url), captain, place and VPs, teams."""
    players = list(TeamPlayer.objects.filter(member=member, team__event__status__in=[
        TeamEvent.Status.PROVISIONAL, TeamEvent.Status.FINAL]).select_related("team__event")
        .order_by("-team__event__date", "team__event__name")[:limit])
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
        result.append({
            "event_id": event.pk, "event": event.name, "date": event.date, "status": event.status,
            "status_display": event.get_status_display(), "url": reverse("teams:standings", args=[event.pk]),
            "team_id": team.pk, "team": team.name, "team_url": reverse("teams:team", args=[team.pk]),
            "captain": player.captain, "place": row.place, "vp": row.vp, "teams": len(rows),
        })
    return result
