"""Published pages kept in the cache (club/page_cache.py): the same HTML cached or not, a page kept until a write
changes what it shows and then made again at once, only the pages a write changes made again, logged-in
readers served the pages kept for their class (more in test_page_cache_readers.py); on the local memory cache and,
when REDIS_URL is set, on Redis."""

import os
import re
import uuid

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import Member
from club.typed_result import read_typed_result
from events.checks.services.fixes import set_status
from events.entry.services.lines import delete_line, save_line
from events.models import Session, TravellerLine
from events.setup.services.setup import PlayersTyped, set_players
from events.standings.services.rescoring import rescore_session
from events.standings.services.standings import store_standings
from roster.services.members import save_member
from teams.models import TeamEvent
from teams.services.matches import set_event_status
from tests.builders.published import published_session


@pytest.fixture
def published_club(published_club_kept):
    """The published club built once for this module (its tests roll back their writes)."""
    return published_club_kept


CACHED = ["home", "home by year", "ranking", "traveller", "scorecard", "member"]
SESSION_PAGES = ["ranking", "traveller", "scorecard"]


@pytest.fixture(params=["locmem", "files", "redis"])
def backend(request, settings, tmp_path):
    """The cache of the test: the process's memory, files (as CACHE_URL=file:// and production's default have it), or
    the Redis server at REDIS_URL (REQUIRE_REDIS=1: must be)."""
    if request.param == "files":
        settings.CACHES = {"default": {"BACKEND": "club.file_cache.FileCache", "LOCATION": str(tmp_path / "cache")}}
    if request.param == "redis":
        url = os.getenv("REDIS_URL", "")
        if not url:
            if os.getenv("REQUIRE_REDIS") == "1":
                pytest.fail("REQUIRE_REDIS=1 but REDIS_URL is not set")
            pytest.skip("no Redis server: set REDIS_URL=redis://127.0.0.1:PORT/0 to run the page cache on Redis")
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": url,
                "KEY_PREFIX": f"test-{uuid.uuid4().hex}",  # test workers share the server
            }
        }
    settings.PAGE_CACHE_SECONDS = 600
    return request.param


def get(client, url, **extra):
    """(response, queries) for a GET."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **extra)
    assert response.status_code == 200, url
    return response, len(queries)


def kept(client, url) -> bool:
    """Whether the page came from the cache (a kept page reads nothing from the database)."""
    return get(client, url)[1] == 0


def warm(client, urls) -> None:
    for url in urls:
        get(client, url)
        assert kept(client, url), url


def test_the_same_html_with_the_cache_on_and_off(client, published_club, backend, settings):
    urls = published_club[2]
    for name in CACHED:
        settings.PAGE_CACHE_SECONDS = 0
        off, off_queries = get(client, urls[name])
        settings.PAGE_CACHE_SECONDS = 600
        made, made_queries = get(client, urls[name])
        hit, hit_queries = get(client, urls[name])
        assert off.content == made.content == hit.content, name
        assert made_queries <= off_queries, name  # a miss costs no more than the page without the cache
        assert hit_queries == 0, name
        for header in ("Content-Type", "Content-Language", "Content-Security-Policy", "X-Frame-Options"):
            assert off.headers.get(header) == hit.headers.get(header), (name, header)
        assert set(hit.headers["Vary"].split(", ")) == {"Cookie", "Accept-Language"}, name
        assert not hit.cookies


def test_each_language_has_its_own_page(client, published_club, backend):
    ranking = published_club[2]["ranking"]
    for language, lang in [("es", "es"), ("ro", "ro"), ("en", "en")]:
        for _ in range(2):
            html = client.get(ranking, HTTP_ACCEPT_LANGUAGE=language).content.decode()
            assert f'<html lang="{lang}">' in html
    client.cookies["django_language"] = "ro"
    assert '<html lang="ro">' in client.get(ranking, HTTP_ACCEPT_LANGUAGE="es").content.decode()


def ranking_scores(html: str) -> list[str]:
    return re.findall(r"<td[^>]*>\s*([\d.]+%)\s*</td>", html)


def test_a_cached_ranking_shows_a_corrected_line_at_once(client, published_club, backend):
    session, _event, urls = published_club
    warm(client, [urls["ranking"], urls["traveller"]])
    before = client.get(urls["ranking"]).content.decode()
    line = TravellerLine.objects.filter(board__section__session=session, board__number=1).first()
    save_line(
        board=line.board,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=read_typed_result(1, "4S", "N", "10"),
        line=line,
    )
    after, queries = get(client, urls["ranking"])
    assert queries > 0 and after.content.decode() != before
    assert not kept(client, urls["traveller"])
    assert after.content == client.get(urls["ranking"]).content  # and kept again


def write_kinds():
    """Each kind of write to a session, as (name, function of the session)."""

    def correct(session):
        line = TravellerLine.objects.filter(board__section__session=session).first()
        save_line(
            board=line.board,
            ns_pair=line.ns_pair,
            ew_pair=line.ew_pair,
            result=read_typed_result(line.board.number, "2H", "E", "8"),
            line=line,
        )

    def delete(session):
        delete_line(line=TravellerLine.objects.filter(board__section__session=session).first())

    def status(session):
        set_status(session=session, status=Session.Status.IN_PROGRESS)

    def players(session):
        pair = session.sections.get().pairs.filter(player1__isnull=False).first()
        set_players(typed=[PlayersTyped(pair, "A Guest", "Another Guest", True, True)])

    return [
        ("line corrected", correct),
        ("line deleted", delete),
        ("rescored", lambda session: rescore_session(session=session)),
        ("status changed", status),
        ("players changed", players),
        ("standings stored again", lambda session: store_standings(session_ids=[session.pk])),
    ]


@pytest.mark.parametrize(("kind", "write"), write_kinds(), ids=[kind for kind, _write in write_kinds()])
def test_a_write_makes_again_exactly_the_pages_it_changes(client, published_club, backend, settings, kind, write):
    session, event, urls = published_club
    other = published_session()
    other_urls = {
        "other ranking": reverse("events:session", args=[other.pk]),
        "teams standings": urls["teams standings"],
    }
    warm(client, [urls[name] for name in CACHED] + list(other_urls.values()))
    write(session)
    for url in other_urls.values():
        assert kept(client, url), (kind, url)  # another session's pages, the teams pages: not changed
    for name in ["home", "member"]:
        assert not kept(client, urls[name]), (kind, name)  # winners and histories may have changed
    for name in SESSION_PAGES:
        if kind == "status changed":
            assert client.get(urls[name]).status_code == 404, name  # no longer published
            continue
        made, queries = get(client, urls[name])
        assert queries > 0, (kind, name)
        settings.PAGE_CACHE_SECONDS = 0
        assert made.content == client.get(urls[name]).content, (kind, name)
        settings.PAGE_CACHE_SECONDS = 600


def test_a_renamed_member_is_renamed_on_every_page(client, published_club, backend):
    session, _event, urls = published_club
    warm(client, [urls[name] for name in CACHED])
    member = Member.objects.get(pk=session.sections.get().pairs.filter(player1__isnull=False).first().player1_id)
    save_member(member=member, fields={"last_name": "Renamed"})  # the roster's service
    for name in ["ranking", "scorecard", "member"]:
        html, queries = get(client, urls[name])
        assert queries > 0 and "Renamed" in html.content.decode(), name


def test_a_teams_status_change_leaves_the_pairs_pages_kept(client, published_club, backend):
    _session, event, urls = published_club
    warm(client, [urls["ranking"]])
    set_event_status(event=event, status=TeamEvent.Status.IN_PROGRESS)
    assert kept(client, urls["ranking"])


def test_logged_in_readers_get_the_pages_kept_for_their_class(player_client, director_client, published_club, backend):
    session, _event, urls = published_club
    for client in (player_client, director_client):
        get(client, urls["ranking"])
        response, queries = get(client, urls["ranking"])
        assert queries <= 4  # the session, the user and their permissions: the page itself is kept
    assert 'href="/director/"' in director_client.get(urls["ranking"]).content.decode()
    assert 'href="/director/"' not in player_client.get(urls["ranking"]).content.decode()


def test_a_reader_with_a_message_is_not_served_a_kept_page(client, player_client, published_club, backend):
    ranking = published_club[2]["ranking"]
    for reader in (client, player_client):
        warm(client, [ranking])
        reader.cookies["messages"] = "anything"
        assert get(reader, ranking)[1] > 1  # made again (more than the session's read)
        del reader.cookies["messages"]
    client.cookies["sessionid"] = "not-a-session"
    assert get(client, ranking)[1] == 1  # a visitor all the same: only the session is looked for


def test_a_teams_result_makes_again_its_event_pages_only(client, published_club, backend, make_event, enter_match):
    session, event, urls = published_club
    other = make_event(teams=2, name="Other teams")
    set_event_status(event=other, status=TeamEvent.Status.FINAL)
    other_standings = reverse("teams:standings", args=[other.pk])
    names = ["teams standings", "teams cross-table", "teams round", "teams scorecard", "team", "teams events"]
    warm(client, [urls[name] for name in names] + [other_standings, urls["ranking"], urls["member"]])
    match = event.matches.filter(away__isnull=False).first()
    enter_match(match, {b: (("3NT", "S", "10"), ("1NT", "S", "7")) for b in match.board_numbers(2)})
    for name in names + ["member"]:
        assert not kept(client, urls[name]), name
    assert kept(client, other_standings)
    assert kept(client, urls["ranking"])


def teams_write_kinds():
    from decimal import Decimal

    from teams.models import Adjustment
    from teams.services.matches import add_adjustment, delete_adjustment
    from teams.services.rosters import PlayerEntry, save_team

    def adjust(event):
        match = event.matches.filter(away__isnull=False).first()
        add_adjustment(match=match, team=match.home, kind=Adjustment.Kind.IMPS, amount=Decimal(3), reason="Slow play")

    def adjust_and_undo(event):
        adjust(event)
        warm(Client(), [reverse("teams:standings", args=[event.pk])])
        delete_adjustment(adjustment=Adjustment.objects.get(match__event=event))

    def rename(event):
        team = event.teams.first()
        players = [PlayerEntry(guest_name=player.guest_name, captain=player.captain) for player in team.players.all()]
        save_team(event=event, name="Renamed team", players=players, team=team)

    return [("adjustment", adjust), ("adjustment removed", adjust_and_undo), ("team renamed", rename)]


@pytest.mark.parametrize(("kind", "write"), teams_write_kinds(), ids=[kind for kind, _write in teams_write_kinds()])
def test_each_teams_write_makes_its_event_pages_again(client, published_club, backend, kind, write):
    _session, event, urls = published_club
    warm(client, [urls["teams standings"], urls["team"], urls["ranking"]])
    write(event)
    assert not kept(client, urls["teams standings"]), kind
    assert not kept(client, urls["team"]), kind
    assert kept(client, urls["ranking"]), kind
