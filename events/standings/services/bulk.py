"""Writing computed columns of many rows at once."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connections, router

BATCH = 1000  # rows a statement: a few thousand parameters, well under every database's limit


def update_by_pk(*, model, fields: tuple[str, ...], rows: Iterable[tuple]) -> None:
    """For each row (the values of `fields`, then the primary key): the row's `fields` set to those values.

    One statement (`UPDATE ... FROM UNNEST(%s::type[], ...) AS v(...) WHERE pk = v.vpk` on PostgreSQL, one array a
    column) or one a batch of rows (`WITH v(...) AS (VALUES ...) UPDATE ... FROM v WHERE pk = v.pk` on SQLite 3.33
    or newer), where `QuerySet.bulk_update` builds a CASE expression per row and field (which
    costs far more to build than to run when a board or a session is rescored) and an `executemany` sends one
    UPDATE a row. Like `bulk_update`, it sends no signals and records no history: it is for computed columns only.
    """
    rows = list(rows)
    if not rows:
        return
    connection = connections[router.db_for_write(model)]
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    params = [
        [column.get_db_prep_save(value, connection) for column, value in zip(columns, row[:-1], strict=True)]
        + [row[-1]]
        for row in rows
    ]
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite" and connection.Database.sqlite_version_info < (3, 33):
            cursor.executemany(_one_row_sql(connection, meta, columns), params)
            return
        if connection.vendor == "postgresql":  # one array a column: three parameters, not three a row
            arrays = [list(column) for column in zip(*params, strict=True)]
            cursor.execute(_arrays_sql(connection, meta, columns), arrays)
            return
        for start in range(0, len(params), BATCH):
            batch = params[start : start + BATCH]
            cursor.execute(
                _values_sql(connection, meta, columns, len(batch)), [value for row in batch for value in row]
            )


def _one_row_sql(connection, meta, columns) -> str:
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(column.column)} = %s" for column in columns)
    return f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"


def _arrays_sql(connection, meta, columns) -> str:
    """PostgreSQL's statement for any number of rows: the rows come as one array a column, unnested."""
    quote = connection.ops.quote_name
    names = [f"v{index}" for index in range(len(columns))]
    arrays = ", ".join(f"%s::{column.cast_db_type(connection)}[]" for column in [*columns, meta.pk])
    assignments = ", ".join(f"{quote(column.column)} = v.{name}" for column, name in zip(columns, names, strict=True))
    table, pk = quote(meta.db_table), quote(meta.pk.column)
    return (
        f"UPDATE {table} SET {assignments} FROM UNNEST({arrays}) AS v({', '.join(names)}, vpk) "
        f"WHERE {table}.{pk} = v.vpk"
    )


def _values_sql(connection, meta, columns, count: int) -> str:
    """The statement for `count` rows; every value cast to its column's type (PostgreSQL reads a column of NULLs
    in VALUES as text)."""
    quote = connection.ops.quote_name
    names = [f"v{index}" for index in range(len(columns))]
    casts = [f"CAST(%s AS {column.cast_db_type(connection)})" for column in [*columns, meta.pk]]
    values = ", ".join([f"({', '.join(casts)})"] * count)
    assignments = ", ".join(f"{quote(column.column)} = v.{name}" for column, name in zip(columns, names, strict=True))
    table, pk = quote(meta.db_table), quote(meta.pk.column)
    return (
        f"WITH v({', '.join(names)}, vpk) AS (VALUES {values}) "
        f"UPDATE {table} SET {assignments} FROM v WHERE {table}.{pk} = v.vpk"
    )
