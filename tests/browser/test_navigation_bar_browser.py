"""Issue 27, item 13: a superuser's navigation bar (every role's links) stays on one line at 1280 px in every
language, its language box showing the whole language's name (it was cut to "Englis")."""

import pytest
from django.contrib.auth.models import User

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("language", ["en", "es", "ro"])
def test_a_superusers_bar_fits_one_line_at_1280_px(browser, live_server, login, language):
    User.objects.create_superuser("root", "root@example.org", "correct-horse-battery", first_name="Root")
    context = browser.new_context(base_url=live_server.url, locale=language, viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    login(page, "root")
    page.goto("/")
    items = page.locator("#mainnav .nav-item:visible")
    tops = {round(items.nth(index).bounding_box()["y"]) for index in range(items.count())}
    assert items.count() >= 7 and max(tops) - min(tops) <= 8, tops  # one row (centred items differ by a few px)
    select = page.locator("#language-select")
    assert select.evaluate("element => element.scrollWidth <= element.clientWidth")
    bar = page.locator("nav.site-nav").bounding_box()
    assert bar["height"] < 80 and page.evaluate("document.documentElement.scrollWidth") <= 1280
    context.close()
