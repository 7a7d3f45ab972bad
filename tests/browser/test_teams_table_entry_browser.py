"""Teams table entry in the real browser: the director opens it, each side of each room of a match scans its own
link, the boards are typed on phones at 360 px and confirmed by the other side's phone (which sees the saved score
by itself; the side that typed it gets no Confirm button), a disagreement in room 2 shown on both phones and
settled by accepting the other side's result, and the match is scored as if the director had typed both rooms."""

import pytest
from playwright.sync_api import expect

from teams.models import BoardResult, Match
from teams.room_results import read_room
from teams.services.matches import save_results
from tests.builders.browser import ONE_AT_A_TIME, PHONE, csp_watch, type_board
from tests.builders.team_tables import open_rooms
from tests.builders.teams import make_event

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("one_request_at_a_time")]

PLAYED = {1: (("4S", "N", "="), ("4S", "N", "-1")), 2: (("3NT", "S", "+1"), ("2H", "E", "="))}  # board: rooms 1, 2


def confirm(phone, board, button="Confirm"):
    card = phone.locator(f"#board-{board}")
    expect(card.get_by_role("button", name=button)).to_be_visible(timeout=15_000)
    card.get_by_role("button", name=button).click()
    expect(card.get_by_text("Confirmed")).to_be_visible(timeout=15_000)


def waits(phone, board):
    """The side that typed the board is told the other side confirms it, and has no Confirm button."""
    card = phone.locator(f"#board-{board}")
    expect(card.locator("[data-waiting]")).to_be_visible(timeout=15_000)
    expect(card.get_by_role("button", name="Confirm")).to_have_count(0)


def open_rooms_as_director(page, login, event) -> list[str]:
    login(page)
    page.goto(f"/teams/director/{event.pk}/tables/")
    page.check("#id_is_open")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".alert-success")).to_contain_text("Table entry saved.")
    links = page.locator(".table-links tbody td a")
    return [links.nth(index).get_attribute("href") for index in range(links.count())]


def test_a_match_played_in_two_rooms_on_phones(page, phones, login, director_user):
    event = make_event(teams=2, boards_per_match=2)
    match = event.matches.get()
    paths = open_rooms_as_director(page, login, event)
    assert len(paths) == 4 and all(f"/teams/t/{match.pk}/" in path for path in paths)
    assert [path.split("/")[4:6] for path in paths] == [["1", "ns"], ["1", "ew"], ["2", "ns"], ["2", "ew"]]
    north, east, north_two, east_two = phones(4)
    problems: list[str] = []
    for phone, path in zip((north, east, north_two, east_two), paths, strict=True):
        csp_watch(phone, problems)
        phone.goto(path)
    expect(north.locator("h1")).to_contain_text("Room 1")
    expect(north_two.locator("h1")).to_contain_text("Room 2")
    expect(east_two.locator("[data-side]")).to_contain_text(f"East-West ({match.home.name})")
    for board, (one, two) in PLAYED.items():
        type_board(north, board, one)
        waits(north, board)
        confirm(east, board)  # the East-West phone in room 1 sees the score by itself (it polls)
        type_board(north_two, board, two)
        if board == 2:  # East-West saw another result: both phones show the two, East-West accepts
            type_board(east_two, board, ("2H", "E", "+1"))
            for phone in (north_two, east_two):
                expect(phone.locator(f"#board-{board} [data-disagreement]")).to_be_visible(timeout=15_000)
            confirm(east_two, board, "Accept North-South's result")
        else:
            confirm(east_two, board)
    for phone in (north, north_two):
        expect(phone.locator(".alert-success")).to_contain_text("Every board of this room is in", timeout=15_000)
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    with ONE_AT_A_TIME:
        assert BoardResult.objects.count() == 4
        played = Match.objects.get(pk=match.pk)
        oracle = make_event(teams=2, boards_per_match=2, name="Typed by the director").matches.get()
        changes = {
            (board, room): read_room(board, *rooms[room - 1]) for board, rooms in PLAYED.items() for room in (1, 2)
        }
        typed = save_results(match=oracle, changes=changes)
        assert (played.home_imps, played.away_imps, played.complete) == (typed.home_imps, typed.away_imps, True)
    assert problems == []


@pytest.mark.parametrize("language, save", [("es-ES", "Guardar"), ("ro-RO", "Salvează")])
def test_a_room_page_in_spanish_and_romanian_fits_360_pixels(phones, language, save):
    event = make_event(teams=2, boards_per_match=2)
    match = event.matches.get()
    path = open_rooms(event)[match.pk, 2, "EW"]
    (phone,) = phones(1, language)
    phone.goto(path)
    type_board(phone, 1, ("4S", "N", "="), save)
    expect(phone.locator("[data-score]")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert phone.get_by_role("button", name=save).first.bounding_box()["height"] >= 44
