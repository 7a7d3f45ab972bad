"""Pages drawn from older lines: each row of a traveller or slip carries the line (and its version) it was drawn
from, and a row whose line changed since is never saved over it.

`check_drawn` runs under the session's lock (`session_write`), so that no other save slips in between the check
and the writes. A row the director left as it was drawn takes the line as it is now; a row the director typed
into is refused with who changed the line and what it reads now (the page then carries the new version, so
saving again replaces it on purpose).
"""

from __future__ import annotations

from typing import Protocol

from django import forms

from club.versions import NEW, drawn_record, last_changed_by, sent_id, sent_token, stale_message, token, untouched
from events.forms.entry import line_initial
from events.models import TravellerLine


class DrawnRow(Protocol):
    form: forms.Form
    line: TravellerLine | None


def _reads(line: TravellerLine) -> str:
    values = line_initial(line)
    return " ".join(str(values[name]) for name in ("contract", "declarer", "tricks") if values[name])


def check_drawn(rows: list[DrawnRow]) -> int:
    """Compares each sent row with its line as it is now (read under the caller's lock). Returns how many rows
    the director left untouched took the line as another director saved it; refused rows carry their message."""
    ids = [row.line.pk for row in rows if row.line is not None]
    current = TravellerLine.objects.select_related("ns_pair", "ew_pair").in_bulk(ids)
    taken = 0
    for row in rows:
        sent = sent_token(row.form)
        now = current.get(row.line.pk) if row.line is not None else None
        row.line = now
        if sent is None or sent == token(now):
            continue
        record = drawn_record(TravellerLine.history.select_related("ns_pair", "ew_pair"), sent)
        drawn = {} if record == NEW else (line_initial(record) if record is not None else None)
        if drawn is not None and untouched(row.form, drawn):
            row.form = type(row.form)(None, prefix=row.form.prefix, initial=line_initial(now))
            taken += 1
            continue
        who = last_changed_by(TravellerLine.history, now.pk if now is not None else sent_id(sent))
        row.form.add_error(None, stale_message(who, _reads(now) if now is not None else None))
    return taken
