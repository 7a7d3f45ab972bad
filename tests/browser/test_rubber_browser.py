"""A rubber and a Chicago kept on a phone at the table: the totals are those of the paper scorepad command."""

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from rubber.models import Member, Scorepad
from tests.builders.rubber_examples import CHICAGO, CHICAGO_TOTALS, SEED_RUBBER, csv_text

pytestmark = pytest.mark.django_db(transaction=True)


def seat_four(page, kind, first_dealer):
    page.goto("/rubber/new/")
    page.check(f"input[name=kind][value={kind}]")
    page.select_option("#id_first_dealer", first_dealer)
    for seat, name in zip("NESW", ("Ana Norte", "Eva Este", "Sara Sur", "Olga Oeste"), strict=True):
        page.select_option(f"#id_{seat}_member", label=name)
    page.click("button:has-text('Start')")


def enter(page, side, contract, tricks, honours):
    page.check(f"input[name=side][value={side}]")
    page.fill("#id_contract", contract)
    page.fill("#id_tricks", str(tricks))
    page.select_option("#id_honours", "" if honours is None else f"{honours[0]} {honours[1]}")
    page.click("button:has-text('Save the deal')")
    expect(page.locator("[role=alert].alert-success")).to_contain_text("saved")


def paper_totals(tmp_path, deals, *options) -> str:
    path = tmp_path / "pad.csv"
    path.write_text(csv_text(deals))
    out = io.StringIO()
    call_command("score_rubber", str(path), *options, stdout=out)
    return out.getvalue().splitlines()[-1]


@pytest.fixture
def seated(player_user):
    for first, last in (("Ana", "Norte"), ("Eva", "Este"), ("Sara", "Sur"), ("Olga", "Oeste")):
        Member.objects.create(first_name=first, last_name=last)


def test_the_seed_rubber_on_a_phone(phone_page, login, seated, tmp_path):
    page = phone_page
    login(page, "player")
    seat_four(page, "rubber", "N")
    expect(page.locator("#next-deal")).to_contain_text("Dealer: North (Ana Norte)")
    enter(page, *SEED_RUBBER[0])
    # A mistyped contract is refused with the usual message, and what was typed stays.
    page.check("input[name=side][value=They]")
    page.fill("#id_contract", "8H")
    page.fill("#id_tricks", "10")
    page.click("button:has-text('Save the deal')")
    expect(page.locator("#error_1_id_contract")).to_contain_text("8H: a contract level must be 1 to 7")
    expect(page.locator("#id_contract")).to_have_value("8H")
    page.fill("#id_contract", "4H")
    page.click("button:has-text('Save the deal')")
    expect(page.locator("#vulnerable")).to_contain_text("Vulnerable: They.")
    for deal in SEED_RUBBER[2:]:
        enter(page, *deal)
    expect(page.locator("#total-we")).to_have_text("770")
    expect(page.locator("#total-they")).to_have_text("1640")
    expect(page.locator("#status")).to_contain_text("The rubber is over.")
    assert paper_totals(tmp_path, SEED_RUBBER, "--type", "rubber", "--first-dealer", "We") == "We 770 They 1640"
    # The viewport is a phone's: nothing sticks out sideways.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_chicago_corrected_then_the_next_one_at_the_table(page, login, seated, tmp_path):
    login(page, "player")
    seat_four(page, "chicago", "N")
    for deal in CHICAGO:
        if deal is CHICAGO[1]:
            enter(page, "They", "2H", 8, None)  # a slip: 2H made exactly, corrected below
        else:
            enter(page, *deal)
    expect(page.locator("#total-they")).to_have_text("200")
    page.click("#deals tbody tr:nth-child(2) a.edit-deal")
    page.fill("#id_tricks", "+1")
    page.click("button:has-text('Save the correction')")
    expect(page.locator("[role=alert].alert-success")).to_contain_text("the sheet is recomputed")
    totals = CHICAGO_TOTALS["fourth"]
    expect(page.locator("#total-we")).to_have_text(str(totals["We"]))
    expect(page.locator("#total-they")).to_have_text(str(totals["They"]))
    assert paper_totals(tmp_path, CHICAGO, "--type", "chicago") == f"We {totals['We']} They {totals['They']}"
    page.click("text=New Chicago at this table")
    expect(page.locator("#id_S_member option:checked")).to_have_text("Eva Este")
    page.click("button:has-text('Start')")
    expect(page.locator("h1")).to_contain_text("Chicago")
    assert Scorepad.objects.filter(kind="chicago").count() == 3  # two here, one from the paper scorepad


def test_a_visitor_sees_the_sheet_but_no_entry(page, seated, player_user):
    from tests.builders.rubber import play, start

    rubber = play(start(player_user, list(Member.objects.order_by("pk"))), SEED_RUBBER[:2])
    page.goto(f"/rubber/{rubber.pk}/")
    expect(page.locator("#total-they")).to_have_text("120")
    expect(page.locator("#id_contract")).to_have_count(0)
    expect(page.locator("a.edit-deal")).to_have_count(0)
