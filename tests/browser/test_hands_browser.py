"""The traveller with a hand record in the browser: the compass on a desktop, the hands stacked at 360 px
with nothing sticking out, red suits red; the hand-record sheet prints on A4 pages, several deals a page."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from club.hand_analysis import analyse_pending
from events.hands.services.hands import store_deals
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.hands import SIX_BOARDS

pytestmark = pytest.mark.django_db(transaction=True)
SCREENSHOTS = Path(os.environ["HANDS_SCREENSHOTS"]) if os.getenv("HANDS_SCREENSHOTS") else None  # a folder


def dealt_session():
    session, section = build_hand_mitchell(name="Monday pairs")
    store_deals(session=session, deals={number: SIX_BOARDS[number] for number in range(1, 6)})
    analyse_pending()
    return session, section


def box(page, selector):
    return page.locator(selector).bounding_box()


def test_the_deal_round_a_compass_on_a_desktop(page):
    session, section = dealt_session()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/sessions/{session.pk}/sections/{section.pk}/boards/2/")
    expect(page.locator("#hand-record")).to_be_visible()
    north, south, west, east = (box(page, f"#hand-{seat}") for seat in "nswe")
    assert north["y"] < west["y"] < south["y"] and abs(west["y"] - east["y"]) < 2
    assert west["x"] < north["x"] < east["x"]
    expect(page.locator(".hand-diagram .compass")).to_be_visible()
    red = page.locator("#hand-e .suit-h").evaluate("element => getComputedStyle(element).color")
    assert red == "rgb(204, 0, 0)"
    expect(page.locator("#traveller thead")).to_contain_text("DD")
    if SCREENSHOTS:
        page.screenshot(path=str(SCREENSHOTS / "traveller-desktop.png"), full_page=True)


def test_the_deal_stacked_on_a_360_px_phone(browser, live_server):
    session, section = dealt_session()
    context = browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport={"width": 360, "height": 740}, is_mobile=True
    )
    page = context.new_page()
    page.goto(f"/sessions/{session.pk}/sections/{section.pk}/boards/2/")
    expect(page.locator("#hand-record")).to_be_visible()
    expect(page.locator(".hand-diagram .compass")).to_be_hidden()
    north, south, west, east = (box(page, f"#hand-{seat}") for seat in "nswe")
    assert north["y"] < west["y"] < south["y"]
    for hand in (north, south, west, east):
        assert hand["x"] >= 0 and hand["x"] + hand["width"] <= 360
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways ({width} px)"
    if SCREENSHOTS:
        page.screenshot(path=str(SCREENSHOTS / "traveller-360.png"), full_page=True)
    context.close()


def test_the_hand_record_sheet_prints_several_deals_to_an_a4_page(page):
    session, _section = dealt_session()
    page.goto(f"/sessions/{session.pk}/hands/")
    expect(page.locator(".sheet-board")).to_have_count(5)
    pdf = page.pdf(format="A4", print_background=True)
    pages = re.findall(rb"/Type\s*/Page\b(?!s)", pdf)
    # The print CSS puts two deals to a row in small type: five fit on one page (without it they take two).
    assert len(pages) == 1, f"{len(pages)} pages for 5 deals"
    if SCREENSHOTS:
        (SCREENSHOTS / "sheet.pdf").write_bytes(pdf)
    width, height = (float(value) for value in re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", pdf).groups())
    # A4 is 595 x 842 points (Chromium writes 595.92 x 842.88)
    assert round(width) in range(594, 597) and round(height) in range(841, 844)
