"""The director's hands page while the worker analyses the deals: it says how far the analysis is ("Analysing: 1
of 3 deals analysed"), then "analysis failed: retrying" for a deal whose attempt failed, then every par, each
time without a reload (static/js/hands.js, under the strict CSP)."""

import pytest
from django.db.models import F
from playwright.sync_api import expect

from club.hand_analysis import analyse_pending
from events.hands.services.hands import store_deals
from events.models import BoardDeal
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.hands import SIX_BOARDS

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_deals_state_follows_the_analysis_without_a_reload(
    page, director_user, login, one_request_at_a_time, cached_analysis
):
    session, _section = build_hand_mitchell(name="Monday pairs")
    store_deals(session=session, deals={1: SIX_BOARDS[1]})
    analyse_pending()  # one already analysed
    store_deals(session=session, deals={number: SIX_BOARDS[number] for number in (2, 3)})
    problems = []
    page.on("console", lambda message: "Content Security Policy" in message.text and problems.append(message.text))
    login(page)
    page.goto(f"/director/sessions/{session.pk}/hands/")
    page.evaluate("window.notReloaded = true")
    progress = page.locator("#analysis-progress")
    expect(progress).to_contain_text("Analysing: 1 of 3 deals analysed.")
    expect(page.locator("#deal-2")).to_contain_text("analysis pending")

    BoardDeal.objects.filter(board__number=2).update(analysis_failures=F("analysis_failures") + 1)
    expect(progress).to_contain_text("Analysis failed: retrying (1 deal).")
    expect(page.locator("#deal-2")).to_contain_text("analysis failed: retrying")

    assert analyse_pending() == 2  # the worker's retry succeeds
    expect(progress).to_contain_text("All 3 deals analysed.")
    expect(page.locator("#deal-2")).not_to_contain_text("analysis")
    assert page.evaluate("window.notReloaded") is True  # the same page, updated in place
    assert problems == []
