"""The page cache cannot be flooded (issue 29): a page is kept under the query parameters it reads, so that made-up
query strings (`?utm_campaign=<random>`, a random name, a page number that is not one) are served the one page kept
for them and add no entry to the cache."""

import random
import string

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext


@pytest.fixture
def published_club(published_club_kept):
    """The published club built once for this module (its tests roll back their writes)."""
    return published_club_kept


RANDOM = random.Random(29)


def noise() -> str:
    word = "".join(RANDOM.choices(string.ascii_letters + string.digits, k=12))
    return RANDOM.choice(
        [
            f"utm_campaign={word}",
            f"utm_source={word}&utm_medium=email",
            f"{word}=1",
            f"page={word}",
            f"page=0&{word}={word}",
            f"month={word}",
            f"round=-{RANDOM.randint(1, 10**6)}",
            f"fbclid={word}&gclid={word}",
            f"a-ns-sort={word}",  # a ranking's sort order that is no column
            f"{word.lower()}-sort=pair",  # a sort order for a table that is not there
        ]
    )


@pytest.fixture
def page_cache(settings):
    settings.PAGE_CACHE_SECONDS = 600
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "flood"}}
    cache.clear()
    yield
    cache.clear()


def kept_pages() -> int:
    return sum(1 for key in cache._cache if ":pages:page:" in key)


@pytest.mark.parametrize("name", ["home", "home by year", "member", "teams events", "teams standings", "ranking"])
def test_a_thousand_made_up_query_strings_add_no_page_to_the_cache(client, published_club, page_cache, name):
    url = published_club[2][name]
    canonical = client.get(url)
    assert canonical.status_code == 200
    before = kept_pages()
    assert before >= 1
    glue = "&" if "?" in url else "?"
    for _ in range(1000):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(f"{url}{glue}{noise()}")
        assert response.status_code == 200
        assert len(queries) == 0  # served the kept page, not made again
    assert kept_pages() == before
    assert response.content == canonical.content  # the same page: the made-up parameters are nowhere in it


def test_the_parameters_a_page_reads_still_make_their_own_pages(client, published_club, page_cache):
    session = published_club[0]
    home = client.get("/").content
    by_year = client.get(f"/?year={session.date.year}&utm_source=x").content
    assert by_year != home
    assert client.get(f"/?utm_source=y&year=0{session.date.year}").content == by_year  # 02026 is 2026
    assert kept_pages() == 2


def test_a_logged_in_reader_gets_the_page_kept_for_their_class(player_client, published_club, page_cache):
    response = player_client.get("/?utm_campaign=spring")
    assert "utm_campaign=spring" not in response.content.decode()  # read as a visitor's: the parameter dropped
    player_client.get("/?utm_source=x")
    assert kept_pages() == 1  # one page for every logged-in player


def test_a_rankings_sort_order_is_read_and_kept_apart(client, published_club, page_cache):
    """The ranking's tables sort by their columns for every visitor (`a-ns-sort=pair`): a column is read and kept
    as its own page; the same order asked twice is one page."""
    url = published_club[2]["ranking"]
    plain = client.get(url)
    sorted_once = client.get(f"{url}?a-ns-sort=-pair")
    assert sorted_once.content != plain.content
    before = kept_pages()
    with CaptureQueriesContext(connection) as queries:
        again = client.get(f"{url}?utm_source=x&a-ns-sort=-pair")
    assert len(queries) == 0 and again.content == sorted_once.content and kept_pages() == before
