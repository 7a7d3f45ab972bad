"""A director sets up a small Mitchell and enters one board's traveller with the keyboard alone."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_director_enters_a_traveller_by_keyboard(page, director_user, login):
    login(page)
    page.goto("/director/sessions/new/")
    page.fill("#id_name", "Browser night")
    page.fill("#id_date", "2026-11-30")
    page.select_option("#id_sections-0-kind", "mitchell")
    page.fill("#id_sections-0-tables", "3")
    page.fill("#id_sections-0-boards_per_round", "2")
    page.click("text=Save session")
    expect(page.locator("h1")).to_contain_text("Browser night")

    page.get_by_role("link", name="1", exact=True).first.click()
    expect(page.locator("h1")).to_have_text("Board 1")
    # The cursor starts in the first contract field: type the traveller row by row with Tab.
    expect(page.locator("#id_r0-contract")).to_be_focused()
    keyboard = page.keyboard
    for contract, declarer, tricks in (("4S", "N", "10"), ("8S", "N", "10"), ("4S", "N", "11")):
        keyboard.type(contract)
        keyboard.press("Tab")
        keyboard.type(declarer)
        keyboard.press("Tab")
        keyboard.type(tricks)
        keyboard.press("Tab")
        keyboard.press("Tab")  # past the lead
        keyboard.press("Tab")  # past the score (a slip with a contract needs none)
    keyboard.press("Enter")  # on the Save button

    # The mistyped contract is refused next to its field, with everything typed still there.
    error = page.locator("#id_r1-contract-error")
    expect(error).to_contain_text("level must be 1 to 7")
    expect(page.locator("#id_r1-contract")).to_have_value("8S")
    expect(page.locator("#id_r0-contract")).to_have_value("4S")
    expect(page.locator("#id_r1-contract")).to_be_focused()
    keyboard.press("Control+A")
    keyboard.type("3NT")
    keyboard.press("Enter")

    expect(page.locator(".alert-success")).to_contain_text("3 results saved.")
    scores = page.locator("span.ns-score")
    # 4S= by N, 3NT+1 by N (the corrected row kept its 10 tricks), 4S+1 by N; board 1, nobody vulnerable.
    expect(scores).to_have_text(["420", "430", "450"])
    # Three results, top 4: 450 beats two (4), 430 beats one (2), 420 none (0).
    expect(page.locator("td.ns-points")).to_have_text(["0", "2", "4"])
    expect(page.locator("#next-board")).to_be_focused()
    keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text(re.compile("Board 2"))
