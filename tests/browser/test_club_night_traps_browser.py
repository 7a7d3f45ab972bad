"""A club night without traps, in the browser: a mistyped member caught on the Pairs page, a final session reopened
and corrected with the public note, a score-only slip entered with the keyboard."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from club.models import Member
from events.checks.services import fixes
from events.models import Pair, Session, TravellerLine
from tests.builders.sessions import club_night, enter_all

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_mistyped_member_is_caught_and_a_guest_is_taken_only_when_ticked(page, director_user, login, make_session):
    session, section = make_session("howell", tables=2, boards_per_round=2)
    elena = Member.objects.create(first_name="Elena", last_name="Martín", number="1005")
    pair = section.pairs.get(number=1)
    login(page)
    page.goto(reverse("events:session_pairs", args=[session.pk]))
    page.fill(f"#id_p{pair.pk}-player1", "elena martin")  # no accent, lower case: the member
    page.fill(f"#id_p{pair.pk}-player2", "Elena Martinez")  # no such member: not silently a guest
    page.click("text=Save players")
    error = page.locator(f"#id_p{pair.pk}-player2-error")
    expect(error).to_contain_text("Did you mean Elena Martín (1005)?")
    expect(page.locator(f"#id_p{pair.pk}-player2")).to_have_value("Elena Martinez")  # nothing typed is lost
    assert Pair.objects.get(pk=pair.pk).player1 is None  # nothing saved while one name is in doubt
    page.check(f"#id_p{pair.pk}-player2_guest")
    page.click("text=Save players")
    expect(page.locator(".alert-success")).to_contain_text("Players saved.")
    saved = Pair.objects.get(pk=pair.pk)
    assert saved.player1 == elena and saved.player2 is None and saved.player2_guest == "Elena Martinez"
    expect(page.locator(f"#id_p{pair.pk}-player1")).to_have_value("Elena Martín (1005)")
    expect(page.locator(f"#id_p{pair.pk}-player2_guest")).to_be_checked()


def test_a_final_session_is_reopened_corrected_and_published_with_the_public_note(page, director_user, login):
    session, section = club_night()
    enter_all(section)
    fixes.set_status(session=session, status=Session.Status.FINAL)
    line = TravellerLine.objects.filter(board__section=section, board__number=1).order_by("round", "table").first()
    login(page)
    page.goto(reverse("events:session_checks", args=[session.pk]))
    page.fill("#id_reason", "Board 1: wrong contract for the first table")
    page.click("text=Reopen for correction")
    expect(page.locator(".alert-success")).to_contain_text("reopened for correction")

    page.goto(reverse("events:traveller_entry", args=[session.pk, section.pk, 1]))
    contract = page.locator("#id_r0-contract")
    contract.fill("PASS")
    contract.press("Enter")
    expect(page.locator(".alert-success")).to_contain_text("1 result saved.")
    assert TravellerLine.objects.get(pk=line.pk).contract == "PASS"

    page.goto(reverse("events:session_checks", args=[session.pk]))
    page.select_option("#id_status", "final")
    page.click("text=Change status")
    expect(page.locator(".alert-success")).to_contain_text("Final")
    page.goto(reverse("events:session", args=[session.pk]))
    expect(page.locator(".correction-note")).to_have_text(
        re.compile(r"Corrected on .+: Board 1: wrong contract for the first table")
    )


def test_a_score_only_slip_is_entered_by_keyboard(page, director_user, login, make_session):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    login(page)
    page.goto(reverse("events:table_entry", args=[session.pk, section.pk, 1, 1]))
    expect(page.locator("#id_r0-contract")).to_be_focused()
    keyboard = page.keyboard
    for _field in ("contract", "declarer", "tricks", "lead"):
        keyboard.press("Tab")  # the slip has no contract: straight to its score
    expect(page.locator("#id_r0-score")).to_be_focused()
    keyboard.type("420")
    keyboard.press("Tab")
    for typed in ("3NT", "S", "9", ""):
        keyboard.type(typed)
        keyboard.press("Tab")
    keyboard.type("600")  # the second row (board 2, NS vulnerable) gives both: they agree
    keyboard.press("Enter")
    expect(page.locator(".alert-success")).to_contain_text("2 results saved.")
    lines = TravellerLine.objects.filter(board__section=section).order_by("board__number")
    assert [(line.contract, line.ns_score) for line in lines] == [("", 420), ("3NT", 600)]
    assert all(line.ns_points is not None for line in lines)
