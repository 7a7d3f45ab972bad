"""Public live results in the real browser: a visitor's phone shows the provisional ranking, which moves by itself
(static/js/live.js) as the tables confirm boards, with no Content Security Policy complaint; switched off meanwhile,
the page reloads into the usual 404."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from events.plans import section_plan
from events.tables.services.table_entry import set_live_results
from tests.builders.browser import ONE_AT_A_TIME, csp_watch
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, save_post, typed_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("one_request_at_a_time")]


def confirm_at_table(paths, play):
    client = Client()
    with ONE_AT_A_TIME:
        assert client.post(paths[str(play.table)], save_post(play, *typed_for(play))).status_code == 302
        assert client.post(ew(paths[str(play.table)]), confirm_post(play)).status_code == 302


def test_a_visitor_watches_the_ranking_move(phones):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Live night")
    paths = open_tables(session)
    set_live_results(session=session, on=True)
    (visitor,) = phones(1)
    problems: list[str] = []
    csp_watch(visitor, problems)
    visitor.goto(f"/sessions/{session.pk}/")  # the session's page sends the visitor to the live results
    expect(visitor.locator("#provisional-banner")).to_contain_text("Provisional: live results.")
    expect(visitor.locator("main")).to_contain_text("No results yet.")  # no "=1 … 0 %" before any result
    expect(visitor.locator("[data-live-row]")).to_have_count(0)
    confirm_at_table(paths, section_plan(section).schedule[0])
    expect(visitor.locator("[data-live-row] td:last-child", has_text="1")).to_have_count(2, timeout=15_000)
    with ONE_AT_A_TIME:
        set_live_results(session=session, on=False)
    expect(visitor.locator("#provisional-banner")).to_have_count(0, timeout=15_000)  # reloaded: not found
    assert problems == []
