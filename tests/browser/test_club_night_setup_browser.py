"""A director sets up tonight's session on a phone (date and name offered, the movement's rounds and results
shown before saving) and opens a teams match with the cursor already in the first contract."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from events.models import Session
from teams.models import TeamEvent
from tests.builders.teams import make_event

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_director_previews_then_saves_tonights_session_on_a_phone(phone_page, director_user, login):
    page = phone_page
    login(page)
    page.goto("/director/sessions/new/")
    expect(page.locator("#id_date")).to_have_value(timezone.localdate().isoformat())
    expect(page.locator("#id_name")).not_to_have_value("")
    expect(page.locator("fieldset")).to_have_count(1)
    page.fill("#id_sections-0-tables", "6")
    page.get_by_role("button", name="Show rounds and results").click()
    # A 6-table Mitchell skips a round: 5 rounds of 2 boards at 6 tables.
    expect(page.locator(".plan-facts")).to_have_text("5 rounds · 12 boards · 60 results to enter")
    assert not Session.objects.exists()
    page.get_by_role("button", name="Save session").click()
    expect(page.locator(".alert-success")).to_contain_text("Session saved.")
    session = Session.objects.get()
    assert session.date == timezone.localdate() and session.sections.get().tables == 6


def test_match_entry_opens_with_the_cursor_in_the_first_contract(page, director_user, login):
    event = make_event(
        ("Hearts", "Spades"), name="Friday match", date=datetime.date(2026, 6, 5), format=TeamEvent.Format.MATCH
    )
    login(page)
    page.goto(f"/teams/director/matches/{event.matches.get().pk}/")
    expect(page.locator("#id_b1r1-contract")).to_be_focused()
    page.keyboard.type("4S")
    expect(page.locator("#id_b1r1-contract")).to_have_value("4S")
