"""A traveller line's change history as plain data: who, when, and each field before and after."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from club.tenancy import narrowed
from events.checks.selectors.check_problems import CHECKED_REASON
from events.models import Board, Pair, TravellerLine

HISTORY_FIELDS = (
    "round",
    "table",
    "ns_pair",
    "ew_pair",
    "contract",
    "declarer",
    "tricks",
    "lead",
    "adjusted",
    "not_played",
    "ns_score",
    "checked",
)


@dataclass(frozen=True)
class FieldChange:
    field: str
    before: str
    after: str


@dataclass(frozen=True)
class HistoryEntry:
    line_id: int
    kind: str  # '+' created, '~' changed, '-' deleted
    when: datetime
    user: object | None
    changes: tuple[FieldChange, ...]
    source: str = ""  # e.g. "entered at table 3"; empty for the director's entry
    correction: str = ""  # the reason of the correction of a final session the change was made in

    @property
    def kind_label(self) -> str:
        return {"+": _("Created"), "~": _("Changed"), "-": _("Deleted")}.get(self.kind, self.kind)


def shown(name: str, value, pairs: dict[int, str]) -> str:
    if value is None or value == "":
        return "—"
    if name in ("ns_pair", "ew_pair"):
        return pairs.get(value, f"#{value}")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if name == "ns_score":
        return f"{value:+d}"
    return str(value)


TABLE_REASON = "table:"  # a result entered at a table ('table:3'); any other reason is a correction's


def source_text(reason: str) -> str:
    """Where a change came from, in the reader's language: 'table:3' is a result entered at table 3;
    'table:3|NS:4S N +1|EW:4S N =|EW' one the two sides disagreed on, both results and who settled it (the
    East-West pair accepting North-South's, or 'TD' the director)."""
    kind, _sep, rest = reason.partition(":")
    table, *parts = rest.split("|")
    if kind != "table" or not table:
        return reason
    if len(parts) != 3:
        return _("entered at table %(table)s") % {"table": table}
    ns, ew, by = (part.partition(":")[2] if ":" in part else part for part in parts)
    settled = {"NS": _("North-South accepted East-West's"), "EW": _("East-West accepted North-South's")}.get(
        by, _("settled by the director")
    )
    return _(
        "entered at table %(table)s after the two sides disagreed (North-South: %(ns)s; East-West: %(ew)s): %(settled)s"
    ) % {"table": table, "ns": ns, "ew": ew, "settled": settled}


def history_pairs(records: Iterable) -> dict[int, str]:
    ids = {record.ns_pair_id for record in records} | {record.ew_pair_id for record in records}
    return {pair.pk: pair.label for pair in Pair.objects.filter(pk__in=ids)}


def line_changes(records: list, pairs: dict[int, str]) -> list[HistoryEntry]:
    """What each historical record of one line changed, oldest first: who, when, before and after."""
    entries = []
    previous = None
    for record in records:
        changes = []
        for name in HISTORY_FIELDS:
            attname = f"{name}_id" if name in ("ns_pair", "ew_pair") else name
            after = getattr(record, attname)
            before = getattr(previous, attname) if previous is not None else None
            label = str(TravellerLine._meta.get_field(name).verbose_name)
            if record.history_type == "-":
                if after not in (None, "", False):
                    changes.append(FieldChange(label, shown(name, after, pairs), "—"))
            elif previous is None:
                if after not in (None, "", False):
                    changes.append(FieldChange(label, "—", shown(name, after, pairs)))
            elif before != after:
                changes.append(FieldChange(label, shown(name, before, pairs), shown(name, after, pairs)))
        reason = record.history_change_reason or ""
        entries.append(
            HistoryEntry(
                record.id,
                record.history_type,
                record.history_date,
                record.history_user,
                tuple(changes),
                source_text(reason) if reason.startswith(TABLE_REASON) else "",
                "" if reason == CHECKED_REASON or reason.startswith(TABLE_REASON) else reason,
            )
        )
        previous = record
    return entries


def load_line_history(line_id: int) -> dict | None:
    """The line history page's data: every record of the line, oldest first, with each change; the board and its
    session; and the board's other lines that were deleted. None when the line has no history."""
    # The history is no model's default manager: narrowed to the club here (a line of a board still kept).
    line_records = narrowed(TravellerLine.history.filter(id=line_id), "board__section__session__club")
    records = list(line_records.select_related("history_user").order_by("history_date", "history_id"))
    if not records:
        return None
    latest = records[-1]
    board = Board.objects.select_related("section__session").filter(pk=latest.board_id).first()
    deleted = list(
        TravellerLine.history.filter(board_id=latest.board_id, history_type="-")
        .exclude(id=line_id)
        .select_related("history_user")
        .order_by("-history_date")
    )
    pairs = history_pairs(records + deleted)
    return {
        "line_id": line_id,
        "latest": latest,
        "board": board,
        "session": board.section.session if board else None,
        "exists": latest.history_type != "-",
        "entries": line_changes(records, pairs),
        "latest_ns": pairs.get(latest.ns_pair_id, "?"),
        "latest_ew": pairs.get(latest.ew_pair_id, "?"),
        "deleted": [
            {"record": record, "ns": pairs.get(record.ns_pair_id, "?"), "ew": pairs.get(record.ew_pair_id, "?")}
            for record in deleted
        ],
    }
