"""The host's federation pages on a phone (issue 31 item 4): a visitor finds a player's results across clubs by typing
and Enter, follows the result into the club's ranking, and reads the calendar and the ladder; nothing is wider than
the phone and the strict Content-Security-Policy refuses nothing."""

import datetime

import pytest

from events.federation.services.ladder import refresh_ladders
from tests.builders.federation import many_clubs_site, members, session_of

pytestmark = pytest.mark.django_db(transaction=True)
NOVEMBER = datetime.date(2026, 11, 2)


def test_a_visitor_on_a_phone_reads_the_federation_pages(phone_page, settings):
    settings.FEDERATION_LADDER = {"rule": "percentages", "best": 10, "minimum": 1, "season_start": 1}
    north, south = many_clubs_site(settings, "north", "south")
    ana, dan = members(north, "Ana García", "Dan Smith")
    eve, fay = members(south, "Eve Stone", "Fay García")
    session_of(north, "Monday pairs with a long name for a narrow screen", NOVEMBER, [(ana, dan, 60, "1")])
    session_of(south, "Tuesday pairs", NOVEMBER, [(eve, fay, 55, "1")])
    refresh_ladders(today=NOVEMBER)
    refused = []
    phone_page.on("console", lambda message: "Content Security Policy" in message.text and refused.append(message.text))
    wide = "document.documentElement.scrollWidth > document.documentElement.clientWidth"

    phone_page.goto("/results/")
    phone_page.get_by_label("Player").fill("garcía")
    phone_page.keyboard.press("Enter")
    phone_page.wait_for_url("**/results/?player=*")
    assert phone_page.locator("#results tbody tr").count() == 2 and not phone_page.evaluate(wide)
    phone_page.get_by_role("link", name="Tuesday pairs").click()
    phone_page.wait_for_url("**/c/south/sessions/*/")
    assert "Eve Stone" in phone_page.content()

    for path, shown in (
        ("/calendar/2026/11/", "Monday pairs"),
        ("/ladder/?season=2026", "Ana García"),
        ("/clubs/", "North"),
    ):
        phone_page.goto(path)
        assert shown in phone_page.locator("main").inner_text() and not phone_page.evaluate(wide), path
    assert refused == []
