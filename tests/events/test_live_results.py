"""Public live results: the director's switch on the live view, the provisional ranking shown to everyone while the
session is in progress (and refreshed from its own part), hidden when off, never kept by the page cache."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.models import Session, TableEntry
from events.plans import section_plan
from events.tables.services.table_entry import set_live_results
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, play_at_tables, save_post, typed_for

pytestmark = pytest.mark.django_db


def urls(session):
    return {
        "page": reverse("events:live_results", args=[session.pk]),
        "part": reverse("events:live_ranking", args=[session.pk]),
        "session": reverse("events:session", args=[session.pk]),
    }


def kept_pages() -> list[str]:
    """The pages the page cache keeps (the tests' cache is Django's local memory)."""
    return [key for key in cache._cache if ":pages:page:" in key]


def play_first(client, section, paths, count):
    """The first `count` boards of the movement confirmed at their tables."""
    for play in sorted(section_plan(section).schedule, key=lambda play: (play.round, play.table))[:count]:
        assert client.post(paths[str(play.table)], save_post(play, *typed_for(play))).status_code == 302
        assert client.post(ew(paths[str(play.table)]), confirm_post(play)).status_code == 302


def test_live_results_are_off_by_default_and_a_visitor_sees_nothing(anonymous_client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    play_first(anonymous_client, section, open_tables(session), 3)
    assert not TableEntry.objects.get(session=session).live_results
    for url in urls(session).values():
        assert anonymous_client.get(url).status_code == 404


def test_the_director_switches_live_results_on_and_off_from_the_live_view(director_client, anonymous_client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    play_first(anonymous_client, section, open_tables(session), 4)
    view = director_client.get(reverse("events:live_view", args=[session.pk])).content.decode()
    assert 'id="live-results-switch"' in view and "The public live page" not in view
    switch = reverse("events:live_results_switch", args=[session.pk])
    assert director_client.post(switch, {"live_results": "on"}).status_code == 302
    assert TableEntry.objects.get(session=session).live_results
    assert (
        "The public live page" in director_client.get(reverse("events:live_view", args=[session.pk])).content.decode()
    )
    page = anonymous_client.get(urls(session)["page"])
    assert page.status_code == 200 and "Provisional: live results." in page.content.decode()
    assert "no-store" in page["Cache-Control"] and 'data-live-url="' + urls(session)["part"] in page.content.decode()
    part = anonymous_client.get(urls(session)["part"])
    assert (
        part.status_code == 200
        and part.content.decode().count("data-live-row") == 6
        and "no-store" in part["Cache-Control"]
    )
    assert anonymous_client.get(urls(session)["session"]).url == urls(session)["page"]
    director_client.post(switch, {})  # the box unticked: off
    assert not TableEntry.objects.get(session=session).live_results
    for url in urls(session).values():
        assert anonymous_client.get(url).status_code == 404


def test_a_live_page_is_never_older_than_its_refresh(anonymous_client):
    """The page cache is on in the tests: the live part must show every result confirmed since the last read."""
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    paths = open_tables(session)
    set_live_results(session=session, on=True)
    play_first(anonymous_client, section, paths, 1)
    first = anonymous_client.get(urls(session)["part"]).content.decode()
    assert anonymous_client.get(urls(session)["session"]).status_code == 302  # the redirect is not kept either
    play = sorted(section_plan(section).schedule, key=lambda play: (play.round, play.table))[1]
    anonymous_client.post(paths[str(play.table)], save_post(play, "7NT", "N", "-7"))
    anonymous_client.post(ew(paths[str(play.table)]), confirm_post(play))
    second = anonymous_client.get(urls(session)["part"]).content.decode()
    assert first != second
    anonymous_client.get(urls(session)["page"])
    assert kept_pages() == []  # never kept as a published page
    anonymous_client.get(reverse("events:home"))
    assert len(kept_pages()) == 1  # (the cache is on)
    set_live_results(session=session, on=False)
    assert anonymous_client.get(urls(session)["part"]).status_code == 404
    assert anonymous_client.get(urls(session)["session"]).status_code == 404


def test_a_published_session_sends_the_live_page_to_its_ranking(director_client, anonymous_client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    play_at_tables(anonymous_client, section, open_tables(session))
    set_live_results(session=session, on=True)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PROVISIONAL)
    response = anonymous_client.get(urls(session)["page"])
    assert response.status_code == 302 and response.url == urls(session)["session"]
    assert anonymous_client.get(urls(session)["part"]).status_code == 404  # the open page reloads
    switch = reverse("events:live_results_switch", args=[session.pk])
    response = director_client.post(switch, {"live_results": "on"}, follow=True)
    assert "published" in response.content.decode()


def test_directors_preview_the_live_page_while_it_is_off(director_client):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2)
    open_tables(session)
    assert director_client.get(urls(session)["page"]).status_code == 200
    assert director_client.get(urls(session)["session"]).status_code == 200  # the usual preview


def test_only_directors_switch_live_results(player_client, anonymous_client):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2)
    switch = reverse("events:live_results_switch", args=[session.pk])
    assert player_client.post(switch, {"live_results": "on"}).status_code == 403
    assert anonymous_client.post(switch, {"live_results": "on"}).status_code == 302  # to the login page
    assert not TableEntry.objects.filter(session=session, live_results=True).exists()


def test_bad_requests_to_the_live_pages(director_client, anonymous_client):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2)
    switch = reverse("events:live_results_switch", args=[session.pk])
    assert director_client.get(switch).status_code == 405
    assert director_client.post(reverse("events:live_results_switch", args=[session.pk + 99])).status_code == 404
    assert anonymous_client.get(reverse("events:live_results", args=[2**63])).status_code == 404
    assert anonymous_client.get(reverse("events:live_ranking", args=[session.pk + 99])).status_code == 404
    set_live_results(session=session, on=True)
    assert anonymous_client.post(urls(session)["part"]).status_code == 405


def queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_live_part_reads_as_many_queries_however_large_the_session(anonymous_client):
    counts = []
    for tables in (3, 7):
        session, section = make_session("mitchell", tables=tables, boards_per_round=2)
        play_first(anonymous_client, section, open_tables(session), 2 * tables)
        set_live_results(session=session, on=True)
        counts.append(
            (queries(anonymous_client, urls(session)["part"]), queries(anonymous_client, urls(session)["page"]))
        )
    assert counts[0] == counts[1] and counts[0][0] <= 8


@pytest.mark.parametrize(
    "language, banner", [("es", "Provisional: resultados en directo."), ("ro", "Provizoriu: rezultate în direct.")]
)
def test_the_live_page_in_spanish_and_romanian(anonymous_client, settings, language, banner):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    play_first(anonymous_client, section, open_tables(session), 2)
    set_live_results(session=session, on=True)
    anonymous_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = anonymous_client.get(urls(session)["page"]).content.decode()
    assert banner in page
    west = {"es": "O", "ro": "V"}[language]  # East-West pairs are written in the reader's notation (1EO, 1EV)
    assert f"<td>1E{west}</td>" in page and "<td>1EW</td>" not in page
