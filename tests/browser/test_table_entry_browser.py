"""Table entry in the real browser: two phones at one table and a director watching, a 3-table Mitchell played to
the end on phones at 360 px; a phone offline keeps what it sent and sends it when the connection returns."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from club.typed_result import read_typed_result
from events.entry.services.lines import save_line
from events.models import TableResult, TravellerLine
from events.plans import section_plan
from events.standings.selectors.ranking import rank_sessions
from tests.builders.browser import ONE_AT_A_TIME, PHONE, csp_watch, type_board
from tests.builders.sessions import make_session
from tests.builders.table_entry import open_tables, typed_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("one_request_at_a_time")]

SCREENSHOTS = os.getenv("TABLE_SCREENSHOTS", "")  # a folder: the phone page is photographed there in each language


def type_result(phone, play, save="Save"):
    type_board(phone, play.board, typed_for(play), save, lead="SA")


def ranking(session):
    return {
        row.pair.label: (row.score, row.place) for f in rank_sessions([session.pk])[session.pk].fields for row in f.rows
    }


def directors_ranking():
    """The same results entered by the director (the oracle the tables' ranking is held to)."""
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Typed by the director")
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    for play in section_plan(section).schedule:
        contract, declarer, result = typed_for(play)
        board = boards[play.board]
        save_line(
            board=board,
            ns_pair=pairs[play.ns],
            ew_pair=pairs[play.ew],
            result=read_typed_result(play.board, contract, declarer, result),
        )
    return ranking(session)


def open_table_entry(director, login, session):
    login(director)
    director.goto(f"/director/sessions/{session.pk}/tables/")
    director.check("#id_is_open")
    director.get_by_role("button", name="Save").click()
    expect(director.locator(".alert-success")).to_contain_text("Table entry saved.")
    links = director.locator(".table-links tbody a")
    hrefs = [links.nth(index).get_attribute("href") for index in range(links.count())]
    return hrefs[0::2], hrefs[1::2]  # North-South's link of each table, East-West's


def test_a_mitchell_played_on_phones_with_the_director_watching(page, phones, director_user, login):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Phone night")
    plan = section_plan(section)
    problems: list[str] = []
    paths, ew_paths = open_table_entry(page, login, session)
    assert len(paths) == 3 and len(ew_paths) == 3
    north, east, table2, table3, east2, east3 = phones(6)
    by_table = {1: north, 2: table2, 3: table3}
    east_of = {1: east, 2: east2, 3: east3}
    for phone in (north, east, table2, table3, east2, east3, page):
        csp_watch(phone, problems)
    for table, phone in by_table.items():
        phone.goto(paths[table - 1])
        east_of[table].goto(ew_paths[table - 1])
    page.goto(f"/director/sessions/{session.pk}/live/")
    expect(page.locator("td[data-state]").first).to_have_attribute("data-state", "waiting")

    for round_ in range(1, plan.rounds + 1):
        for table, phone in by_table.items():
            expect(phone.locator("#round-title")).to_have_text(f"Round {round_}", timeout=15_000)
            for play in plan.plays_at(table, round_):
                type_result(phone, play)
                card = east_of[table].locator(f"#board-{play.board}")
                # The East-West phone sees the saved score by itself (it polls) and confirms.
                expect(card.get_by_role("button", name="Confirm")).to_be_visible(timeout=15_000)
                card.get_by_role("button", name="Confirm").click()
                expect(card.get_by_role("button", name="Confirm")).to_have_count(0)
            if round_ < plan.rounds:
                expect(phone.locator("#moves-title")).to_contain_text(f"Round {round_} is in", timeout=15_000)
        expect(page.locator("tbody tr").first.locator("td").nth(round_ - 1)).to_have_attribute(
            "data-state", "done", timeout=15_000
        )

    for phone in by_table.values():
        expect(phone.locator(".alert-success")).to_contain_text("Every round of this table is in", timeout=15_000)
    expect(page.locator("[data-missing]")).to_have_attribute("data-missing", "0", timeout=15_000)
    with ONE_AT_A_TIME:
        assert TravellerLine.objects.filter(board__section=section).count() == len(plan.schedule)
        assert TableResult.objects.count() == len(plan.schedule)
        assert ranking(session) == directors_ranking()

    # A correction request from a phone reaches the director's live view without a reload.
    last = plan.plays_at(1, plan.rounds)[0]
    north.goto(paths[0])
    north.select_option("#correction-board", str(last.board))
    north.fill("#correction-note", "The lead was the HK")
    north.get_by_role("button", name="Ask the director to correct it").click()
    expect(page.locator("[data-corrections]")).to_contain_text(
        f"Table 1: please correct board {last.board}", timeout=15_000
    )
    assert problems == []


def test_a_phone_offline_keeps_what_it_sent_and_sends_it_back_online(phones, director_user):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Wifi night")
    path = open_tables(session)["2"]
    (phone,) = phones(1)
    phone.goto(path)
    play = section_plan(section).plays_at(2, 1)[0]
    phone.context.set_offline(True)
    type_result(phone, play)
    expect(phone.locator("[data-offline]")).to_be_visible()
    with ONE_AT_A_TIME:
        assert not TableResult.objects.exists()
    phone.context.set_offline(False)
    expect(phone.locator(f"#board-{play.board} [data-waiting]")).to_be_visible()  # saved: the other side confirms
    with ONE_AT_A_TIME:
        assert TableResult.objects.count() == 1


def test_a_result_sent_offline_and_refused_shows_the_refusal_with_what_was_typed(phones):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Refused offline")
    path = open_tables(session)["2"]
    (phone,) = phones(1)
    phone.goto(path)
    play = section_plan(section).plays_at(2, 1)[0]
    phone.context.set_offline(True)
    prefix = f"#b{play.board}-"
    phone.fill(prefix + "contract", "8S")  # no such contract: the server refuses it
    phone.select_option(prefix + "declarer", "N")
    phone.fill(prefix + "tricks", "=")
    phone.locator(f"#board-{play.board}").get_by_role("button", name="Save").click()
    expect(phone.locator("[data-offline]")).to_be_visible()
    phone.context.set_offline(False)
    expect(phone.get_by_text("level must be 1 to 7", exact=False)).to_be_visible(timeout=15_000)
    expect(phone.locator(prefix + "contract")).to_have_value("8S")
    assert phone.evaluate("localStorage.getItem('table-queue:' + location.pathname)") == "[]"
    with ONE_AT_A_TIME:
        assert not TableResult.objects.exists()


@pytest.mark.parametrize("language, save", [("en-GB", "Save"), ("es-ES", "Guardar"), ("ro-RO", "Salvează")])
def test_the_phone_page_fits_360_pixels_in_each_language(phones, language, save):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Languages")
    (phone,) = phones(1, language)
    phone.goto(open_tables(session)["1"])
    type_result(phone, section_plan(section).plays_at(1, 1)[0], save)
    expect(phone.locator("[data-score]")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"
    height = phone.get_by_role("button", name=save).first.bounding_box()["height"]
    assert height >= 44, "a touch target smaller than 44 px"
    if SCREENSHOTS:
        phone.screenshot(path=str(Path(SCREENSHOTS) / f"table-{language}.png"), full_page=True)
