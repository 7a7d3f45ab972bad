"""Pages drawn from older lines: each row of a traveller or slip carries the line (and its version) it was drawn
from, and a row whose line changed since is never saved over it.

`check_drawn` runs under the session's lock (`session_write`), so that no other save slips in between the check
and the writes. A row the director left as it was drawn takes the line as it is now; a row the director typed
into is refused with who changed the line and what it reads now (the page then carries the new version, so
saving again replaces it on purpose).
"""

from __future__ import annotations

from typing import Any, Protocol

from django import forms
from django.utils.translation import gettext as _

from events.forms.entry import line_initial
from events.models import TravellerLine

DRAWN = "drawn"  # the hidden field of each row: "<line id>.<version>", or "new" for a row drawn without a line


class DrawnRow(Protocol):
    form: forms.Form
    line: TravellerLine | None


def token(line: TravellerLine | None) -> str:
    """What a row carries of the line it was drawn from."""
    return f"{line.pk}.{line.version}" if line is not None else "new"


def sent_token(form: forms.Form) -> str | None:
    """The token the page was drawn with, or None when the request did not send one."""
    value = form.data.get(form.add_prefix(DRAWN))
    return value if isinstance(value, str) else None


def _drawn_values(sent: str) -> dict[str, Any] | None:
    """What the row showed when it was drawn: {} for a new row, the line's values at that version, or None
    when the token names no version the history holds."""
    if sent == "new":
        return {}
    line_id, _dot, version = sent.partition(".")
    if not (line_id.isascii() and line_id.isdigit() and version.isascii() and version.isdigit()):
        return None
    if len(line_id) > 18 or len(version) > 9:
        return None
    record = (
        TravellerLine.history.filter(id=int(line_id), version=int(version))
        .select_related("ns_pair", "ew_pair")
        .order_by("-history_date", "-history_id")
        .first()
    )
    return None if record is None else line_initial(record)


def _who(line_id: int | None) -> str:
    record = TravellerLine.history.filter(id=line_id).order_by("-history_date", "-history_id").first()
    user = record.history_user if record is not None else None
    return (user.get_full_name() or user.get_username()) if user is not None else _("Another director")


def _reads(line: TravellerLine) -> str:
    values = line_initial(line)
    return " ".join(str(values[name]) for name in ("contract", "declarer", "tricks") if values[name])


def _refuse(row: DrawnRow, sent: str, now: TravellerLine | None) -> None:
    drawn_id = sent.partition(".")[0]
    if now is None:
        who = _who(int(drawn_id)) if drawn_id.isascii() and drawn_id.isdigit() and len(drawn_id) <= 18 else None
        message = _("%(who)s removed this result after you opened the page. Save again to enter what you typed.") % {
            "who": who or _("Another director")
        }
    else:
        message = _(
            "%(who)s changed this result after you opened the page: it now reads %(result)s. "
            "Save again to replace it with what you typed."
        ) % {"who": _who(now.pk), "result": _reads(now)}
    row.form.add_error(None, message)


def check_drawn(rows: list[DrawnRow]) -> int:
    """Compares each sent row with its line as it is now (read under the caller's lock). Returns how many rows
    the director left untouched took the line as another director saved it; refused rows carry their message."""
    ids = [row.line.pk for row in rows if row.line is not None]
    current = TravellerLine.objects.select_related("ns_pair", "ew_pair").in_bulk(ids)
    taken = 0
    for row in rows:
        sent = sent_token(row.form)
        now = current.get(row.line.pk) if row.line is not None else None
        if sent is None or sent == token(now):
            row.line = now if row.line is not None else None
            continue
        drawn = _drawn_values(sent)
        form = row.form
        untouched = drawn is not None and not type(form)(form.data, prefix=form.prefix, initial=drawn).has_changed()
        row.line = now
        if untouched:
            row.form = type(form)(None, prefix=form.prefix, initial=line_initial(now))
            taken += 1
        else:
            _refuse(row, sent, now)
    return taken
