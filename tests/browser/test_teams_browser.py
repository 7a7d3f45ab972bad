"""A director enters a two-room match in the browser and sees the VPs; a visitor sees the standings."""

import datetime

import pytest
from playwright.sync_api import expect

from teams.models import TeamEvent
from tests.builders.teams import make_event

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(page):
    page.fill("#id_username", "director")
    page.fill("#id_password", "correct-horse-battery")
    page.keyboard.press("Enter")


def test_director_enters_a_match_and_a_visitor_sees_the_standings(page, director_user):
    event = make_event(
        ("Hearts", "Spades"),
        name="Friday match",
        date=datetime.date(2026, 6, 5),
        format=TeamEvent.Format.MATCH,
        boards_per_match=2,
    )
    match = event.matches.get()
    page.goto(f"/teams/director/matches/{match.pk}/")
    log_in(page)
    expect(page.locator("h1")).to_have_text("Hearts v Spades")
    # Board 1 (nobody vulnerable): 4S by N making in room 1 (+420), one down in room 2 (-50): 10 IMPs to Hearts.
    page.fill("#id_b1r1-contract", "4s")
    page.fill("#id_b1r1-declarer", "n")
    page.fill("#id_b1r1-tricks", "=")
    page.fill("#id_b1r2-contract", "4S")
    page.fill("#id_b1r2-declarer", "N")
    page.fill("#id_b1r2-tricks", "-1")
    # Board 2: passed out in both rooms.
    page.fill("#id_b2r1-contract", "PASS")
    page.fill("#id_b2r2-contract", "pass")
    page.keyboard.press("Enter")
    expect(page.locator(".alert-success")).to_contain_text("4 results saved")
    expect(page.locator("#board-1 .home-imps")).to_have_text("10")
    # WBF continuous, 2 boards, 10 IMPs: 16.46 - 3.54.
    expect(page.locator(".vp-result")).to_have_text("16.46–3.54")

    # A typing mistake is refused with its message, and what was typed stays.
    page.fill("#id_b2r1-contract", "8NT")
    page.click("#match-form button[type=submit]")
    expect(page.locator("#id_b2r1-contract")).to_have_value("8NT")
    expect(page.locator("#id_b2r1-contract-error")).to_contain_text("level must be 1 to 7")

    page.goto(f"/teams/director/{event.pk}/")
    page.select_option("#id_status", "final")
    page.click("text=Set status")
    expect(page.locator(".alert-success")).to_contain_text("Final")
    page.click("#account-menu")  # the login's own links are in its menu
    page.click("nav.navbar button:has-text('Log out')")

    page.goto(f"/teams/{event.pk}/")
    expect(page.locator("h1")).to_contain_text("Friday match")
    first = page.locator("#standings tbody tr").first
    expect(first).to_contain_text("Hearts")
    expect(first.locator(".vp")).to_have_text("16.46")
    page.click("#standings >> text=Hearts")
    expect(page.locator("h1")).to_have_text("Hearts")
    page.click("text=Scorecard")
    expect(page.locator("#home-total")).to_have_text("10")
