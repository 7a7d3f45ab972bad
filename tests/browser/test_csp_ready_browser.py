"""The main public and director pages under the strict Content-Security-Policy the site sends (django-csp): every
page carries the header, no inline script, handler or style is refused, and the behaviours of static/js/site.js
(print, confirm, auto-submit) still work. The Django admin works under the same policy.
"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from movements.models import CustomMovement
from tests.builders.csp import MOVEMENT, POLICY, directives, main_pages
from tests.builders.movements import SOUND

pytestmark = pytest.mark.django_db(transaction=True)


def watch_violations(page) -> list[str]:
    """Every refusal of the policy the page reports, from its event and from the console."""
    violations: list[str] = []
    page.expose_function("reportViolation", lambda text: violations.append(text))
    page.add_init_script("""document.addEventListener("securitypolicyviolation",
        (event) => window.reportViolation(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`));""")
    page.on(
        "console",
        lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None,
    )
    return violations


@pytest.fixture
def strict_page(page, login, director_user):
    """A director's page; `strict_page.violations` lists every refusal seen."""
    page.violations = watch_violations(page)
    login(page)
    return page


def test_the_main_pages_break_no_rule_of_a_strict_policy(strict_page):
    pages = main_pages()
    for name, path in pages.items():
        response = strict_page.goto(path)
        assert response.status == 200, name
        assert directives(response.headers["content-security-policy"]) == POLICY, name
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


def test_the_admin_works_under_the_policy(page, login, admin_user):
    violations = watch_violations(page)
    login(page, "admin")
    for path in (
        reverse("admin:index"),
        reverse("admin:club_member_changelist"),
        reverse("admin:club_member_add"),
        reverse("admin:auth_user_change", args=[admin_user.pk]),
    ):
        response = page.goto(path)
        assert response.status == 200, path
        assert directives(response.headers["content-security-policy"]) == POLICY, path
        expect(page.locator("#content h1")).to_have_count(1)
        assert violations == [], f"{path}: {violations}"
    # The admin's scripts run: the members' list selects every row at once.
    page.goto(reverse("admin:club_member_add"))
    page.fill("#id_first_name", "Ana")
    page.fill("#id_last_name", "García")
    page.get_by_role("button", name="Save", exact=True).click()
    page.goto(reverse("admin:club_member_changelist"))
    page.locator("#action-toggle").check()
    expect(page.locator("input.action-select").first).to_be_checked()
    assert violations == []
