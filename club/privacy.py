"""How a member is named on the pages: the one place a member's name is written for display.

A member chooses to appear on the public pages by name (the default), by initials, or by pair number only;
a member who asked to be removed appears under the guest name they chose, or as "Former member". Directors,
club admins and staff read the real names. Who is reading is set once per request by `RealNamesMiddleware`
(for everything else, commands and emails included, the public form is the default: hiding is the safe side).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.access import is_club_admin, is_director


class Privacy(models.TextChoices):
    NAME = "name", gettext_lazy("My name")
    INITIALS = "initials", gettext_lazy("My initials")
    PAIR_NUMBER = "number", gettext_lazy("My pair number only")


# A function answering "may this reader see real names?" (evaluated at most once per request, when a name is shown).
_reader_sees_names: ContextVar[Callable[[], bool] | None] = ContextVar("reader_sees_names", default=None)


def may_see_names(user) -> bool:
    """Directors, club admins and staff read every member's real name."""
    return bool(user.is_authenticated and (user.is_staff or is_director(user) or is_club_admin(user)))


def names_visible() -> bool:
    """Whether the current reader sees real names (False outside a request: commands, emails)."""
    check = _reader_sees_names.get()
    return bool(check and check())


@contextmanager
def real_names(visible: bool = True) -> Iterator[None]:
    """Within the block, names are written as for a reader who sees them (`visible`) or for the public."""
    token = _reader_sees_names.set(lambda: visible)
    try:
        yield
    finally:
        _reader_sees_names.reset(token)


def initials(first: str, last: str) -> str:
    return " ".join(f"{part[0]}." for part in (first.strip(), last.strip()) if part)


def shown_name(first: str, last: str, privacy: str = Privacy.NAME, removed: bool = False) -> str:
    """A member's name as the current reader may see it."""
    if removed:
        return f"{first} {last}".strip() or _("Former member")
    if privacy == Privacy.NAME or names_visible():
        return f"{first} {last}"
    if privacy == Privacy.INITIALS:
        return initials(first, last)
    return _("Private player")


def page_is_public(privacy: str, removed: bool = False) -> bool:
    """Whether the member's own page and their place in the members list are shown to the current reader."""
    return not removed and (privacy != Privacy.PAIR_NUMBER or names_visible())


class RealNamesMiddleware:
    """Tells `shown_name` who reads this request's pages (the user is looked at only when a name is shown)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        answer: list[bool] = []

        def check() -> bool:
            if not answer:
                answer.append(may_see_names(request.user))
            return answer[0]

        token = _reader_sees_names.set(check)
        try:
            return self.get_response(request)
        finally:
            _reader_sees_names.reset(token)
