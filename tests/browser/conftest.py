"""Playwright driving the system Chromium against `live_server`.

Without /usr/bin/chromium the browser tests skip with the reason shown in the summary;
with REQUIRE_BROWSER=1 (as in CI) they fail instead.
"""

import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.getenv("CHROMIUM_PATH", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The live pages poll every 4 s (static/js/live.js, table.js): in the tests every interval of a second or more runs
# 8 times as often, so that a flow waits a fraction of a second for a phone or a director's grid to catch up instead
# of up to 4 s a step (the Mitchell on phones waited a minute). What each poll fetches and does is unchanged.
FAST_POLLING = """(() => {
  const setInterval = window.setInterval;
  window.setInterval = (callback, delay, ...rest) => setInterval(callback, delay >= 1000 ? delay / 8 : delay, ...rest);
})();"""


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        reason = f"browser tests need Chromium at {CHROMIUM} (Debian package 'chromium')"
        if os.getenv("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    # Playwright's sync API runs an event loop in this thread; the tests still talk to the database synchronously.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        new_context = chromium.new_context

        def fast_polling_context(**options):
            context = new_context(**options)
            context.add_init_script(FAST_POLLING)
            return context

        chromium.new_context = fast_polling_context  # every context: page, phone_page, phones, a test's own
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, locale="en-GB")
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone_page(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url, locale="en-GB", viewport={"width": 390, "height": 844}, is_mobile=True
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def login():
    """login(page, username) logs in through the form with the test password."""

    def log_in(page, username="director", password="correct-horse-battery"):
        page.goto("/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", password)
        page.keyboard.press("Enter")
        page.wait_for_url(lambda url: "/accounts/login/" not in url)

    return log_in
