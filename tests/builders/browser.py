"""Phones in the real browser (tests/browser/): several browser contexts at 360 px against a live server that
answers one request at a time."""

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
