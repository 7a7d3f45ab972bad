"""Standings, cross-table, round, team and scorecard pages cost the same queries whatever the event's size."""

import pytest
from django.urls import reverse

from teams.models import TeamEvent
from teams.services.matches import set_event_status

# An anonymous visitor's page: the event (or match, or team), its teams, its matches, their adjustments,
# and the players on a scorecard. A director adds the session, the user and the permission checks.
QUERIES = 5


def play_everything(event, enter_match):
    boards = event.boards_per_match
    for match in event.matches.filter(away__isnull=False):
        enter_match(
            match, {b: (("4S", "N", "10"), ("4S", "N", "9" if b % 2 else "10")) for b in match.board_numbers(boards)}
        )
    set_event_status(event=event, status=TeamEvent.Status.FINAL)


@pytest.mark.parametrize("teams", [3, 8])
def test_bounded_queries(anonymous_client, make_event, enter_match, django_assert_max_num_queries, teams):
    event = make_event(teams=teams, boards_per_match=4 if teams == 3 else 8)
    play_everything(event, enter_match)
    match = event.matches.filter(away__isnull=False).first()
    team = event.teams.first()
    urls = [
        reverse("teams:standings", args=[event.pk]),
        reverse("teams:cross_table", args=[event.pk]),
        reverse("teams:round", args=[event.pk, 1]),
        reverse("teams:scorecard", args=[match.pk]),
        reverse("teams:team", args=[team.pk]),
        reverse("teams:events"),
    ]
    for url in urls:
        with django_assert_max_num_queries(QUERIES):
            assert anonymous_client.get(url).status_code == 200, url


@pytest.mark.parametrize("teams", [2, 6])
def test_bounded_queries_for_the_director(
    director_client, make_event, enter_match, django_assert_max_num_queries, teams
):
    event = make_event(teams=teams, format=TeamEvent.Format.SWISS, rounds=2, boards_per_match=6)
    play_everything(event, enter_match)
    match = event.matches.filter(away__isnull=False).first()
    for url in [reverse("teams:match_entry", args=[match.pk]), reverse("teams:event_setup", args=[event.pk])]:
        with django_assert_max_num_queries(10):
            assert director_client.get(url).status_code == 200, url
