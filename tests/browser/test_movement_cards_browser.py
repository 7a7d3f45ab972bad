import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.django_db(transaction=True)

A5_POINTS = (420, 595)  # 148 x 210 mm


def pdf_pages(pdf: bytes) -> tuple[int, set[tuple[int, int]]]:
    """The number of pages of a PDF written by Chromium (its page objects are not compressed), and their sizes."""
    count = len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))
    boxes = re.findall(rb"/MediaBox\s*\[\s*[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    return count, {(round(float(width)), round(float(height))) for width, height in boxes}


def test_director_previews_a_mitchell_and_prints_its_table_cards(page, director_user, login):
    login(page)
    page.goto("/movements/director/")
    expect(page.locator("h1")).to_have_text("Movements")
    page.select_option("#id_kind", "mitchell")
    page.fill("#id_tables", "7")
    page.get_by_role("button", name="Preview").click()

    expect(page.locator("h1")).to_have_text("7-table Mitchell")
    expect(page.locator("#check-result")).to_contain_text("Sound.")
    expect(page.locator("#movement-grid tbody tr")).to_have_count(7)
    expect(page.locator("#manning tbody tr").first).to_contain_text("1-1-1")
    page.get_by_role("link", name="Table cards").click()

    expect(page).to_have_url(re.compile(r"/movements/director/table-cards/\?kind=mitchell&tables=7"))
    expect(page.locator("h1")).to_contain_text("Table cards")
    cards = page.locator(".table-card")
    expect(cards).to_have_count(7)
    first = page.locator("#table-card-1")
    expect(first.locator("h2")).to_have_text("Table 1")
    expect(first.locator("thead")).to_contain_text("Boards go to")
    rows = first.locator("tbody tr")
    expect(rows).to_have_count(7)
    expect(rows.nth(0).locator("th, td")).to_have_text(["1", "1NS", "1EW", "1-2", "Table 7"])
    expect(rows.nth(6).locator("td").last).to_have_text("Collect: not played again")
    expect(page.get_by_role("button", name="Print")).to_be_visible()

    page.emulate_media(media="print")
    expect(page.locator("nav.navbar")).to_be_hidden()
    expect(page.locator("footer")).to_be_hidden()
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    expect(first).to_be_visible()
    breaks = page.eval_on_selector_all(".movement-card", "cards => cards.map(c => getComputedStyle(c).breakAfter)")
    assert breaks == ["page"] * 6 + ["auto"]  # each card on its own page, no blank page at the end

    pdf = page.pdf(prefer_css_page_size=True)  # headless Chromium only
    assert pdf_pages(pdf) == (7, {A5_POINTS})  # one A5 page per table


def test_guide_cards_fit_a_phone(phone_page, director_user, login):
    login(phone_page)
    phone_page.goto("/movements/director/guide-cards/?kind=mitchell&tables=8&even=relay&arrows=7,8&phantom=1")
    expect(phone_page.locator(".guide-card")).to_have_count(15)
    card = phone_page.locator("#guide-card-1EW")
    expect(card.locator("h2")).to_have_text("Pair 1EW")
    expect(card.locator("tbody tr").first.locator("th, td")).to_have_text(
        ["1", "1", "E-W", "1NS", "1-2", "Table 2 E-W"]
    )
    width = phone_page.evaluate("document.documentElement.clientWidth")
    assert phone_page.eval_on_selector("#guide-card-1EW", "card => card.getBoundingClientRect().right") <= width
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= width
