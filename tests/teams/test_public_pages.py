"""Public pages: standings, cross-table, rounds, scorecards, teams; events in progress are hidden."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from club.models import Member
from teams.models import Adjustment, TeamEvent
from teams.services.matches import add_adjustment, set_event_status
from teams.services.rosters import PlayerEntry, save_team


@pytest.fixture
def published(make_event, enter_match, find_match):
    event = make_event(teams=4, scale=TeamEvent.Scale.TWENTY, name="Club league")
    enter_match(
        find_match(event, 1, "T1", "T4"),
        {1: (("4S", "N", "10"), ("4S", "N", "-1")), 2: (("PASS", "", ""), ("PASS", "", ""))},
    )
    match = find_match(event, 1, "T3", "T2")
    enter_match(match, {1: (("PASS", "", ""), ("PASS", "", "")), 2: (("PASS", "", ""), ("PASS", "", ""))})
    add_adjustment(match=match, team=match.home, kind=Adjustment.Kind.VP, amount=Decimal(-1), reason="Late arrival")
    set_event_status(event=event, status=TeamEvent.Status.PROVISIONAL)
    return event


def test_event_list_shows_published_only(anonymous_client, published, make_event):
    make_event(teams=2, name="Secret cup", start=False)
    page = anonymous_client.get(reverse("teams:events")).content.decode()
    assert "Club league" in page and "Secret cup" not in page
    assert page.count("<h1") == 1


def test_standings(anonymous_client, published):
    response = anonymous_client.get(reverse("teams:standings", args=[published.pk]))
    page = response.content.decode()
    assert response.status_code == 200 and page.count("<h1") == 1
    assert "table-responsive" in page
    # The tie-break column fits a phone: a short header, explained in its title and in the legend.
    assert re.search(r'<abbr title="Tie-break: aggregate IMP difference">IMP diff\.</abbr>', page)
    assert "IMP diff.: the aggregate IMP difference, the tie-break" in page
    assert "IMP difference (tie-break)" not in page
    # T1 14 VP (won 10-0), T3 10 - 1 = 9, T2 10, T4 6.
    rows = [row.team.name for row in response.context["rows"]]
    assert rows == ["T1", "T2", "T3", "T4"]
    assert [row.vp for row in response.context["rows"]] == [14, 10, 9, 6]


def test_standings_after_a_round(anonymous_client, published):
    response = anonymous_client.get(reverse("teams:standings", args=[published.pk]), {"round": "1"})
    assert response.context["through"] == 1
    assert "Standings after round 1" in response.content.decode()
    bad = anonymous_client.get(reverse("teams:standings", args=[published.pk]), {"round": "x9"})
    assert bad.status_code == 200 and bad.context["through"] is None


def test_cross_table(anonymous_client, published, make_event):
    page = anonymous_client.get(reverse("teams:cross_table", args=[published.pk])).content.decode()
    assert page.count("<h1") == 1 and "Cross-table" in page
    swiss = make_event(teams=4, format=TeamEvent.Format.SWISS, rounds=2, name="Swiss")
    set_event_status(event=swiss, status=TeamEvent.Status.FINAL)
    assert anonymous_client.get(reverse("teams:cross_table", args=[swiss.pk])).status_code == 404


def test_round_page_shows_pairings_and_adjustments(anonymous_client, published):
    page = anonymous_client.get(reverse("teams:round", args=[published.pk, 1])).content.decode()
    assert "T1" in page and "T4" in page and "Late arrival" in page
    assert anonymous_client.get(reverse("teams:round", args=[published.pk, 9])).status_code == 404


def test_scorecard(anonymous_client, published, find_match):
    match = find_match(published, 1, "T1", "T4")
    response = anonymous_client.get(reverse("teams:scorecard", args=[match.pk]))
    page = response.content.decode()
    assert response.status_code == 200 and page.count("<h1") == 1
    assert 'class="suit-s"' in page  # the contract filter
    assert response.context["boards"][0].score.home_imps == 10
    assert "14–6" in page  # VPs


def test_team_page_links_players_to_members(anonymous_client, published):
    member = Member.objects.create(first_name="Ana", last_name="García", number="1001")
    event = TeamEvent.objects.create(name="Pairs of teams", date=published.date, status=TeamEvent.Status.FINAL)
    team = save_team(
        event=event,
        name="Ana's",
        players=[PlayerEntry(member=member, captain=True)] + [PlayerEntry(guest_name=f"G{i}") for i in range(3)],
    )
    page = anonymous_client.get(reverse("teams:team", args=[team.pk])).content.decode()
    member_page = reverse("events:member_detail", args=[member.pk])
    assert f'<a href="{member_page}">Ana García</a>' in page and "G1" in page  # the member, not the list
    assert page.count("<h1") == 1


def test_in_progress_events_are_hidden_but_directors_see_them(
    anonymous_client, player_client, director_client, make_event
):
    event = make_event(teams=2, format=TeamEvent.Format.MATCH)
    match = event.matches.get()
    team = event.teams.first()
    urls = [
        reverse("teams:standings", args=[event.pk]),
        reverse("teams:cross_table", args=[event.pk]),
        reverse("teams:round", args=[event.pk, 1]),
        reverse("teams:scorecard", args=[match.pk]),
        reverse("teams:team", args=[team.pk]),
    ]
    for url in urls:
        assert anonymous_client.get(url).status_code == 404, url
        assert player_client.get(url).status_code == 404, url
        response = director_client.get(url)
        assert response.status_code == 200, url
        assert "only directors see it" in response.content.decode()
