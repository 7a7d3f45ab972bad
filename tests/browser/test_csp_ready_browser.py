"""The main public and director pages under a strict Content-Security-Policy: no inline script, handler or style
is refused, and the behaviours of static/js/site.js (print, confirm, auto-submit) still work.

The policy is added to every page's response by intercepting it in Chromium (route.fetch + route.fulfill), so the
site itself sends none yet.
"""

import datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from club.models import Member
from movements.models import CustomMovement
from teams.models import TeamEvent
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.movements import SOUND
from tests.builders.teams import make_event

pytestmark = pytest.mark.django_db(transaction=True)

CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:"
MOVEMENT = "?kind=mitchell&tables=5"


def with_policy(route):
    """Every page arrives with the strict policy; redirects are passed on as they are, for the browser to follow."""
    response = route.fetch(max_redirects=0)
    route.fulfill(response=response, headers={**response.headers, "content-security-policy": CSP})


@pytest.fixture
def strict_page(page, login, director_user):
    """A director's page whose documents carry the policy; `strict_page.violations` lists every refusal seen."""
    violations = []
    page.expose_function("reportViolation", lambda text: violations.append(text))
    page.add_init_script("""document.addEventListener("securitypolicyviolation",
        (event) => window.reportViolation(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`));""")
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    page.route(lambda url: "/static/" not in url, with_policy)
    login(page)
    page.violations = violations
    return page


def main_pages() -> dict[str, str]:
    session, section = build_hand_mitchell()
    pair = section.pairs.order_by("pk").first()
    member = Member.objects.order_by("pk").first()
    event = make_event(("Hearts", "Spades"), name="Friday match", date=datetime.date(2026, 6, 5),
                       format=TeamEvent.Format.MATCH, boards_per_match=2)
    match = event.matches.get()
    return {
        "home": reverse("events:home"),
        "ranking": reverse("events:session", args=[session.pk]),
        "traveller": reverse("events:board_traveller", args=[session.pk, section.pk, 2]),
        "scorecard": reverse("events:pair_scorecard", args=[session.pk, pair.pk]),
        "member": reverse("events:member_detail", args=[member.pk]),
        "members": reverse("club:members"),
        "director": reverse("events:director"),
        "session set-up": reverse("events:session_setup", args=[session.pk]),
        "pairs": reverse("events:session_pairs", args=[session.pk]),
        "traveller entry": reverse("events:traveller_entry", args=[session.pk, section.pk, 1]),
        "checks": reverse("events:session_checks", args=[session.pk]),
        "teams standings": reverse("teams:standings", args=[event.pk]),
        "teams scorecard": reverse("teams:scorecard", args=[match.pk]),
        "teams set-up": reverse("teams:event_setup", args=[event.pk]),
        "match entry": reverse("teams:match_entry", args=[match.pk]),
        "movements": reverse("movements:index"),
        "movement preview": reverse("movements:preview") + MOVEMENT,
        "table cards": reverse("movements:table_cards") + MOVEMENT,
        "guide cards": reverse("movements:guide_cards") + MOVEMENT,
    }


def test_the_main_pages_break_no_rule_of_a_strict_policy(strict_page):
    pages = main_pages()
    for name, path in pages.items():
        response = strict_page.goto(path)
        assert response.status == 200, name
        assert response.headers["content-security-policy"] == CSP
        expect(strict_page.locator("h1")).to_have_count(1)
        assert strict_page.violations == [], f"{name}: {strict_page.violations}"
    # The check can fail: an inline style added to a page is reported.
    strict_page.evaluate("""document.body.insertAdjacentHTML("beforeend", '<p style="color: red">x</p>')""")
    for _ in range(40):
        if strict_page.violations:
            break
        strict_page.wait_for_timeout(50)
    assert any("style-src" in violation for violation in strict_page.violations)


def test_the_scripted_behaviours_work_under_the_policy(strict_page):
    custom = CustomMovement.objects.create(name="Two-table Howell", csv_text=SOUND, description="Four pairs")
    strict_page.goto(reverse("movements:custom_detail", args=[custom.pk]))

    # Deleting asks first: dismissed, the movement stays; accepted, it goes.
    questions = []

    def answer(dialog, accept):
        questions.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    strict_page.once("dialog", lambda dialog: answer(dialog, False))
    strict_page.get_by_role("button", name="Delete").click()
    expect(strict_page.locator("h1")).to_contain_text("Two-table Howell")
    assert questions == ["Delete this custom movement?"]
    assert CustomMovement.objects.filter(pk=custom.pk).exists()
    strict_page.once("dialog", lambda dialog: answer(dialog, True))
    strict_page.get_by_role("button", name="Delete").click()
    expect(strict_page.locator("h1")).to_have_text("Movements")
    assert not CustomMovement.objects.filter(pk=custom.pk).exists()

    # Print buttons print.
    strict_page.goto(reverse("movements:table_cards") + MOVEMENT)
    strict_page.evaluate("window.print = () => { document.body.dataset.printed = 'yes'; }")
    strict_page.get_by_role("button", name="Print").click()
    expect(strict_page.locator("body")).to_have_attribute("data-printed", "yes")

    # Bootstrap's own script works too: on a phone the menu opens.
    strict_page.set_viewport_size({"width": 390, "height": 844})
    expect(strict_page.locator("#mainnav")).to_be_hidden()
    strict_page.locator(".navbar-toggler").click()
    expect(strict_page.locator("#mainnav")).to_be_visible()

    # Choosing a language submits the form at once.
    strict_page.select_option("#language-select", "es")
    expect(strict_page.locator("html")).to_have_attribute("lang", "es")
    assert strict_page.violations == []
