"""A club's own settings as its pages read them (issue 31): its name, language, time zone, colours and logo.

`ClubLook` is a small snapshot of the `Club` row. With many clubs the middleware found the club already
(`request.club`, read on every request); with one club the snapshot is kept in Django's cache (`LOOK_KEY`), read
from the database when the cache has none, and written afresh by the settings service after its commit
(`club.club_settings`), so that a page reads no database for it. `ClubLocaleMiddleware` (in place of Django's
LocaleMiddleware) makes the club's language the default of a reader who has not chosen one (the language cookie of
the language switch wins; the browser's Accept-Language comes after the club's choice) and shows dates and times in
the club's time zone. The page cache keys a page by the snapshot's `stamp` too, and the service moves the pages'
version (`club.unit_of_work`, the thing `CLUB_SETTINGS`), so a kept page never shows an old setting.

A club with none of these set looks exactly as the site did before: no stylesheet, no logo, the translated "Bridge
club" as its name, the site's language and time zone.
"""

from __future__ import annotations

import hashlib
import json
import zoneinfo
from dataclasses import dataclass, field
from functools import cache as memoized

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.urls import reverse
from django.utils import timezone, translation

from club.tenancy import many_clubs, single_club_id

DEFAULT_NAME = "Bridge club"  # the name a club made on migrate has: shown as the translated "Bridge club"
LOOK_KEY = "pages:club-look"  # the one club's snapshot (single-club mode)
LOOK_FIELDS = ("pk", "name", "language", "time_zone", "preset", "conventions", "colour", "accent_colour", "logo")


@dataclass(frozen=True)
class ClubLook:
    pk: int | None = None
    name: str = DEFAULT_NAME
    language: str = ""
    time_zone: str = ""
    preset: str = ""  # the default scoring preset of new sessions (a name of scoring.PRESETS, "" none)
    conventions: dict = field(default_factory=dict)  # and conventions (scoring.Conventions' names) over it
    colour: str = ""
    accent_colour: str = ""
    logo: str = ""  # the stored file's name ("": none)
    stamp: str = field(default="", compare=False)

    @property
    def shown_name(self) -> str:
        """The club's name for its pages; "" for the default name (the templates translate "Bridge club")."""
        return "" if self.name == DEFAULT_NAME else self.name

    @property
    def style_version(self) -> str:
        """The version of the stylesheet and logo addresses: moved by a change of the colours or the logo."""
        return _digest(self.colour, self.accent_colour, self.logo)

    @property
    def styled(self) -> bool:
        return bool(self.colour or self.accent_colour or self.logo)

    @property
    def stylesheet(self) -> str:
        """The address of the club's stylesheet ("" for a club that set no colour nor logo)."""
        return reverse("club:style", args=[self.style_version]) if self.styled else ""

    @property
    def logo_url(self) -> str:
        return reverse("club:logo", args=[self.style_version]) if self.logo else ""


def _digest(*values: object) -> str:
    text = "|".join(json.dumps(value, sort_keys=True) for value in values)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def look_of(club) -> ClubLook:
    values = {name: getattr(club, name) for name in LOOK_FIELDS}
    values["logo"] = club.logo.name if club.logo else ""
    values["conventions"] = dict(values["conventions"] or {})
    return ClubLook(**values, stamp=_digest(*(values[name] for name in LOOK_FIELDS)))


def _one_club_look() -> ClubLook:
    try:
        found = cache.get(LOOK_KEY)
    except Exception:  # the cache down: the page is made from the database
        found = None
    if isinstance(found, ClubLook):
        return found
    from club.models import Club  # models import this module's neighbours; read at request time

    try:
        club = Club._base_manager.filter(pk=single_club_id()).first()
    except DatabaseError:  # the database down: the site's own look (/healthz answers 503, not this page a 500)
        return ClubLook()
    look = look_of(club) if club is not None else ClubLook()
    try:
        cache.add(LOOK_KEY, look, timeout=None)
    except Exception:
        pass
    return look


def refresh_one_club_look() -> None:
    """The one club's snapshot read again (after the settings' commit: a reader's older snapshot never wins, since
    `cache.add` keeps what this writes)."""
    if many_clubs():
        return
    cache.delete(LOOK_KEY)
    _one_club_look()


def forget_one_club_look() -> None:
    if not many_clubs():
        cache.delete(LOOK_KEY)


def request_look(request: HttpRequest) -> ClubLook:
    """The look of the request's club (read once per request)."""
    look = getattr(request, "club_look", None)
    if look is None:
        if many_clubs():
            club = getattr(request, "club", None)
            look = look_of(club) if club is not None else ClubLook()
        else:
            look = _one_club_look()
        request.club_look = look
    return look


def current_look() -> ClubLook:
    """The current club's look outside a request's middleware (a form, a command)."""
    from club.models import Club
    from club.tenancy import current_club_id

    if not many_clubs():
        return _one_club_look()
    club = Club._base_manager.filter(pk=current_club_id()).first()
    return look_of(club) if club is not None else ClubLook()


@memoized
def time_zones() -> tuple[str, ...]:
    """The time zones a club may choose (the IANA names this machine knows), sorted."""
    return tuple(sorted(zoneinfo.available_timezones()))


def valid_zone(name: str) -> bool:
    return name in _zone_set()


@memoized
def _zone_set() -> frozenset[str]:
    return frozenset(time_zones())


class ClubLocaleMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware, with the club's language as the default of a reader who chose none (no language
    cookie), and the club's time zone for the request."""

    def process_request(self, request: HttpRequest) -> None:
        look = request_look(request)
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) in dict(settings.LANGUAGES)
        if look.language and not chosen:
            translation.activate(look.language)
            request.LANGUAGE_CODE = translation.get_language()
        else:
            super().process_request(request)
        if look.time_zone and valid_zone(look.time_zone):
            timezone.activate(zoneinfo.ZoneInfo(look.time_zone))
        else:
            timezone.deactivate()

    def process_response(self, request, response):
        timezone.deactivate()
        return super().process_response(request, response)
