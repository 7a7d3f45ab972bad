"""A whole club night walked in Chromium, photographed at every step, for a person to look at (issue 27): not in
the normal run. It runs only when WALK_SCREENSHOTS names a folder, where each step's screenshot is saved as
``<language>-<step>-<who>.png``:

    WALK_SCREENSHOTS=/tmp/walk REQUIRE_BROWSER=1 .venv/bin/pytest -p no:xdist -q tests/browser/test_club_night_walk.py

In each of English, Spanish and Romanian: the director (1280 px) sets up a 3-table Mitchell, opens table entry and
prints the QR sheet; table 1's North-South phone (360 px) reads its QR code from the sheet's pixels; table 1 enters
and confirms a board from both phones, then asks for a correction that the director marks done on the live grid;
table 2's sides disagree, the director's grid shows it, North-South accepts East-West's result; the rest of the
night is typed by the tables (the test client, as the phones send it); the director makes the session final
(the phones say so); a visitor and the demo player (Ana) read the ranking, a traveller, a scorecard and Ana's own
page at 360 and 1280 px. The steps assert only what a person needs to go on; the photographs are the point."""

import io
import os
from pathlib import Path

import pytest
import zxingcpp
from django.test import Client
from PIL import Image
from playwright.sync_api import expect

from club.demo import load_demo
from events.models import Session
from events.plans import section_plan
from events.tables.selectors.table_entry import table_links
from tests.builders.accounts import directors_group
from tests.builders.browser import ONE_AT_A_TIME, PHONE
from tests.builders.table_entry import confirm_post, save_post, typed_for

FOLDER = os.getenv("WALK_SCREENSHOTS", "")
DESKTOP = {"width": 1280, "height": 900}

pytestmark = [
    pytest.mark.skipif(not FOLDER, reason="the club night's walk runs when WALK_SCREENSHOTS names a folder"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("one_request_at_a_time"),
]


class Walk:
    """The browser contexts of one language's night, and the numbered screenshots."""

    def __init__(self, browser, live_server, language):
        self.browser, self.server, self.language, self.step, self.contexts = browser, live_server, language, 0, []

    def page(self, viewport, username=None, password=None):
        context = self.browser.new_context(
            base_url=self.server.url, locale=self.language, viewport=viewport, is_mobile=viewport == PHONE
        )
        context.add_cookies([{"name": "django_language", "value": self.language, "url": self.server.url}])
        context.set_default_timeout(20_000)
        self.contexts.append(context)
        page = context.new_page()
        if username:
            page.goto("/accounts/login/")
            page.fill("#id_username", username)
            page.fill("#id_password", password)
            page.keyboard.press("Enter")
            page.wait_for_url(lambda url: "/accounts/login/" not in url)
        return page

    def shot(self, page, what):
        self.step += 1
        width = page.viewport_size["width"]
        path = Path(FOLDER) / f"{self.language}-{self.step:02d}-{what}-{width}.png"
        page.screenshot(path=str(path), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{path.name} scrolls sideways"

    def close(self):
        for context in self.contexts:
            context.close()


def card(phone, board):
    return phone.locator(f"#board-{board}")


def action(phone, board, name):
    return card(phone, board).locator(f"form:has(input[name=action][value={name}]) button[type=submit]")


def type_board(phone, board, contract, declarer, tricks):
    phone.fill(f"#b{board}-contract", contract)
    phone.select_option(f"#b{board}-declarer", declarer)
    phone.fill(f"#b{board}-tricks", tricks)
    action(phone, board, "save").click()


def qr_link(page) -> str:
    """The first QR code of the sheet, read from its pixels."""
    image = page.locator(".table-sheet img").first
    expect(image).to_have_js_property("complete", True)
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(image.screenshot())))
    assert len(found) == 1, "the sheet's first QR code is not read from its pixels"
    return found[0].text


def set_up(walk, director) -> Session:
    director.goto("/director/sessions/new/")
    director.fill("#id_name", f"Walk {walk.language}")
    director.fill("#id_sections-0-tables", "3")
    director.locator("button[name=preview]").click()
    walk.shot(director, "director-session-preview")
    director.locator("form button.btn-success[type=submit]").first.click()
    expect(director.locator(".alert-success")).to_be_visible()
    walk.shot(director, "director-session-saved")
    with ONE_AT_A_TIME:
        session = Session.objects.get(name=f"Walk {walk.language}")
    director.goto(f"/director/sessions/{session.pk}/tables/")
    director.check("#id_is_open")
    director.locator("form button.btn-success[type=submit]").first.click()
    expect(director.locator(".alert-success")).to_be_visible()
    walk.shot(director, "director-table-entry-open")
    director.goto(f"/director/sessions/{session.pk}/tables/sheet/")
    walk.shot(director, "director-qr-sheet")
    return session


def table_one(walk, director, session, north, east, boards):
    """Table 1: a board saved by North-South, confirmed by East-West; then a correction asked and answered."""
    first = boards[0]
    type_board(north, first, "4S", "N", "=")
    expect(card(north, first).locator("[data-waiting]")).to_be_visible()
    walk.shot(north, "table1-ns-saved")
    expect(action(east, first, "confirm")).to_be_visible()
    walk.shot(east, "table1-ew-to-confirm")
    action(east, first, "confirm").click()
    expect(card(east, first).locator(".badge.text-bg-success")).to_be_visible()
    walk.shot(east, "table1-ew-confirmed")
    expect(card(north, first).locator(".badge.text-bg-success")).to_be_visible()
    walk.shot(north, "table1-ns-sees-confirmed")
    north.select_option("#correction-board", str(first))
    north.fill("#correction-note", "Lead was the heart king")
    north.locator("form:has(input[name=action][value=correct]) button[type=submit]").click()
    walk.shot(north, "table1-ns-correction-sent")
    director.goto(f"/director/sessions/{session.pk}/live/")
    done = director.locator("form[action*='/corrections/'] button[type=submit]").first
    expect(done).to_be_visible()
    walk.shot(director, "director-live-correction-asked")
    done.click()
    director.wait_for_timeout(1500)
    walk.shot(director, "director-live-correction-done")
    north.wait_for_timeout(1500)
    walk.shot(north, "table1-ns-correction-answered")


def table_two(walk, director, north, east, board):
    """Table 2: the two sides type different results; both phones and the director see it; NS accepts EW's."""
    type_board(north, board, "3NT", "S", "+1")
    expect(action(east, board, "confirm")).to_be_visible()
    type_board(east, board, "3NT", "S", "=")
    for phone, who in ((north, "ns"), (east, "ew")):
        expect(card(phone, board).locator("[data-disagreement]")).to_be_visible()
        walk.shot(phone, f"table2-{who}-disagreement")
    expect(director.locator("[data-disputes]")).to_be_visible()
    walk.shot(director, "director-live-disagreement")
    action(north, board, "confirm").click()
    expect(card(north, board).locator(".badge.text-bg-success")).to_be_visible()
    walk.shot(north, "table2-ns-accepted-ews")
    expect(card(east, board).locator(".badge.text-bg-success")).to_be_visible()
    walk.shot(east, "table2-ew-sees-settled")


def rest_of_the_night(session, done):
    """Every board not yet confirmed (`done`: (table, board) of round 1), sent as the tables' phones send it (NS
    saves, EW confirms), round by round."""
    client = Client()
    with ONE_AT_A_TIME:
        links = {link.table: dict(link.sides) for link in table_links(session)}
        plays = sorted(section_plan(session.sections.get()).schedule, key=lambda p: (p.round, p.table, p.board))
    for play in plays:
        if play.round == 1 and (play.table, play.board) in done:
            continue
        with ONE_AT_A_TIME:
            saved = client.post(links[play.table]["ns"], save_post(play, *typed_for(play)))
            confirmed = client.post(links[play.table]["ew"], confirm_post(play))
        assert saved.status_code == confirmed.status_code == 302, (play, saved.status_code, confirmed.status_code)


def publish(walk, director, session, phones):
    director.goto(f"/director/sessions/{session.pk}/live/")
    walk.shot(director, "director-live-all-in")
    director.goto(f"/director/sessions/{session.pk}/checks/")
    walk.shot(director, "director-checks")
    director.select_option("select[name=status]", "final")
    director.locator("form:has(select[name=status]) button[type=submit]").click()
    expect(director.locator(".alert-success")).to_be_visible()
    walk.shot(director, "director-final")
    phones[0].wait_for_timeout(2000)
    walk.shot(phones[0], "table1-ns-after-final")


def readers(walk, session):
    with ONE_AT_A_TIME:
        section = session.sections.get()
        pair = section.pairs.order_by("pk").first()
    for viewport in (PHONE, DESKTOP):
        visitor = walk.page(viewport)
        for path, what in (
            (f"/sessions/{session.pk}/", "ranking"),
            (f"/sessions/{session.pk}/sections/{section.pk}/boards/1/", "traveller"),
            (f"/sessions/{session.pk}/pairs/{pair.pk}/", "scorecard"),
        ):
            visitor.goto(path)
            walk.shot(visitor, f"visitor-{what}")
        player = walk.page(viewport, "ana", "demo-player-2026")
        player.goto("/accounts/me/")
        walk.shot(player, "player-own-page")
        box = player.locator("#member-sessions").locator("xpath=..")  # its sessions whole, no column cut off
        assert box.evaluate("element => element.scrollWidth <= element.clientWidth"), "the sessions table scrolls"
        player.locator("main a[href^='/sessions/']").first.click()
        walk.shot(player, "player-own-session")


@pytest.mark.parametrize("language", ["en", "es", "ro"])
def test_a_club_night_walked_and_photographed(browser, live_server, language):
    Path(FOLDER).mkdir(parents=True, exist_ok=True)
    directors_group()
    load_demo()
    walk = Walk(browser, live_server, language)
    try:
        director = walk.page(DESKTOP, "director", "demo-director-2026")
        session = set_up(walk, director)
        ns_link = qr_link(director)
        with ONE_AT_A_TIME:
            links = {link.table: dict(link.sides) for link in table_links(session)}
            plan = section_plan(session.sections.get())
            boards = {table: [play.board for play in plan.plays_at(table, 1)] for table in (1, 2)}
        phones = [walk.page(PHONE) for _ in range(4)]
        phones[0].goto(ns_link)  # the QR code read from the printed sheet
        assert ns_link.endswith(links[1]["ns"])
        walk.shot(phones[0], "table1-ns-scanned")
        phones[1].goto(links[1]["ew"])
        phones[2].goto(links[2]["ns"])
        phones[3].goto(links[2]["ew"])
        walk.shot(phones[2], "table2-ns-opened")
        table_one(walk, director, session, phones[0], phones[1], boards[1])
        table_two(walk, director, phones[2], phones[3], boards[2][0])
        rest_of_the_night(session, {(1, boards[1][0]), (2, boards[2][0])})
        publish(walk, director, session, phones)
        readers(walk, session)
    finally:
        walk.close()
