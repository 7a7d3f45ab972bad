"""Errors logged in one structured line each: a view that raises gives one line of JSON with the request's id, the
user's id, the method, the path and the exception's type and message, and the visitor still gets the 500 page
(with the id to quote). The request id comes from a sane X-Request-ID or is made, and is on every response."""

import io
import json
import logging

import pytest
from django.test import Client

from club.request_log import JsonLines
from tests.builders.accounts import logged_in_client


@pytest.fixture
def log_lines():
    """What the site's console handler (settings.LOGGING) writes, one entry per line."""
    [handler] = [h for h in logging.getLogger().handlers if isinstance(h.formatter, JsonLines)]
    stream = io.StringIO()
    previous = handler.setStream(stream)
    yield lambda: stream.getvalue().splitlines()
    handler.setStream(previous)


@pytest.fixture
def members_page_raises(monkeypatch):
    def broken(self):
        raise ValueError("the roster is on fire\nsecond line")

    monkeypatch.setattr("club.views.MemberListView.get_queryset", broken)


@pytest.mark.django_db
def test_a_view_that_raises_is_one_json_line_and_the_500_page_is_served(player_user, log_lines, members_page_raises):
    client = logged_in_client(player_user)
    client.raise_request_exception = False
    response = client.get("/members/?secret=x", HTTP_X_REQUEST_ID="proxy-given-id-0001")

    assert response.status_code == 500
    assert response["X-Request-ID"] == "proxy-given-id-0001"
    page = response.content.decode()
    assert "Something went wrong" in page and "proxy-given-id-0001" in page
    [line] = log_lines()
    logged = json.loads(line)
    assert {key: logged[key] for key in ("level", "logger", "request_id", "user_id", "method", "path")} == {
        "level": "ERROR",
        "logger": "django.request",
        "request_id": "proxy-given-id-0001",
        "user_id": player_user.pk,
        "method": "GET",
        "path": "/members/",
    }
    assert logged["status"] == 500
    assert logged["exception_type"] == "ValueError"
    assert logged["exception_message"] == "the roster is on fire\nsecond line"
    assert "broken" in logged["traceback"] and "secret=x" not in line


@pytest.mark.django_db
def test_an_anonymous_visitors_error_has_no_user_and_a_made_id(log_lines, members_page_raises):
    client = Client(raise_request_exception=False)
    response = client.get("/members/", HTTP_X_REQUEST_ID="bad id\r\nX-Evil: 1")
    assert response.status_code == 500
    made = response["X-Request-ID"]
    assert made != "bad id\r\nX-Evil: 1" and len(made) == 32
    lines = [json.loads(line) for line in log_lines()]
    assert len(lines) == 1
    assert (lines[0]["request_id"], lines[0]["user_id"], lines[0]["method"]) == (made, None, "GET")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "given, kept",
    [
        ("0af7651916cd43dd8448eb211c80319c", True),
        ("req:2026-12-02.abc_DEF", True),
        ("short", False),  # too short to tell requests apart
        ("x" * 129, False),
        ("<script>alert(1)</script>", False),
        ("", False),
    ],
)
def test_the_request_id_is_taken_when_sane_or_made(client, given, kept):
    response = client.get("/healthz", HTTP_X_REQUEST_ID=given)
    assert (response["X-Request-ID"] == given) is kept
    assert len(response["X-Request-ID"]) >= 8


@pytest.mark.django_db
def test_every_response_has_its_own_id(client):
    ids = {client.get("/members/")["X-Request-ID"] for _n in range(3)}
    assert len(ids) == 3


def test_a_record_outside_a_request_is_one_line_without_request_fields():
    record = logging.LogRecord("club.tasks", logging.WARNING, __file__, 1, "two\nlines %s", ("here",), None)
    line = JsonLines().format(record)
    assert "\n" not in line
    assert json.loads(line)["message"] == "two\nlines here" and "request_id" not in json.loads(line)


@pytest.mark.django_db
def test_the_500_page_speaks_the_readers_language(members_page_raises, log_lines):
    client = Client(raise_request_exception=False)
    response = client.get("/members/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 500
    assert "Algo ha fallado" in response.content.decode()
    assert response["X-Request-ID"] in response.content.decode()
    assert len(log_lines()) == 1
