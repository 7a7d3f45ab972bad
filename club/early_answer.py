"""A phone's poll answered before the middleware it does not need.

Every table's phones ask their table's state every few seconds (`static/js/table.js`), sending the tag of their
last answer (If-None-Match); most polls find nothing new and are answered `304 Not Modified`
(`club.table_entry.polled_state`). Such a poll reads no session, no login, no language and no CSRF token, yet
each of those middleware cost it CPU: skipping them took about a quarter off a `304` poll's server CPU over HTTP
(bench/README.md, *bench_table.py*). A view
marked `@answers_early(quick)` is asked here instead, right after the request's club is found
(`club.club_middleware.ClubMiddleware`): `quick(request, **kwargs)` answers the poll (304, or the new version)
or returns None when it would refuse it (a closed table, a wrong link), and the request then goes the whole way
to the view, whose refusal speaks the reader's language. Only a GET with If-None-Match is looked at (a phone's
first poll sends the tag its page carried): a page read or a form posted is not.

What the middleware skipped leaves no mark on an answer: the answer is private and never cached, sets no cookie,
and gets the frame header `XFrameOptionsMiddleware` gives every answer (the headers of the middleware above this
one, the security headers, the policy and the request's id, it gets from them as any answer does).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.urls import Resolver404, resolve

Quick = Callable[..., HttpResponse | None]


def answers_early(quick: Quick) -> Callable:
    """Marks a view whose conditional GET `quick` can answer before most middleware (see the module)."""

    def mark(view):
        view.early_answer = quick
        return view

    return mark


class EarlyAnswerMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.frame = XFrameOptionsMiddleware(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET" and "HTTP_IF_NONE_MATCH" in request.META:
            answer = self._early(request)
            if answer is not None:
                return self.frame.process_response(request, answer)
        return self.get_response(request)

    @staticmethod
    def _early(request: HttpRequest) -> HttpResponse | None:
        try:
            match = resolve(request.path_info, getattr(request, "urlconf", None))
        except Resolver404:
            return None
        quick = getattr(match.func, "early_answer", None)
        return quick(request, *match.args, **match.kwargs) if quick is not None else None
