"""Table entry as people use it, in Chromium: every QR code on the director's page and the printed sheet decoded
from the screenshot's pixels and followed on a 360 px phone; a table whose two sides disagree, then settle; a click
on the live grid while results arrive; a phone left open after the session is made final stops polling; a poll that
comes back with news while the phone's result is on its way does not reload the page over it."""

import io
import os
import re
import time
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from events.models import Session, TableResult, TravellerLine
from events.plans import section_plan
from events.tables.selectors.table_entry import find_table, table_links
from events.tables.services.table_entry import request_correction
from tests.builders.browser import ONE_AT_A_TIME, type_board
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, save_post

SCREENSHOTS = os.getenv("TABLE_SCREENSHOTS", "")  # a folder: the pages are photographed there


def shot(page, name):
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"), full_page=True)


pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("one_request_at_a_time")]


def axe_violations(page) -> list[str]:
    """axe-core's WCAG 2.1 A and AA violations in the page's main part (the site's navigation is another's)."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
    results = Axe().run(page, context="main", options=options)
    return [f"{v['id']}: {[n['target'] for n in v['nodes']]}" for v in results.response["violations"]]


def decoded(page, selector) -> list[str]:
    """The text of each QR code matched by `selector`, read from a screenshot of it (its pixels only)."""
    texts = []
    images = page.locator(selector)
    for index in range(images.count()):
        image = images.nth(index)
        image.scroll_into_view_if_needed()
        expect(image).to_have_js_property("complete", True)
        assert image.evaluate("img => img.naturalWidth") > 0, "the browser did not draw the QR code"
        shot = Image.open(io.BytesIO(image.screenshot()))
        found = zxingcpp.read_barcodes(shot)
        assert len(found) == 1, f"QR code {index} not read from its pixels"
        texts.append(found[0].text)
    return texts


def test_every_qr_code_is_read_from_its_pixels_and_opens_its_tables_side(
    page, phones, login, live_server, director_user
):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="QR night")
    open_tables(session)
    links = {live_server.url + path: (link.table, side) for link in table_links(session) for side, path in link.sides}
    login(page)
    page.goto(f"/director/sessions/{session.pk}/tables/")
    on_page = decoded(page, ".table-links img")
    page.goto(f"/director/sessions/{session.pk}/tables/sheet/")
    on_sheet = decoded(page, ".table-sheet img")
    shot(page, "sheet")
    assert sorted(on_page) == sorted(links) and sorted(on_sheet) == sorted(links)
    (phone,) = phones(1)
    for url in on_sheet:
        table, side = links[url]
        phone.goto(url)
        expect(phone.locator("h1")).to_contain_text(f"Table {table}")
        expect(phone.locator("h1")).to_contain_text("North-South's phone" if side == "ns" else "East-West's phone")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_north_south_and_east_west_disagree_then_settle(phones, director_user, login, page):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Two sides")
    path = open_tables(session)["1"]
    play = section_plan(section).plays_at(1, 1)[0]
    north, east = phones(2)
    north.goto(path)
    east.goto(ew(path))
    prefix = f"#b{play.board}-"
    north.fill(prefix + "contract", "4S")
    north.select_option(prefix + "declarer", "N")
    north.fill(prefix + "tricks", "+1")
    north.locator(f"#board-{play.board}").get_by_role("button", name="Save").click()
    expect(north.locator(f"#board-{play.board} [data-waiting]")).to_contain_text("Waiting for East-West")
    shot(north, "saved-ns")
    card = east.locator(f"#board-{play.board}")
    expect(card.get_by_role("button", name="Confirm")).to_be_visible(timeout=15_000)  # by its own poll
    east.fill(prefix + "contract", "4S")
    east.select_option(prefix + "declarer", "N")
    east.fill(prefix + "tricks", "=")
    card.get_by_role("button", name="Save").click()
    for phone in (north, east):
        disagreement = phone.locator(f"#board-{play.board} [data-disagreement]")
        expect(disagreement).to_contain_text("different results", timeout=15_000)
        expect(disagreement).to_contain_text("450")
        expect(disagreement).to_contain_text("420")
    shot(north, "disagreement-ns")
    shot(east, "disagreement-ew")
    assert axe_violations(north) == [] and axe_violations(east) == []
    login(page)
    page.goto(f"/director/sessions/{session.pk}/live/")
    expect(page.locator("[data-disputes]")).to_contain_text(f"Table 1, board {play.board}")
    shot(page, "live-dispute")
    assert axe_violations(page) == []  # the grid's waiting cells, the disagreement's buttons
    with ONE_AT_A_TIME:
        assert not TravellerLine.objects.exists()
    north.locator(f"#board-{play.board}").get_by_role("button", name="Accept East-West's result").click()
    expect(north.locator(f"#board-{play.board} .badge")).to_have_text("Confirmed")
    expect(east.locator(f"#board-{play.board} .badge")).to_have_text("Confirmed", timeout=15_000)
    expect(page.locator("[data-disputes]")).to_have_count(0, timeout=15_000)
    with ONE_AT_A_TIME:
        line = TravellerLine.objects.get()
        assert line.ns_score == 420
        assert "NS:4S N +1|EW:4S N =" in line.history.get().history_change_reason


def test_the_done_button_stays_under_the_pointer_while_results_arrive(page, login, director_user, client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Busy grid")
    paths = open_tables(session)
    plan = section_plan(section)
    first = plan.plays_at(1, 1)[0]
    with ONE_AT_A_TIME:
        secret = paths["1"].rstrip("/").rsplit("/", 1)[1]
        context, _problem = find_table(session.pk, section.letter, 1, "ns", secret)
        correction = request_correction(context=context, board_number=first.board, note="lead")
    login(page)
    page.goto(f"/director/sessions/{session.pk}/live/")
    done = page.locator(f"#correction-{correction.pk} button")
    handle = done.element_handle()
    handle.focus()
    cells = page.locator("td[data-state]")
    cell = cells.first.element_handle()
    plays = [play for table in (2, 3) for play in plan.plays_at(table, 1)]
    for play in plays:  # results arrive while the director's pointer is on Done
        with ONE_AT_A_TIME:
            assert client.post(paths[str(play.table)], save_post(play, "PASS", "", "")).status_code == 302
            assert client.post(ew(paths[str(play.table)]), confirm_post(play)).status_code == 302
    announcer = page.locator("[data-live-announcer]")
    expect(announcer).to_contain_text(f"Table {plays[-1].table} board {plays[-1].board} in", timeout=15_000)
    assert handle.evaluate("node => node.isConnected"), "the Done button was replaced under the pointer"
    assert cell.evaluate("node => node.isConnected"), "an unchanged cell was replaced"
    assert handle.evaluate("node => document.activeElement === node"), "the keyboard focus dropped"
    assert "Round 1" not in announcer.text_content()  # only what arrived, not the grid
    handle.click()
    expect(page.locator(".alert-success")).to_contain_text("Correction request closed.")
    color = page.evaluate(
        "() => { const td = document.createElement('td'); td.className = 'state-waiting';"
        " document.querySelector('.live-grid tbody tr').appendChild(td); return getComputedStyle(td).color; }"
    )
    assert color == "rgb(89, 89, 89)"  # #595959 on white: 7:1


def test_a_phone_left_open_stops_polling_when_the_session_is_final(phones):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Final night")
    path = open_tables(session)["2"]
    (phone,) = phones(1)
    polls = []
    phone.on("request", lambda request: request.url.endswith("/state/") and polls.append(request.url))
    phone.goto(path)
    expect(phone.get_by_role("button", name="Save").first).to_be_visible()
    with ONE_AT_A_TIME:
        Session.objects.filter(pk=session.pk).update(status=Session.Status.FINAL)
    closed = phone.locator("[data-closed]")
    expect(closed).to_contain_text("The session is final", timeout=15_000)
    expect(phone.get_by_role("button", name="Save")).to_have_count(0)  # hidden: no forms
    shot(phone, "final-phone")
    seen = len(polls)
    phone.wait_for_timeout(2_000)  # four more polls' time (every 500 ms in the tests: conftest's FAST_POLLING)
    assert len(polls) == seen, "the phone kept polling a final session"
    with ONE_AT_A_TIME:
        assert not TableResult.objects.exists()


def test_a_phone_typing_while_the_other_phone_saves_says_its_page_is_out_of_date(phones):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Stale night")
    path = open_tables(session)["3"]
    first, second = section_plan(section).plays_at(3, 1)[:2]
    north, east = phones(2)
    north.goto(path)
    east.goto(ew(path))
    east.fill(f"#b{second.board}-contract", "3NT")  # East-West is typing board 2 (the focus in its form)
    type_board(north, first.board, ("2H", "E", "-1"))
    stale = east.locator("[data-stale]")
    expect(stale).to_be_visible(timeout=15_000)  # not reloaded under the typing thumb: told instead
    expect(east.locator(f"#b{second.board}-contract")).to_have_value("3NT")
    stale.get_by_role("button", name="Show the latest").click()
    expect(east.locator(f"#board-{first.board}").get_by_role("button", name="Confirm")).to_be_visible()
    expect(east.locator(f"#b{second.board}-contract")).to_have_value("3NT")  # the draft kept on the phone
    east.context.set_offline(True)
    expect(east.locator("[data-offline]")).to_be_visible(timeout=15_000)  # offline, with nothing queued
    east.context.set_offline(False)
    expect(east.locator("[data-offline]")).to_be_hidden(timeout=15_000)


def test_a_phones_first_poll_sends_the_pages_tag_and_finds_nothing_new(phones):
    """The page carries its table's tag (read before its state): the phone's first poll sends it and is answered
    `304 Not Modified`, the state unread, as every later poll while nothing changes."""
    session, _section = make_session("mitchell", tables=3, boards_per_round=2, name="Tag night")
    path = open_tables(session)["1"]
    (phone,) = phones(1)
    with phone.expect_response(lambda response: response.url.endswith("/state/"), timeout=15_000) as answer:
        phone.goto(path)
    tag = phone.locator("[data-table-page]").get_attribute("data-tag")
    assert tag and tag.startswith('"')
    assert answer.value.request.headers.get("if-none-match") == tag
    assert answer.value.status == 304


def until(page, condition, timeout: float = 15.0) -> None:
    """Waits for `condition()` in the test's thread, the browser's events (a route held) handled meanwhile."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        page.wait_for_timeout(50)


def test_a_poll_answered_while_a_result_is_on_its_way_does_not_reload_it_away(phones):
    """North-South presses Save while a poll is out, and the poll comes back with news (East-West saved another
    board meanwhile): the page does not reload, which would cancel the result on its way (its draft would come back,
    unsent). The poll and the post are held by the browser here, so that they cross every time."""
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Crossing night")
    path = open_tables(session)["2"]
    first, second = section_plan(section).plays_at(2, 1)[:2]
    north, east = phones(2)
    north.goto(path)
    east.goto(ew(path))
    polls, posts, loads = [], [], []

    def page_request(route) -> None:  # North-South's page: a result sent is held, a load counted and let through
        if route.request.method == "POST":
            posts.append(route)
        else:
            loads.append(route.request.url)
            route.continue_()

    north.route("**/state/", lambda route: polls.append(route))  # North-South's polls held: the next one is out
    north.route(f"**{path}", page_request)
    until(north, lambda: polls)
    type_board(east, second.board, ("3NT", "S", "="))  # East-West saves another board: the table's state moves
    expect(east).to_have_url(re.compile(f"#board-{second.board}$"))
    type_board(north, first.board, ("2H", "E", "-1"), wait=False)
    until(north, lambda: posts)  # the result, on its way
    north.unroute("**/state/")
    with north.expect_response(lambda response: response.url.endswith("/state/")) as answer:
        for held in polls:
            held.continue_()
    assert answer.value.status == 200  # news: the page's version is out of date
    north.wait_for_timeout(500)  # what the page does with the answer (a reload would have asked for it by now)
    assert loads == []  # not reloaded: the result is still on its way
    posts[0].continue_()
    expect(north).to_have_url(re.compile(f"#board-{first.board}$"))
    with ONE_AT_A_TIME:
        assert TableResult.objects.filter(section=section, table=2, board__number=first.board, side="NS").exists()
