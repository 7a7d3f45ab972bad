"""A table's tag for the phones' polls: a short string that moves whenever the table's page would change (its
`TableState.version`), read in one query without building the state. A poll that sends the tag it was given
(`If-None-Match`) and finds it unchanged is answered `304 Not Modified` (`club.table_entry.polled_state`, the rule
of every app's table page).

The version reads, for the table's boards: the round (from the table's lines), each typed result's version,
confirmation and removal (its line gone), each line's id, and the table's correction requests (id, resolved).
The tag reads the same rows in sums and counts that any of those changes moves: the table's typed results (count,
ids, versions, lines, confirmations), the lines entered for the table (count, ids: a line removed and entered again
has a new id) and its correction requests (count, ids, resolved), with the section's movement.
"""

from __future__ import annotations

from functools import cache

from django.db import connection

from club.table_entry import state_tag
from events.models import Board, CorrectionRequest, TableResult, TravellerLine
from events.plans import MOVEMENT_FIELDS
from events.tables.selectors.table_entry import TableContext


@cache
def _sql(vendor: str) -> str:
    """The tag's one statement (written once: the ORM's building of it cost more than the poll's every other step).
    Each part is named by its first column, the rows sorted by it (UNION ALL promises no order)."""
    q = connection.ops.quote_name

    def column(model, name: str) -> str:
        return q(model._meta.get_field(name).column)

    def where(model, alias: str = "") -> str:
        return f"WHERE {alias}{column(model, 'section')} = %s AND {alias}{column(model, 'table')} = %s"

    typed, line, asked = TableResult, TravellerLine, CorrectionRequest
    resolved = f"SUM(CASE WHEN {column(asked, 'resolved')} THEN 1 ELSE 0 END)"
    boards = f"{q(Board._meta.db_table)} b ON l.{column(line, 'board')} = b.{q('id')}"
    return " UNION ALL ".join(
        (
            f"SELECT 1, COUNT(*), SUM({q('id')}), SUM({column(typed, 'version')}), SUM({column(typed, 'line')}), "
            f"COUNT({column(typed, 'confirmed_at')}) FROM {q(typed._meta.db_table)} {where(typed)}",
            f"SELECT 2, COUNT(*), SUM(l.{q('id')}), 0, 0, 0 FROM {q(line._meta.db_table)} l JOIN {boards} "
            f"WHERE b.{column(Board, 'section')} = %s AND l.{column(line, 'table')} = %s",
            f"SELECT 3, COUNT(*), SUM({q('id')}), {resolved}, 0, 0 FROM {q(asked._meta.db_table)} {where(asked)}",
        )
    )


def table_tag(context: TableContext) -> str:
    """The table's tag, quoted as an ETag: one query."""
    section, table = context.section, context.table
    with connection.cursor() as cursor:
        cursor.execute(_sql(connection.vendor), [section.pk, table] * 3)
        rows = sorted(cursor.fetchall())
    return state_tag(section.pk, table, [getattr(section, name) for name in MOVEMENT_FIELDS], rows)
