"""Phones in the real browser (tests/browser/): several browser contexts at 360 px against a live server that
answers one request at a time, and a board typed on a phone's page."""

import threading

import pytest

PHONE = {"width": 360, "height": 740}
ONE_AT_A_TIME = threading.Lock()


@pytest.fixture
def one_request_at_a_time(live_server):
    """The live server answers one request at a time, and the test reads the database between requests: on SQLite
    the test database is in memory, shared by every thread through one connection, which cannot serve the phones'
    and the director's polling at once (the site runs on a file or on PostgreSQL, tested apart in threads)."""
    httpd = live_server.thread.httpd
    application = httpd.get_app()
    ended = threading.Event()

    def serial(environ, start_response):
        with ONE_AT_A_TIME:
            if ended.is_set():  # sent before the test ended, answered after: its data is being flushed
                start_response("503 Service Unavailable", [("Content-Length", "0")])
                return [b""]
            response = application(environ, start_response)
            try:
                return [b"".join(response)]
            finally:
                if hasattr(response, "close"):
                    response.close()

    httpd.set_app(serial)
    yield
    # A request under way (the last poll of a page just closed: a module's `usefixtures` sets this fixture up before
    # its pages, so they close first) ends before the test's data is flushed, and one still waiting its turn reads
    # nothing. A read under way left SQLite's shared in-memory tables locked against the flush once in CI ("database
    # table is locked: events_section").
    with ONE_AT_A_TIME:
        ended.set()
        httpd.set_app(application)


@pytest.fixture
def phones(browser, live_server):
    """phones(n, language) -> n pages, each in its own browser context (its own phone) at 360 px."""
    contexts = []

    def make(count, language="en-GB"):
        pages = []
        for _ in range(count):
            context = browser.new_context(base_url=live_server.url, locale=language, viewport=PHONE, is_mobile=True)
            context.set_default_timeout(15_000)
            contexts.append(context)
            pages.append(context.new_page())
        return pages

    yield make
    for context in contexts:
        context.close()


def csp_watch(page, problems):
    page.on("console", lambda message: "Content Security Policy" in message.text and problems.append(message.text))


def type_board(phone, board: int, typed: tuple[str, str, str], save: str = "Save", lead: str = "", wait: bool = True):
    """Types a board on a phone's page (a pairs table's or a teams room's: the same form) and presses `save`:
    `typed` is (contract, declarer, result); `wait=False` leaves the post on its way (a test holding it)."""
    contract, declarer, result = typed
    phone.fill(f"#b{board}-contract", contract)
    phone.select_option(f"#b{board}-declarer", declarer)
    phone.fill(f"#b{board}-tricks", result)
    if lead:
        phone.fill(f"#b{board}-lead", lead)
    phone.locator(f"#board-{board}").get_by_role("button", name=save).click(no_wait_after=not wait)
