"""Public pages set no cookie for an anonymous visitor (so that they can be cached, here and in front of the site),
say in `Vary` only what they vary on, and the language switch is a plain GET that sets the language cookie only
when the visitor chooses a language."""

import re

import pytest
from django.conf import settings
from django.urls import reverse

# one_database: the headers and cookies the site's code sends (README, *What runs twice*).
pytestmark = pytest.mark.one_database


@pytest.fixture
def published_club(published_club_kept):
    """The published club built once for this module (its tests roll back their writes)."""
    return published_club_kept


PAGES = [
    "home",
    "home by year",
    "members",
    "ranking",
    "traveller",
    "scorecard",
    "member",
    "ranking csv",
    "traveller csv",
    "teams events",
    "teams standings",
    "teams cross-table",
    "teams round",
    "teams scorecard",
    "team",
    "rubber",
    "rubber evening",
    "rubber season",
    "rubber sheet",
]


def vary(response) -> set[str]:
    return {name.strip().lower() for name in response.headers.get("Vary", "").split(",") if name.strip()}


def test_every_public_page_is_listed(published_club):
    _session, _event, urls = published_club
    assert sorted(urls) == sorted(PAGES)


@pytest.mark.parametrize("name", PAGES)
def test_an_anonymous_visitor_gets_no_cookie(client, published_club, name):
    url = published_club[2][name]
    response = client.get(url)
    assert response.status_code == 200, url
    assert not response.cookies, (url, response.cookies)
    assert "Set-Cookie" not in response.headers
    assert vary(response) <= {"cookie", "accept-language"}, response.headers.get("Vary")
    assert 'name="csrfmiddlewaretoken"' not in response.content.decode()


@pytest.mark.parametrize("language", ["es", "ro", "en"])
def test_the_language_switch_is_a_plain_get_that_sets_the_language_cookie(client, published_club, language):
    ranking = published_club[2]["ranking"]
    page = client.get(ranking).content.decode()
    switcher = re.search(r"<form[^>]*>.*?</form>", page[page.index("language-select") - 800 :], re.S).group(0)
    assert 'method="get"' in switcher and f'action="{reverse("club:language")}"' in switcher

    response = client.get(reverse("club:language"), {"language": language, "next": ranking})
    assert response.status_code == 302 and response.url == ranking
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == language
    page = client.get(ranking, HTTP_ACCEPT_LANGUAGE="en" if language != "en" else "es")
    assert f'<html lang="{language}">' in page.content.decode()
    assert not page.cookies


@pytest.mark.parametrize(
    "query",
    [
        {"language": "xx", "next": "/members/"},
        {"language": "es", "next": "https://evil.example.org/"},
        {"language": "es", "next": "//evil.example.org/"},
        {},
    ],
)
def test_the_language_switch_refuses_unknown_languages_and_other_sites(client, db, query):
    response = client.get(reverse("club:language"), query)
    assert response.status_code == 302
    assert response.url == (query.get("next") if query.get("next", "").startswith("/members") else "/")
    if query.get("language") != "es":
        assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_the_language_switch_is_only_a_get(client, db):
    assert client.post(reverse("club:language"), {"language": "es"}).status_code == 405


def test_a_logged_in_player_still_gets_the_language_switch_without_a_token(player_client, published_club):
    response = player_client.get(published_club[2]["ranking"])
    assert response.status_code == 200
    assert f'action="{reverse("club:language")}"' in response.content.decode()
