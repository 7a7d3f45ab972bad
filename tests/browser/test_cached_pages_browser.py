"""A logged-in player reads pages kept for every player (club/page_cache.py): the navigation shows their name and
their rows are highlighted by static/js/reader.js from their fragment, though the page's own bytes name nobody;
without JS the navigation shows a plain "Account" link."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from club.models import Member
from events.models import Pair
from tests.builders.browser import csp_watch
from tests.builders.published import published_session

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def urls(settings, player_user):
    settings.PAGE_CACHE_SECONDS = 600
    session = published_session()
    section = session.sections.get()
    pair = Pair.objects.filter(section=section, player1__isnull=False).order_by("direction", "number").first()
    Member.objects.filter(pk=pair.player1_id).update(user=player_user)
    return {
        "ranking": reverse("events:session", args=[session.pk]),
        "traveller": reverse("events:board_traveller", args=[session.pk, section.pk, 1]),
        "scorecard": reverse("events:pair_scorecard", args=[session.pk, pair.pk]),
    }


def test_a_player_reads_a_kept_ranking_with_their_name_and_row(page, login, urls):
    problems = []
    csp_watch(page, problems)
    login(page, "player")
    for _ in range(2):  # made, then kept
        page.goto(urls["ranking"])
    kept = page.request.get(urls["ranking"]).text()
    assert "Pat" not in kept and 'class="table-info mine"' not in kept  # the kept bytes are nobody's
    expect(page.locator("#account-menu")).to_have_text("Pat")
    expect(page.locator("table.ranking tr.mine")).to_have_count(1)
    expect(page.get_by_text("Your pair is highlighted.")).to_be_visible()
    page.click("#account-menu")
    expect(page.get_by_role("link", name="My results")).to_be_visible()

    page.goto(urls["traveller"])
    expect(page.locator("#traveller tbody tr.mine")).to_have_count(1)
    page.goto(urls["scorecard"])
    expect(page.get_by_text("Your scorecard")).to_be_visible()
    page.click("#account-menu")
    page.get_by_role("button", name="Log out").click()  # the fragment's form carries its CSRF token
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    assert problems == []


def test_without_javascript_the_navigation_offers_the_account(browser, live_server, login, urls):
    context = browser.new_context(base_url=live_server.url, locale="en-GB", java_script_enabled=False)
    page = context.new_page()
    login(page, "player")
    page.goto(urls["ranking"])
    account = page.locator("[data-reader-nav] a")
    expect(account).to_have_text("Account")
    expect(page.locator("table.ranking tr.mine")).to_have_count(0)
    expect(page.get_by_text("Your pair is highlighted.")).to_be_hidden()
    context.close()
