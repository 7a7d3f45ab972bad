"""The director's live view of a teams round in the real browser, at desktop width and at 360 px: a phone confirms
a board in one room and the director's grid shows it without a reload (static/js/live.js), then the other room's
board and the match's IMPs, the rooms of the other match late, then a room's correction request, closed by the
director."""

import datetime
import os
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from teams.models import RoomCorrectionRequest, TypedRoomResult
from tests.builders.browser import ONE_AT_A_TIME, PHONE, csp_watch, type_board
from tests.builders.team_tables import open_rooms
from tests.builders.teams import make_event

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("one_request_at_a_time")]
SCREENSHOTS = Path(os.environ["TEAMS_LIVE_SCREENSHOTS"]) if os.getenv("TEAMS_LIVE_SCREENSHOTS") else None  # a folder


def confirm(phone, board):
    card = phone.locator(f"#board-{board}")
    card.get_by_role("button", name="Confirm").click()
    expect(card.get_by_text("Confirmed")).to_be_visible(timeout=15_000)


@pytest.mark.parametrize("width", [1280, PHONE["width"]])
def test_the_directors_grid_follows_the_rooms(page, phones, login, director_user, width):
    event = make_event(teams=4, boards_per_match=2)
    match = event.matches.filter(round=1, away__isnull=False).order_by("table").first()
    paths = open_rooms(event)
    board = match.first_board
    problems: list[str] = []
    page.set_viewport_size({"width": width, "height": 900})
    login(page)
    csp_watch(page, problems)
    page.goto(f"/teams/director/{event.pk}/live/")
    rooms = page.locator(f'[data-match="{match.pk}"] tr[data-room]')
    cell = rooms.nth(0).locator(f'td[data-board="{board}"]')
    expect(cell).to_have_attribute("data-state", "waiting")
    expect(page.locator("[data-missing]")).to_have_attribute("data-missing", "8")
    assert rooms.nth(0).get_by_role("link", name="Room 1").get_attribute("href") == paths[match.pk, 1]
    assert page.get_by_role("link", name="Correct on the match page").first.get_attribute("href") == (
        f"/teams/director/matches/{match.pk}/"
    )

    (phone,) = phones(1)
    csp_watch(phone, problems)
    phone.goto(paths[match.pk, 1])
    type_board(phone, board, ("4S", "N", "="))
    expect(rooms.nth(0).locator("td[data-state]").first).to_have_attribute("data-state", "entering", timeout=15_000)
    phone.goto(paths[match.pk, 1, "EW"])  # the other side's phone confirms it
    confirm(phone, board)
    expect(cell).to_have_attribute("data-state", "done", timeout=15_000)  # no reload: live.js fetched the grid
    expect(cell).to_contain_text("420")
    expect(page.locator("[data-missing]")).to_have_attribute("data-missing", "7")
    expect(page.locator("[data-arrived]")).to_contain_text(f"table {match.table}, room 1, board {board}")
    if SCREENSHOTS:
        page.screenshot(path=str(SCREENSHOTS / f"teams-live-{width}-room1.png"), full_page=True)

    phone.goto(paths[match.pk, 2])
    type_board(phone, board, ("4S", "N", "-1"))
    phone.goto(paths[match.pk, 2, "EW"])
    confirm(phone, board)
    expect(rooms.nth(1).locator(f'td[data-board="{board}"]')).to_have_attribute("data-state", "done", timeout=15_000)
    expect(page.locator(f'[data-match="{match.pk}"] [data-score]')).to_contain_text("IMPs: 10–0")

    phone.goto(paths[match.pk, 1])
    phone.fill("#correction-note", "The lead was the HK")
    phone.get_by_role("button", name="Ask the director to correct it").click()
    corrections = page.locator("[data-corrections]")
    expect(corrections).to_contain_text(f"Table {match.table}, room 1: please correct board {board}", timeout=15_000)
    with ONE_AT_A_TIME:  # play began half an hour ago: the other match's rooms, with nothing confirmed, are late
        TypedRoomResult.objects.update(updated_at=timezone.now() - datetime.timedelta(minutes=30))
    other = page.locator(f'[data-match]:not([data-match="{match.pk}"]) tr[data-room] td[data-state]').first
    expect(other).to_have_attribute("data-state", "late", timeout=15_000)
    width_now = page.evaluate("document.documentElement.scrollWidth")
    assert width_now <= width, f"the director's page is {width_now} px wide"
    if SCREENSHOTS:
        page.screenshot(path=str(SCREENSHOTS / f"teams-live-{width}-correction.png"), full_page=True)
    corrections.get_by_role("button", name="Done").click()
    expect(page.locator(".alert-success")).to_contain_text("Correction request closed.")
    expect(page.locator("[data-corrections]")).to_contain_text("None.")
    with ONE_AT_A_TIME:
        assert RoomCorrectionRequest.objects.get().resolved

    # Room 1's two sides enter different results for the next board: the grid shows it, the director settles it.
    phone.goto(paths[match.pk, 1])
    type_board(phone, board + 1, ("3NT", "S", "="))
    phone.goto(paths[match.pk, 1, "EW"])
    type_board(phone, board + 1, ("3NT", "S", "-1"))
    next_cell = rooms.nth(0).locator(f'td[data-board="{board + 1}"]')
    expect(next_cell).to_have_attribute("data-state", "dispute", timeout=15_000)
    disputes = page.locator("[data-disputes]")
    expect(disputes).to_contain_text(f"board {board + 1}: the two sides disagree")
    disputes.get_by_role("button", name="North-South").click()
    expect(page.locator(".alert-success")).to_contain_text("Disagreement settled.")
    expect(next_cell).to_have_attribute("data-state", "done")
    assert problems == []


@pytest.mark.parametrize("language, title", [("es-ES", "Vista en directo"), ("ro-RO", "Vedere în direct")])
def test_the_live_view_fits_360_pixels_in_spanish_and_romanian(
    browser, live_server, login, director_user, language, title
):
    event = make_event(teams=6, boards_per_match=8, name="Equipos del martes")
    open_rooms(event)
    context = browser.new_context(base_url=live_server.url, locale=language, viewport=PHONE)
    page = context.new_page()
    login(page)
    page.goto(f"/teams/director/{event.pk}/live/")
    expect(page.locator("h1")).to_contain_text(title)
    expect(page.locator("tr[data-room]")).to_have_count(6)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the director's page is {width} px wide"
    if SCREENSHOTS:
        page.screenshot(path=str(SCREENSHOTS / f"teams-live-360-{language}.png"), full_page=True)
    context.close()
