"""The member page's chart on a phone: the last session's point is whole, inside the chart, and big enough to see."""

import datetime

import pytest
from playwright.sync_api import expect

from club.models import Member
from events.models import Session
from tests.builders.sessions import enter_all, make_session

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_last_point_of_the_chart_is_whole_on_a_phone(browser, live_server):
    ana = Member.objects.create(first_name="Ana", last_name="García", number="1001")
    for day in (2, 9, 16):
        session, section = make_session("mitchell", tables=3, boards_per_round=1, date=datetime.date(2026, 11, day))
        pair = section.pairs.get(number=1, direction="NS")
        pair.player1 = ana
        pair.save()
        enter_all(section)
        Session.objects.filter(pk=session.pk).update(status=Session.Status.FINAL)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(f"/members/{ana.pk}/")
    chart = page.locator("#percentage-chart")
    expect(chart.locator("circle")).to_have_count(3)
    box = chart.bounding_box()
    last = chart.locator("circle").last.bounding_box()
    assert last["width"] >= 6, "the dot can be seen on a phone"
    assert box["x"] <= last["x"] and last["x"] + last["width"] <= box["x"] + box["width"]
    assert last["x"] + last["width"] <= page.viewport_size["width"]
    context.close()
