"""An anonymous visitor reads the results on a phone: home, session, board, scorecard, member, in Spanish."""

import re

import pytest
from playwright.sync_api import expect

from tests.builders.hand_mitchell import build_hand_mitchell

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_visitor_follows_the_results_on_a_phone(phone_page):
    build_hand_mitchell(name="Monday pairs")
    page = phone_page

    page.goto("/")
    expect(page.locator("h1")).to_have_text("Results")
    expect(page.locator("#sessions")).to_contain_text("Ana García – Bogdan Popescu (65.00 %)")
    page.get_by_role("link", name="Monday pairs").click()

    expect(page.locator("h1")).to_contain_text("Monday pairs")
    ranking = page.locator("#ranking-a-ns")
    expect(ranking.locator("tbody tr").first).to_contain_text("65.00")
    expect(ranking.locator("tr.mine")).to_have_count(0)
    # The "boards played" column folds away on a phone.
    expect(ranking.locator("thead th").last).to_be_hidden()
    page.get_by_role("link", name="2", exact=True).click()

    expect(page.locator("h1")).to_contain_text("Board 2")
    expect(page.locator("#board-facts")).to_contain_text("Dealer E, vulnerable: NS.")
    traveller = page.locator("#traveller")
    expect(traveller.get_by_role("columnheader", name="% NS")).to_be_hidden()
    expect(traveller.get_by_role("columnheader", name="MP NS")).to_be_visible()
    # Tapping a score opens its breakdown.
    expect(page.get_by_text("Game bonus").first).to_be_hidden()
    traveller.locator("summary", has_text=re.compile(r"^\s*750\s*$")).click()
    expect(traveller.locator("details[open]")).to_contain_text("Game bonus")
    expect(page.locator("#working")).to_contain_text("Neuberg's formula")
    traveller.get_by_role("link", name="1NS").click()

    expect(page.locator("h1")).to_contain_text("Pair 1NS")
    expect(page.locator("#scorecard tbody tr")).to_have_count(5)
    expect(page.locator("#roles")).to_contain_text("68.75")
    page.locator("h1").get_by_role("link", name="Ana García").click()

    expect(page.locator("h1")).to_have_text("Ana García")
    expect(page.locator("#percentage-chart")).to_be_visible()
    expect(page.locator("#member-sessions")).to_contain_text("Monday pairs")

    page.click(".navbar-toggler")
    page.select_option("#language-select", "es")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("h1")).to_contain_text("Ana García")

    # In Spanish the traveller's headers are longer: its table scrolls inside its box, and the hidden words of its
    # cells (top, bottom) stay in that box instead of widening the page.
    page.goto(page.url.split("/members/")[0] + "/")
    page.get_by_role("link", name="Monday pairs").click()
    page.get_by_role("link", name="2", exact=True).click()
    expect(page.locator("h1")).to_contain_text("Mano 2")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
