"""Every request has an id, and every log record is one line of JSON that names it.

`RequestIdMiddleware` (first in MIDDLEWARE) takes the id from the X-Request-ID header when it is sane (what a
proxy or a load balancer sets: letters, digits and `.-_:` only, 8 to 128 of them) or makes one, keeps it on the
request and sets it on the response, so that a person quoting it from the error page and a proxy's log lead to
the same line here. `JsonLines` (the console handler's formatter in settings.LOGGING) writes each record as
one line: time, level, logger, message, and within a request its id, the user's id, the method and the path
(never the query string), and for an error the exception's type, message and traceback. An unhandled exception
in a view is logged once, by Django's `django.request` logger, through it.

Loaded by the logging configuration before the apps: it imports nothing of the project and no models.
"""

from __future__ import annotations

import json
import logging
import re
import traceback
import uuid
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime

HEADER = "X-Request-ID"
META_KEY = "HTTP_X_REQUEST_ID"  # the header as the WSGI server passes it
SANE = re.compile(r"[A-Za-z0-9._:-]{8,128}")

_current = ContextVar("current_request", default=None)


def request_id_of(request) -> str:
    given = request.META.get(META_KEY, "")  # not request.headers: that builds every header's entry (a poll's 5 %)
    return given if SANE.fullmatch(given) else uuid.uuid4().hex


class RequestIdMiddleware:
    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response

    def __call__(self, request):
        request.request_id = request_id_of(request)
        token = _current.set(request)
        try:
            response = self.get_response(request)
        finally:
            _current.reset(token)
        response[HEADER] = request.request_id
        return response


def _user_id(request) -> int | str | None:
    try:
        user = getattr(request, "user", None)
        return user.pk if user is not None and user.is_authenticated else None
    except Exception:  # the user cannot be read (the database is what failed): the line is still written
        return None


def request_fields(request) -> dict:
    return {
        "request_id": getattr(request, "request_id", None),
        "user_id": _user_id(request),
        "method": getattr(request, "method", None),
        "path": getattr(request, "path", None),
    }


def _exception_fields(exc_info) -> dict:
    kind, error, trace = exc_info
    return {
        "exception_type": f"{kind.__module__}.{kind.__qualname__}" if kind.__module__ != "builtins" else kind.__name__,
        "exception_message": str(error),
        "traceback": "".join(traceback.format_exception(kind, error, trace)),
    }


class JsonLines(logging.Formatter):
    """A log record as one line of JSON (newlines inside the message or the traceback are escaped)."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        request = getattr(record, "request", None) or _current.get()
        if request is not None and hasattr(request, "method"):
            line.update(request_fields(request))
        if isinstance(getattr(record, "status_code", None), int):
            line["status"] = record.status_code
        if record.exc_info and record.exc_info[0] is not None:
            line.update(_exception_fields(record.exc_info))
        return json.dumps(line, ensure_ascii=False, default=str)
