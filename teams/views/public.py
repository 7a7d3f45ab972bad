"""Public pages of teams events: standings, cross-table, rounds, match scorecards, teams.

Events still in progress are hidden (404) from everyone but directors.
"""

from django.core.paginator import Paginator
from django.db.models import Exists, OuterRef, Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from club.access import visible_to
from club.limits import MAX_ROUNDS
from club.numbers import whole_number
from club.page_cache import PAGED, cached_page, number_from
from teams.models import Match, MatchDeal, Team, TeamEvent, TeamPlayer
from teams.selectors.scorecard import scorecard as match_scorecard
from teams.selectors.standings import cross_table as make_cross_table
from teams.selectors.standings import match_scores, rounds_scored
from teams.selectors.standings import standings as make_standings
from teams.services.pages import EVENT_PAGE, TEAMS_PAGE


def visible_events(request):
    return visible_to(request.user, TeamEvent.objects.all())


def get_event(request, event_id) -> TeamEvent:
    return get_object_or_404(visible_events(request), pk=event_id)


@cached_page(*TEAMS_PAGE, reads=PAGED)
def event_list(request):
    page = Paginator(TeamEvent.objects.published(), 25).get_page(request.GET.get("page"))
    return render(request, "teams/event_list.html", {"page": page})


def _through(request, rounds: list[int]) -> int | None:
    value = whole_number(request.GET.get("round"), 1)
    return value if value in rounds else None


@cached_page(*EVENT_PAGE, reads={"round": number_from(1, MAX_ROUNDS)})
def standings(request, event_id):
    event = get_event(request, event_id)
    teams = list(event.teams.all())
    scores = match_scores(event)
    rounds = rounds_scored(scores)
    through = _through(request, rounds)
    return render(
        request,
        "teams/standings.html",
        {
            "event": event,
            "rows": make_standings(event, through, scores, teams),
            "rounds": rounds,
            "through": through,
            "all_rounds": sorted({s.match.round for s in scores}),
        },
    )


@cached_page(*EVENT_PAGE)
def cross_table(request, event_id):
    event = get_event(request, event_id)
    if not event.is_round_robin:
        raise Http404
    teams = list(event.teams.all())
    scores = match_scores(event)
    return render(
        request, "teams/cross_table.html", {"event": event, "teams": teams, "table": make_cross_table(teams, scores)}
    )


@cached_page(*EVENT_PAGE)
def round_matches(request, event_id, round_):
    event = get_event(request, event_id)
    matches = event.matches.filter(round=round_).select_related("home", "away")
    scores = match_scores(event, matches)
    if not scores:
        raise Http404
    return render(
        request,
        "teams/round.html",
        {
            "event": event,
            "round": round_,
            "scores": scores,
            "all_rounds": sorted(set(event.matches.values_list("round", flat=True))),
        },
    )


def _players():
    return Prefetch("players", queryset=TeamPlayer.objects.select_related("member"))


@cached_page(*TEAMS_PAGE)
def scorecard(request, match_id):
    with_deals = Exists(MatchDeal.objects.filter(match=OuterRef("pk")))  # the boards link to their deals
    match = get_object_or_404(
        Match.objects.select_related("event", "home", "away").annotate(has_deals=with_deals),
        pk=match_id,
        event__in=visible_events(request),
    )
    event = match.event
    teams = {
        team.pk: team
        for team in Team.objects.filter(pk__in=[match.home_id, match.away_id]).prefetch_related(_players())
    }
    return render(
        request,
        "teams/scorecard.html",
        {
            "event": event,
            "match": match,
            "score": match_scores(event, [match])[0],
            "boards": match_scorecard(match, event),
            "home": teams[match.home_id],
            "away": teams.get(match.away_id),
        },
    )


@cached_page(*TEAMS_PAGE)
def team(request, team_id):
    team = get_object_or_404(
        Team.objects.select_related("event").prefetch_related(_players()), pk=team_id, event__in=visible_events(request)
    )
    event = team.event
    matches = event.matches.filter(Q(home=team) | Q(away=team)).select_related("home", "away").order_by("round")
    scores = match_scores(event, matches)
    rows = [
        (score, score.match.away if score.match.home_id == team.pk else score.match.home, *score.side(team.pk))
        for score in scores
    ]
    return render(request, "teams/team.html", {"event": event, "team": team, "rows": rows})
