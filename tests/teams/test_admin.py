"""The teams events in the Django admin go through the unit of work: an event's settings through `save_event`, its
teams recorded as its change (its cached pages made again), and its results read-only (an edit there would neither
score the match again nor move a page)."""

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db import connection
from django.forms.models import model_to_dict
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from teams.models import Adjustment, BoardResult, Match, Team, TeamEvent
from tests.builders.accounts import logged_in_client
from tests.builders.published import played_event


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_superuser("boss", "boss@example.org", "A long pass phrase 42")


def kept(client, url) -> bool:
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return len(queries) == 0


def request_of(user):
    request = RequestFactory().post("/admin/")
    request.user = user
    return request


@pytest.fixture
def cached_standings(db, client, settings):
    settings.PAGE_CACHE_SECONDS = 600
    event = played_event()
    url = reverse("teams:standings", args=[event.pk])
    client.get(url)
    assert kept(client, url)
    return event, url


def test_an_event_renamed_in_the_admin_is_renamed_on_its_cached_pages(cached_standings, client, staff):
    event, url = cached_standings
    event_admin = admin.site._registry[TeamEvent]
    data = {**model_to_dict(event), "name": "Renamed in the admin"}
    form = event_admin.get_form(request_of(staff), event)(
        {k: v for k, v in data.items() if v is not None}, instance=event
    )
    assert form.is_valid(), form.errors
    event_admin.save_model(request_of(staff), form.save(commit=False), form, True)
    assert not kept(client, url)
    assert "Renamed in the admin" in client.get(url).content.decode()


def test_a_team_renamed_in_the_admin_moves_its_events_pages(cached_standings, client, staff):
    event, url = cached_standings
    team_admin = admin.site._registry[Team]
    team = event.teams.order_by("pk").first()
    form = team_admin.get_form(request_of(staff), team)({**model_to_dict(team), "name": "Renamed team"}, instance=team)
    assert form.is_valid(), form.errors
    team_admin.save_model(request_of(staff), form.save(commit=False), form, True)
    team_admin.save_related(request_of(staff), form, [], True)
    assert "Renamed team" in client.get(url).content.decode()


def test_a_team_deleted_in_the_admin_moves_its_events_pages(cached_standings, client, staff):
    event, url = cached_standings
    team_admin = admin.site._registry[Team]
    team_admin.delete_queryset(request_of(staff), Team.objects.filter(pk=event.teams.order_by("pk").first().pk))
    assert not kept(client, url)


def test_an_event_deleted_in_the_admin_leaves_no_cached_page(cached_standings, client, staff):
    event, url = cached_standings
    admin.site._registry[TeamEvent].delete_model(request_of(staff), event)
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("model", [Match, BoardResult, Adjustment])
def test_results_are_read_only_in_the_admin(cached_standings, staff, model):
    model_admin = admin.site._registry[model]
    request = request_of(staff)
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request)
    assert not model_admin.has_delete_permission(request)


def test_a_results_change_posted_to_the_admin_is_refused(cached_standings, client, staff):
    event, url = cached_standings
    result = BoardResult.objects.filter(match__event=event).first()
    response = logged_in_client(staff).post(
        reverse("admin:teams_boardresult_change", args=[result.pk]), {"contract": "7NT", "ns_score": "2220"}
    )
    assert response.status_code == 403
    assert BoardResult.objects.get(pk=result.pk).contract == result.contract
    assert kept(client, url)
