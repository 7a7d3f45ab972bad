"""Writing computed columns of many rows at once."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connections, router


def update_by_pk(*, model, fields: tuple[str, ...], rows: Iterable[tuple]) -> None:
    """For each row (the values of `fields`, then the primary key): UPDATE ... SET ... WHERE pk = ...

    What `QuerySet.bulk_update` does, in one `executemany` instead of a CASE expression per row and
    field, which costs far more to build than to run when a board or a session is rescored. Like
    `bulk_update`, it sends no signals and records no history: it is for computed columns only.
    """
    rows = list(rows)
    if not rows:
        return
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    assignments = ", ".join(f"{quote(column.column)} = %s" for column in columns)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    params = [
        [column.get_db_prep_save(value, connection) for column, value in zip(columns, row[:-1], strict=True)]
        + [row[-1]]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)
