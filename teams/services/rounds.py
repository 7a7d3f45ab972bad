"""The rounds of an event: the whole round-robin schedule at the start, Swiss rounds one at a time,
and the director's override of a round's pairings before it starts."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.unit_of_work import unit_of_work
from teams.models import Match, Team, TeamEvent
from teams.schedule import cycle_length, schedule
from teams.selectors.standings import match_scores, standings
from teams.services.matches import create_matches
from teams.swiss import swiss_pairings

Pair = tuple[Team, Team | None]


def planned_rounds(event: TeamEvent, teams: int) -> int:
    """Rounds the event plays: as set, else one full round robin (a single match: one round)."""
    if event.rounds:
        return event.rounds
    if event.format == TeamEvent.Format.MATCH:
        return 1
    return cycle_length(teams)


@unit_of_work()
def start_event(*, event: TeamEvent) -> int:
    """Makes the matches: every round of a round robin or match, round 1 of a Swiss. Returns the rounds made."""
    teams = list(event.teams.all())
    if event.matches.exists():
        raise ValidationError(_("The event has already started."))
    if event.format == TeamEvent.Format.MATCH and len(teams) != 2:
        raise ValidationError(
            _("A single match needs exactly two teams; this event has %(count)s.") % {"count": len(teams)}
        )
    if len(teams) < 2:
        raise ValidationError(_("Add at least two teams first."))
    if event.is_swiss:
        create_matches(event=event, round_=1, pairs=first_swiss_round(teams))
        return 1
    by_number = {index: team for index, team in enumerate(teams, start=1)}
    rounds = schedule(len(teams), planned_rounds(event, len(teams)))
    for round_, pairs in enumerate(rounds, start=1):
        create_matches(
            event=event, round_=round_, pairs=[(by_number[home], by_number.get(away)) for home, away in pairs]
        )
    return len(rounds)


def first_swiss_round(teams: list[Team]) -> list[Pair]:
    """Round 1, top against top by team number: 1 v 2, 3 v 4 ...; the last team has the bye when odd."""
    ranking = [team.pk for team in teams]
    by_id = {team.pk: team for team in teams}
    return [(by_id[home], by_id.get(away)) for home, away in swiss_pairings(ranking)]


def history(matches: list[Match]) -> tuple[set[frozenset], set[int]]:
    """(pairs of team ids that have met, ids of teams that have had a bye)."""
    played = {frozenset((m.home_id, m.away_id)) for m in matches if not m.is_bye}
    byes = {m.home_id for m in matches if m.is_bye}
    return played, byes


@unit_of_work()
def next_swiss_round(*, event: TeamEvent) -> int:
    """Pairs the next Swiss round from the standings: top against top, no rematch while avoidable."""
    if not event.is_swiss:
        raise ValidationError(_("Only a Swiss event is paired round by round."))
    matches = list(event.matches.all())
    current = max((m.round for m in matches), default=0)
    if current == 0:
        raise ValidationError(_("Start the event first."))
    if event.rounds and current >= event.rounds:
        raise ValidationError(
            ngettext(
                "The event's %(rounds)s round has been paired.", "All %(rounds)s rounds have been paired.", event.rounds
            )
            % {"rounds": event.rounds}
        )
    unfinished = [m for m in matches if m.round == current and not (m.is_bye or m.complete)]
    if unfinished:
        raise ValidationError(
            ngettext(
                "Round %(round)s is not finished: %(count)s match still to enter.",
                "Round %(round)s is not finished: %(count)s matches still to enter.",
                len(unfinished),
            )
            % {"round": current, "count": len(unfinished)}
        )
    teams = list(event.teams.all())
    ranking = [row.team.pk for row in standings(event, scores=match_scores(event, matches), teams=teams)]
    played, byes = history(matches)
    by_id = {team.pk: team for team in teams}
    pairs = swiss_pairings(ranking, played, byes)
    create_matches(event=event, round_=current + 1, pairs=[(by_id[home], by_id.get(away)) for home, away in pairs])
    return current + 1


def round_started(matches: list[Match]) -> bool:
    return any(match.started for match in matches if not match.is_bye)


def check_override(teams: list[Team], pairs: list[Pair]) -> None:
    """Every team exactly once; a bye only when the number of teams is odd."""
    seen = [team.pk for pair in pairs for team in pair if team is not None]
    twice = {team.name for pair in pairs for team in pair if team is not None and seen.count(team.pk) > 1}
    if twice:
        raise ValidationError(
            _("Each team plays once a round; these appear more than once: %(teams)s.")
            % {"teams": ", ".join(sorted(twice))}
        )
    missing = [team.name for team in teams if team.pk not in seen]
    if missing:
        raise ValidationError(_("Every team must be paired: %(teams)s missing.") % {"teams": ", ".join(missing)})
    byes = sum(1 for _home, away in pairs if away is None)
    if byes != len(teams) % 2:
        raise ValidationError(_("Only one team has a bye, and only when the number of teams is odd."))


@unit_of_work()
def override_round(*, event: TeamEvent, round_: int, pairs: list[Pair]) -> list[tuple[Team, Team]]:
    """Replaces a round's pairings before any of its matches has a result; returns the rematches it makes
    (allowed: the director decides)."""
    matches = list(event.matches.select_for_update().filter(round=round_))
    if not matches:
        raise ValidationError(_("Round %(round)s has not been paired.") % {"round": round_})
    if round_started(matches):
        raise ValidationError(_("Round %(round)s has started: its pairings can no longer change.") % {"round": round_})
    check_override(list(event.teams.all()), pairs)
    played, _byes = history(list(event.matches.exclude(round=round_)))
    event.matches.filter(round=round_).delete()
    pairs = sorted(pairs, key=lambda pair: pair[1] is None)
    create_matches(event=event, round_=round_, pairs=pairs)
    return [(home, away) for home, away in pairs if away is not None and frozenset((home.pk, away.pk)) in played]
