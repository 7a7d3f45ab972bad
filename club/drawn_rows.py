"""Rows drawn from a versioned result (a traveller line, a room's result): what a page carries of the version
each row was drawn from, and what that version read. The apps' services compare them under their lock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from club.tenancy import narrowed

DRAWN = "drawn"  # each row's hidden field: "<id>.<version>", or "new" for a row drawn without a result
NEW = "new"


def token(item: Any) -> str:
    """What a row carries of the result it was drawn from (`item` has `pk` and `version`, or is None)."""
    return f"{item.pk}.{item.version}" if item is not None else NEW


def sent_token(form: forms.Form) -> str | None:
    """The token the page was drawn with, or None when the request sent none."""
    value = form.data.get(form.add_prefix(DRAWN))
    return value if isinstance(value, str) else None


def _id_and_version(sent: str) -> tuple[int, int] | None:
    item_id, _dot, version = sent.partition(".")
    for text in (item_id, version):
        if not (text.isascii() and text.isdigit() and len(text) <= 9):
            return None
    return int(item_id), int(version)


def sent_id(sent: str) -> int | None:
    """The id a token names, or None."""
    parsed = _id_and_version(sent)
    return parsed[0] if parsed else None


def drawn_record(history, sent: str) -> Any:
    """The historical record the row was drawn from (`history`: the model's history manager), NEW for a row
    drawn empty, or None when the token names no version the history holds."""
    if sent == NEW:
        return NEW
    parsed = _id_and_version(sent)
    if parsed is None:
        return None
    return history.filter(id=parsed[0], version=parsed[1]).order_by("-history_date", "-history_id").first()


def untouched(form: forms.Form, drawn: dict[str, Any]) -> bool:
    """Whether the director sent the row as it was drawn (with the `drawn` values)."""
    return not type(form)(form.data, prefix=form.prefix, initial=drawn).has_changed()


def last_changed_by(history, item_id: int | None) -> str:
    """The name of whoever last changed (or removed) the result, or "Another director"."""
    record = history.filter(id=item_id).order_by("-history_date", "-history_id").first() if item_id else None
    user = record.history_user if record is not None else None
    return (user.get_full_name() or user.get_username()) if user is not None else _("Another director")


def changed_since_message(who: str, reads: str | None) -> str:
    """The message of a row refused because its result changed (reads: what it reads now; None: removed)."""
    if reads is None:
        return _("%(who)s removed this result after you opened the page. Save again to enter what you typed.") % {
            "who": who
        }
    return _(
        "%(who)s changed this result after you opened the page: it now reads %(result)s. "
        "Save again to replace it with what you typed."
    ) % {"who": who, "result": reads}


def _reads(values: dict[str, Any]) -> str:
    return " ".join(str(values[name]) for name in ("contract", "declarer", "tricks") if values[name])


def compare_row(
    form: forms.Form, now: Any, *, history, club_path: str, initial: Callable[[Any], dict]
) -> tuple[forms.Form, bool]:
    """A sent row against its result as it is now (read under the caller's lock): `history` is the result's
    history (manager or queryset), `club_path` its path to its club (the history is no club-owned model's manager:
    a hidden field naming another club's result finds none of its records), `initial` gives a result's (or
    record's) form values.

    Returns the row's form and whether it took another director's change: a row drawn from the result as it is
    comes back as sent; a row the director left as drawn comes back drawn afresh from `now` (taken); a row typed
    into comes back with the refusal on it, saying who changed the result and what it reads now."""
    sent = sent_token(form)
    if sent is None or sent == token(now):
        return form, False
    history = narrowed(history.all(), club_path)
    record = drawn_record(history, sent)
    drawn = {} if record == NEW else (initial(record) if record is not None else None)
    if drawn is not None and untouched(form, drawn):
        return type(form)(None, prefix=form.prefix, initial=initial(now)), True
    who = last_changed_by(history, now.pk if now is not None else sent_id(sent))
    form.add_error(None, changed_since_message(who, _reads(initial(now)) if now is not None else None))
    return form, False
