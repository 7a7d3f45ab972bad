"""Public pages of teams events: standings, cross-table, rounds, match scorecards, teams.

Events still in progress are hidden (404) from everyone but directors.
"""

from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from club.limits import MAX_ROUNDS
from club.numbers import whole_number
from club.page_cache import PAGED, cached_page, number_from
from teams.models import TeamEvent
from teams.selectors.lookup import events_visible_to, published_events, scorecard_match, team_page_team
from teams.selectors.scorecard import scorecard as match_scorecard
from teams.selectors.standings import cross_table as make_cross_table
from teams.selectors.standings import match_scores, rounds_scored
from teams.selectors.standings import standings as make_standings
from teams.services.pages import EVENT_PAGE, TEAMS_PAGE


def visible_events(request):
    return events_visible_to(request.user)


def get_event(request, event_id) -> TeamEvent:
    return get_object_or_404(visible_events(request), pk=event_id)


@cached_page(*TEAMS_PAGE, reads=PAGED)
def event_list(request):
    page = Paginator(published_events(), 25).get_page(request.GET.get("page"))
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


@cached_page(*TEAMS_PAGE)
def scorecard(request, match_id):
    match, teams = scorecard_match(match_id, visible_events(request))  # has_deals: the boards link to their deals
    event = match.event
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
    team = team_page_team(team_id, visible_events(request))
    event = team.event
    matches = event.matches.filter(Q(home=team) | Q(away=team)).select_related("home", "away").order_by("round")
    scores = match_scores(event, matches)
    rows = [
        (score, score.match.away if score.match.home_id == team.pk else score.match.home, *score.side(team.pk))
        for score in scores
    ]
    return render(request, "teams/team.html", {"event": event, "team": team, "rows": rows})
