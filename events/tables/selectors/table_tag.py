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
from typing import TYPE_CHECKING

from django.db import connection

from club.table_entry import state_tag
from events.models import Board, CorrectionRequest, TableResult, TravellerLine
from events.plans import MOVEMENT_FIELDS

if TYPE_CHECKING:
    from events.tables.selectors.table_entry import TableContext


def tag_parts_sql(section: str) -> str:
    """The tag's three parts as three columns, each a text of sums and counts (the same text on every read of the
    same rows, whichever statement reads them): the table's typed results, its lines and its correction requests,
    for the section `section` names (`%s`, or a column of a statement that reads the section: the table's lookup
    reads its tag with it, `events.tables.selectors.table_entry`) and the table given three times (`%s`)."""
    q = connection.ops.quote_name

    def column(model, name: str, alias: str) -> str:
        return f"{alias}.{q(model._meta.get_field(name).column)}"

    def joined(*sums: str) -> str:
        return " || ',' || ".join(sums)

    def where(model, alias: str) -> str:
        return f"WHERE {column(model, 'section', alias)} = {section} AND {column(model, 'table', alias)} = %s"

    typed, line, asked, ident = TableResult, TravellerLine, CorrectionRequest, q("id")
    resolved = f"COALESCE(SUM(CASE WHEN {column(asked, 'resolved', 'tc')} THEN 1 ELSE 0 END), 0)"
    typed_sums = joined(
        "COUNT(*)",
        f"COALESCE(SUM(tr.{ident}), 0)",
        f"COALESCE(SUM({column(typed, 'version', 'tr')}), 0)",
        f"COALESCE(SUM({column(typed, 'line', 'tr')}), 0)",
        f"COUNT({column(typed, 'confirmed_at', 'tr')})",
    )
    return ", ".join(
        (
            f"(SELECT {typed_sums} FROM {q(typed._meta.db_table)} tr {where(typed, 'tr')})",
            f"(SELECT {joined('COUNT(*)', f'COALESCE(SUM(tl.{ident}), 0)')} "
            f"FROM {q(line._meta.db_table)} tl JOIN {q(Board._meta.db_table)} tb "
            f"ON {column(line, 'board', 'tl')} = tb.{ident} "
            f"WHERE {column(Board, 'section', 'tb')} = {section} AND {column(line, 'table', 'tl')} = %s)",
            f"(SELECT {joined('COUNT(*)', f'COALESCE(SUM(tc.{ident}), 0)', resolved)} "
            f"FROM {q(asked._meta.db_table)} tc {where(asked, 'tc')})",
        )
    )


@cache
def _sql(vendor: str) -> str:
    """The tag's one statement, alone (written once: the ORM's building of it cost more than the poll's every other
    step)."""
    return f"SELECT {tag_parts_sql('%s')}"


def table_tag(context: TableContext) -> str:
    """The table's tag, quoted as an ETag: read with the table by its lookup (`find_table`), or in one query."""
    section, table = context.section, context.table
    parts = context.tag_parts
    if not parts:
        with connection.cursor() as cursor:
            cursor.execute(_sql(connection.vendor), [section.pk, table] * 3)
            parts = tuple(cursor.fetchone())
    return state_tag(section.pk, table, [getattr(section, name) for name in MOVEMENT_FIELDS], parts)
