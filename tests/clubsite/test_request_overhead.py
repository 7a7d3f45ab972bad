"""What every request costs outside its view, cut without changing an answer (issue 32): the Content-Security-Policy
built once (club.csp_header), PostgreSQL's health check without a round trip (clubsite.postgresql), the request's id
read from the WSGI environment (club.request_log), the phones' poll tried first among the URLs."""

import time

import pytest
from csp.constants import HEADER, HEADER_REPORT_ONLY, NONCE, SELF
from csp.decorators import csp_exempt, csp_update
from csp.exceptions import CSPNonceError
from csp.middleware import CSPMiddleware
from django.db import connection, connections
from django.http import HttpResponse
from django.test import RequestFactory, override_settings
from django.urls import resolve

from club.csp_header import PolicyOnceMiddleware
from club.request_log import HEADER as REQUEST_ID
from tests.builders.csp import POLICY, directives
from tests.builders.sessions import make_session
from tests.builders.table_entry import open_tables, poll

REPORT_ONLY = {"EXCLUDE_URL_PREFIXES": ["/quiet/"], "DIRECTIVES": {"default-src": ["'self'"], "report-uri": "/r/"}}


def _headers(middleware_class, path: str = "/", view=None, nonce: bool = False) -> dict[str, str]:
    """The CSP headers `middleware_class` puts on the answer of `view` (a plain page by default) to a GET of `path`."""
    request = RequestFactory().get(path)
    middleware = middleware_class(lambda request: (view or (lambda request: HttpResponse("page")))(request))
    middleware.process_request(request)
    if nonce:
        request.asked_nonce = str(request.csp_nonce)  # a template asked for one: it goes into the policy
    response = middleware.process_response(request, middleware.get_response(request))
    if not nonce:
        with pytest.raises(CSPNonceError):
            str(request.csp_nonce)  # too late: the header is written without one
    headers = {name: response[name] for name in (HEADER, HEADER_REPORT_ONLY) if name in response}
    return {name: value.replace(getattr(request, "asked_nonce", "?"), "NONCE") for name, value in headers.items()}


def _same_as_django_csp(**kwargs) -> dict[str, str]:
    ours = _headers(PolicyOnceMiddleware, **kwargs)
    assert ours == _headers(CSPMiddleware, **kwargs), kwargs
    return ours


def test_the_policy_built_once_is_the_header_django_csp_sends():
    assert directives(_same_as_django_csp()[HEADER]) == POLICY
    assert HEADER_REPORT_ONLY not in _same_as_django_csp()


def test_a_customised_policy_goes_through_django_csp_itself():
    updated = _same_as_django_csp(view=csp_update({"img-src": "https://maps.example"})(lambda r: HttpResponse()))
    assert "https://maps.example" in updated[HEADER]
    assert _same_as_django_csp(view=csp_exempt()(lambda r: HttpResponse())) == {}
    with override_settings(CONTENT_SECURITY_POLICY={"DIRECTIVES": {"script-src": [SELF, NONCE]}}):
        assert "script-src 'self' 'nonce-NONCE'" in _same_as_django_csp(nonce=True)[HEADER]


def test_changed_settings_change_the_header():
    before = _same_as_django_csp()
    with override_settings(CONTENT_SECURITY_POLICY={"DIRECTIVES": {"default-src": ["'none'"]}}):
        assert _same_as_django_csp() == {HEADER: "default-src 'none'"}
    with override_settings(CONTENT_SECURITY_POLICY_REPORT_ONLY=REPORT_ONLY):
        both = _same_as_django_csp()
        assert both[HEADER] == before[HEADER] and "report-uri /r/" in both[HEADER_REPORT_ONLY]
        assert HEADER_REPORT_ONLY not in _same_as_django_csp(path="/quiet/page/")  # its excluded prefix
    assert _same_as_django_csp() == before


@pytest.mark.django_db
def test_a_phones_304_poll_keeps_every_header_and_its_two_queries(client, django_assert_max_num_queries):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2, name="Headers night")
    path = open_tables(session)["1"]
    assert resolve(path + "state/").url_name == "table_state"
    _status, tag, _version = poll(client, path)
    with django_assert_max_num_queries(2):  # the table and its tag, through every middleware
        response = client.get(path + "state/", HTTP_IF_NONE_MATCH=tag, HTTP_X_REQUEST_ID="phone-poll-0001")
    assert response.status_code == 304
    assert directives(response[HEADER]) == POLICY
    assert response["X-Frame-Options"] == "DENY" and response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin" and response["Cross-Origin-Opener-Policy"] == "same-origin"
    assert response[REQUEST_ID] == "phone-poll-0001"  # the proxy's id, read from the WSGI environment
    assert "private" in response["Cache-Control"] and "Set-Cookie" not in response


def _fresh_connection():
    """A connection of its own to the test database (outside the test's transaction), opened."""
    wrapper = connections.create_connection("default")
    wrapper.ensure_connection()
    return wrapper


def _readable_within(wrapper, seconds: float) -> None:
    """Waits until the server's goodbye has reached the connection's socket (or `seconds` pass)."""
    from clubsite.postgresql.base import _waiting

    deadline = time.monotonic() + seconds
    while not _waiting(wrapper.connection.fileno()) and time.monotonic() < deadline:
        time.sleep(0.02)


@pytest.mark.django_db
def test_postgresql_health_check_asks_the_server_only_when_the_socket_says_something():
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's health check (SQLite's connections are checked without a query)")
    wrapper = _fresh_connection()
    try:
        asked = []
        real_cursor = wrapper.connection.cursor
        wrapper.connection.cursor = lambda *a, **k: asked.append(1) or real_cursor(*a, **k)
        assert wrapper.is_usable() and asked == []  # a kept, quiet connection: no SELECT 1
        wrapper.errors_occurred = True
        assert wrapper.is_usable() and asked == [1]  # after an error the server is asked, as Django does
        wrapper.errors_occurred = False
        wrapper.connection.cursor = real_cursor
        first = wrapper.connection.info.backend_pid
        with connection.cursor() as cursor:  # the server ends the kept connection (a restart, an idle timeout)
            cursor.execute("SELECT pg_terminate_backend(%s)", [first])
        _readable_within(wrapper, 5)
        assert not wrapper.is_usable()
        wrapper.close_if_unusable_or_obsolete()  # a request begins: its first query checks, then reconnects
        with wrapper.cursor() as cursor:
            cursor.execute("SELECT 1")
            assert cursor.fetchone() == (1,)
        assert wrapper.connection.info.backend_pid != first
    finally:
        wrapper.close()
