"""The demo club's teams events: a finished Swiss and a round robin, loaded idempotently."""

import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from teams.demo import ROUND_ROBIN_NAME, SWISS_NAME, load_teams_demo
from teams.models import Match, TeamEvent
from teams.selectors.standings import standings


def test_demo_events_are_finished_and_consistent(db):
    made = load_teams_demo()
    swiss, league = TeamEvent.objects.get(name=SWISS_NAME), TeamEvent.objects.get(name=ROUND_ROBIN_NAME)
    assert made == {SWISS_NAME: swiss.pk, ROUND_ROBIN_NAME: league.pk}
    assert (swiss.teams.count(), swiss.matches.count(), swiss.status) == (6, 9, TeamEvent.Status.FINAL)
    assert (league.teams.count(), league.matches.count()) == (4, 6)
    assert all(match.complete for match in Match.objects.all())
    for event in (swiss, league):
        rows = standings(event)
        assert sum(row.imps_for for row in rows) == sum(row.imps_against for row in rows)
        assert all(row.played == 3 for row in rows)
    # No rematch in the Swiss.
    pairs = [frozenset((m.home_id, m.away_id)) for m in swiss.matches.all()]
    assert len(set(pairs)) == len(pairs)
    # Members play in teams; teams 5 and 6 of the Swiss are guests.
    assert swiss.teams.get(number=1).players.filter(member__number="1001").exists()
    assert not swiss.teams.get(number=6).players.filter(member__isnull=False).exists()


def test_demo_is_idempotent(db):
    first = load_teams_demo()
    assert load_teams_demo() == first
    assert TeamEvent.objects.count() == 2 and Match.objects.count() == 15


def test_migrations_are_up_to_date(db):
    call_command("makemigrations", "teams", "--check", "--dry-run", verbosity=0)


@pytest.mark.slow  # the whole demo club, every page
def test_every_page_of_the_demo_has_one_h1(director_client, db):
    load_teams_demo()
    urls = [reverse("teams:events"), reverse("teams:director"), reverse("teams:event_create")]
    for event in TeamEvent.objects.all():
        urls += [
            reverse(name, args=[event.pk]) for name in ("teams:standings", "teams:event_setup", "teams:team_create")
        ]
        urls += [reverse("teams:standings", args=[event.pk]) + "?round=2"]
        if event.is_round_robin:
            urls.append(reverse("teams:cross_table", args=[event.pk]))
        for round_ in range(1, 4):
            urls += [reverse("teams:round", args=[event.pk, round_])]
        if event.is_swiss:
            urls.append(reverse("teams:round_pairings", args=[event.pk, 3]))
        for team in event.teams.all():
            urls += [reverse("teams:team", args=[team.pk]), reverse("teams:team_edit", args=[team.pk])]
        for match in event.matches.all():
            urls += [
                reverse("teams:scorecard", args=[match.pk]),
                reverse("teams:match_entry", args=[match.pk]),
                reverse("teams:match_import", args=[match.pk]),
            ]
    for url in urls:
        response = director_client.get(url)
        assert response.status_code == 200, url
        assert len(re.findall(r"<h1[\s>]", response.content.decode())) == 1, url
