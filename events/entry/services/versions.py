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

from club.drawn_rows import compare_row
from club.typed_result import notation
from events.models import TravellerLine


class DrawnRow(Protocol):
    form: forms.Form
    line: TravellerLine | None


def check_drawn(rows: list[DrawnRow]) -> int:
    """Compares each sent row with its line as it is now (read under the caller's lock). Returns how many rows
    the director left untouched took the line as another director saved it; refused rows carry their message."""
    ids = [row.line.pk for row in rows if row.line is not None]
    current = TravellerLine.objects.select_related("ns_pair", "ew_pair").in_bulk(ids)
    history = TravellerLine.history.select_related("ns_pair", "ew_pair")
    taken = 0
    for row in rows:
        row.line = current.get(row.line.pk) if row.line is not None else None
        row.form, took = compare_row(
            row.form, row.line, history=history, club_path="board__section__session__club", initial=line_initial
        )
        taken += took
    return taken


def line_initial(line: TravellerLine | None) -> dict:
    """A saved line as the director types it, in the reader's notation (``3SA`` ``O`` in Spanish); the score
    field holds the score of a score-only line only (with a contract, the contract gives the score)."""
    if line is None:
        return {}
    shown = notation()
    if line.not_played:
        contract = "NP"
    else:
        contract = line.adjusted or shown.contract(line.contract)
    score_only = not (line.contract or line.adjusted or line.not_played)
    return {
        "contract": "A" if line.bare_average else contract,
        "declarer": shown.seat(line.declarer),
        "tricks": "" if line.tricks is None else str(line.tricks),
        "lead": line.lead,
        "score": str(line.ns_score) if score_only and line.ns_score is not None else "",
        "ns_pair": shown.pair_label(line.ns_pair.label),
        "ew_pair": shown.pair_label(line.ew_pair.label),
    }
