"""Finding the request's club on a site serving many clubs (`CLUBS=many`; see `club.tenancy`).

A club is found from its own host name (`Club.host`: bridge.someclub.org serves its pages at today's paths) or from
the path prefix `/c/SHORT_NAME/`: the prefix is taken off `path_info` and made the script prefix, so that the
club's pages keep today's paths below it and every `reverse()` (links, redirects, the login's `next`) carries it.
A request naming no club is the host's: its own small URL conf (`settings.CLUB_HOST_URLCONF`, the list of clubs
at `/`), where no club-owned record can be read (`club.tenancy.ClubNotSet`).

In single-club mode (the default) the middleware does nothing: addresses and pages are today's.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.urls import get_script_prefix, set_script_prefix

from club.club_directory import club_for
from club.selectors import clubs_listed
from club.tenancy import club_scope, many_clubs

PREFIX = re.compile(r"^/c/(?P<short_name>[-a-zA-Z0-9_]+)(?P<rest>/.*)?$")


class ClubMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not many_clubs():
            return self.get_response(request)
        host = request.get_host().rsplit(":", 1)[0].lower()
        found = PREFIX.match(request.path_info)
        club = club_for(host, found["short_name"] if found else "")
        if club is not None and host and club.host == host:
            request.club = club
            with club_scope(club.pk):
                return self.get_response(request)
        if club is None:
            request.urlconf = settings.CLUB_HOST_URLCONF
            return self.get_response(request)
        return self._by_prefix(request, club, found["rest"])

    def _by_prefix(self, request: HttpRequest, club, rest: str | None) -> HttpResponse:
        if not rest:
            return HttpResponsePermanentRedirect(f"{request.path}/")
        request.club = club
        before = get_script_prefix()
        request.path_info = rest
        set_script_prefix(f"{before.rstrip('/')}/c/{club.short_name}/")
        try:
            with club_scope(club.pk):
                return self.get_response(request)
        finally:
            set_script_prefix(before)


def host_front(request: HttpRequest) -> HttpResponse:
    """The host's front page: the clubs it serves, each with its address."""
    return render(request, "club/host_front.html", {"clubs": clubs_listed()})


def host_not_found(request: HttpRequest, exception=None) -> HttpResponse:
    """A 404 on the host's pages (no club's frame: the site's frame links a club's pages)."""
    return render(request, "club/host_not_found.html", status=404)
