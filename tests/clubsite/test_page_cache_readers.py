"""Kept pages for logged-in readers (club/page_cache.py): a player gets the bytes kept for every player, their name
and their own rows from their fragment (events' reader.json); a page whose content depends on the reader (real
names, a director's preview, a member's own page) is never served from an entry made for another class of reader."""

import json
import os
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Member
from club.privacy import Privacy
from events.models import Pair, Session
from tests.builders.accounts import logged_in_client


@pytest.fixture
def published_club(published_club_kept):
    """The published club built once for this module (its tests roll back their writes)."""
    return published_club_kept


PAGES = ["home", "ranking", "traveller", "scorecard", "member", "teams standings", "teams scorecard", "team"]


@pytest.fixture(params=["locmem", "redis"])
def backend(request, settings):
    if request.param == "redis":
        url = os.getenv("REDIS_URL", "")
        if not url:
            pytest.skip("no Redis server: set REDIS_URL=redis://127.0.0.1:PORT/0")
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": url,
                "KEY_PREFIX": f"test-{uuid.uuid4().hex}",
            }
        }
    settings.PAGE_CACHE_SECONDS = 600
    return request.param


@pytest.fixture
def played(published_club, player_user):
    """(pair, urls): the player is the first member of the scorecard's pair."""
    session, _event, urls = published_club
    pair = Pair.objects.get(pk=int(urls["scorecard"].rstrip("/").split("/")[-1]))
    Member.objects.filter(pk=pair.player1_id).update(user=player_user)
    return pair, urls


def other_player() -> Client:
    from django.contrib.auth.models import User

    return logged_in_client(User.objects.create_user("other", password="x-long-password-1", first_name="Olga"))


def test_a_logged_in_player_gets_the_kept_page(played, player_client, backend, django_assert_max_num_queries):
    pair, urls = played
    other = other_player()
    for name in PAGES:
        url = urls[name] if name != "member" else reverse("events:member_detail", args=[pair.player2_id])
        made = player_client.get(url)
        assert made.status_code == 200, name
        # nothing (the reader's class remembered for their session); on a member page whether it is the reader's own
        # (the session, the user, their member)
        with django_assert_max_num_queries(3 if name == "member" else 0):
            hit = player_client.get(url)
        assert hit.content == made.content == other.get(url).content, name
        page = hit.content.decode()
        assert "Pat" not in page and "Olga" not in page, name  # nobody's name in the kept page
        assert 'data-reader-nav="/reader.json"' in page and "js/reader.js" in page, name


def test_a_visitors_page_keeps_its_login_link_and_no_script(played, client, backend):
    page = client.get(played[1]["ranking"]).content.decode()
    assert "Log in" in page and "data-reader-nav" not in page and "js/reader.js" not in page


def test_the_fragment_names_the_reader_and_their_rows(played, player_client, backend):
    pair, urls = played
    session_id = pair.section.session_id
    answer = player_client.get(reverse("events:reader"), {"session": session_id, "next": urls["ranking"]})
    assert answer.status_code == 200 and "no-store" in answer["Cache-Control"] and "private" in answer["Cache-Control"]
    reader = json.loads(answer.content)
    assert "Pat" in reader["nav"] and "Log out" in reader["nav"] and "csrfmiddlewaretoken" in reader["nav"]
    assert reverse("events:member_detail", args=[pair.player1_id]) in reader["nav"]  # "My results"
    assert reader["scorecards"] == [urls["scorecard"]]
    for hostile in ({"session": "abc", "next": "//evil.example"}, {"session": "99999999999"}, {}):
        answer = player_client.get(reverse("events:reader"), hostile)
        assert answer.status_code == 200 and json.loads(answer.content)["scorecards"] == []


def test_the_fragment_of_a_visitor_is_the_login_link(client, db):
    reader = json.loads(client.get(reverse("events:reader"), {"next": "//evil.example"}).content)
    assert "Log in" in reader["nav"] and "evil" not in reader["nav"] and reader["scorecards"] == []


def test_a_private_members_page_kept_for_a_director_is_not_served_to_others(
    played, director_client, client, backend, django_assert_max_num_queries
):
    pair, _urls = played
    Member.objects.filter(pk=pair.player2_id).update(privacy=Privacy.PAIR_NUMBER)
    url = reverse("events:member_detail", args=[pair.player2_id])
    assert director_client.get(url).status_code == 200
    with django_assert_max_num_queries(3):  # kept, for directors: whether it is their own page
        assert director_client.get(url).status_code == 200
    assert client.get(url).status_code == 404
    assert other_player().get(url).status_code == 404


def test_real_names_kept_for_a_director_are_not_served_to_a_player(played, director_client, backend):
    pair, urls = played
    Member.objects.filter(pk=pair.player2_id).update(privacy=Privacy.INITIALS)
    member = Member.objects.get(pk=pair.player2_id)
    full = f"{member.first_name} {member.last_name}"
    for name in ("ranking", "scorecard", "traveller"):
        assert full in director_client.get(urls[name]).content.decode(), name
        assert full in director_client.get(urls[name]).content.decode(), name
        assert full not in other_player_page(urls[name]), name


def other_player_page(url: str) -> str:
    from django.contrib.auth.models import User

    user = User.objects.filter(username="other").first() or User.objects.create_user("other", first_name="Olga")
    return logged_in_client(user).get(url).content.decode()


def test_a_directors_preview_is_not_served_to_a_player(played, director_client, player_client, backend):
    pair, urls = played
    Session.objects.filter(pk=pair.section.session_id).update(status=Session.Status.IN_PROGRESS)
    for _ in range(2):
        assert director_client.get(urls["scorecard"]).status_code == 200
    assert player_client.get(urls["scorecard"]).status_code == 404


def test_a_member_reads_their_own_page_made_for_them(played, player_client, client, backend):
    pair, _urls = played
    Member.objects.filter(pk=pair.player1_id).update(privacy=Privacy.PAIR_NUMBER)
    url = reverse("events:member_detail", args=[pair.player1_id])
    for _ in range(2):
        page = player_client.get(url)
        assert page.status_code == 200 and "You" in page.content.decode()
    assert client.get(url).status_code == 404  # never kept for others


def test_a_role_taken_back_changes_the_readers_pages_at_once(played, director_user, director_client, backend):
    from roster.services.roles import DIRECTORS, revoke

    pair, urls = played
    Member.objects.filter(pk=pair.player2_id).update(privacy=Privacy.INITIALS)
    member = Member.objects.get(pk=pair.player2_id)
    full = f"{member.first_name} {member.last_name}"
    for _ in range(2):
        assert full in director_client.get(urls["ranking"]).content.decode()
    revoke(user_id=director_user.pk, role=DIRECTORS, by=director_user)
    assert full not in director_client.get(urls["ranking"]).content.decode()


def test_a_visitors_session_cookie_gets_the_visitors_page(published_club, client, backend):
    ranking = published_club[2]["ranking"]
    visitor = client.get(ranking).content
    client.cookies["sessionid"] = "made-up"
    assert client.get(ranking).content == visitor


def _menu(html: str) -> str:
    """The account menu's markup, whitespace and the (masked, per render) CSRF token aside."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', 'name="csrfmiddlewaretoken"', html)
    return " ".join(html.split())


def test_the_account_menu_is_written_once(director_client, client, db):
    """A page made for one reader (the director's area) draws the account menu from the include reader.json sends:
    the same links, word for word, for a logged-in reader and for a visitor's login link."""
    page = director_client.get(reverse("events:director")).content.decode()
    fragment = json.loads(director_client.get(reverse("events:reader"), {"next": "/director/"}).content)["nav"]
    assert "Log out" in fragment and _menu(fragment) in _menu(page)
    page = client.get(reverse("club:members")).content.decode()
    fragment = json.loads(client.get(reverse("events:reader"), {"next": reverse("club:members")}).content)["nav"]
    assert "Log in" in fragment and _menu(fragment) in _menu(page)
