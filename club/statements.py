"""Statements written once, for the hottest requests (a room's phones polling and confirming): the ORM builds a
query's SQL again on every request, and for a short lookup that building costs more CPU than the database's
answer. A hot selector writes its statement once (cached per database vendor, from the models' own tables and
columns: `columns`, `table`) and reads its rows into model instances as the ORM does (`read_models`: every field,
with the database's values converted as the ORM converts them: dates, booleans, JSON).
No club's manager narrows a statement (club/tenancy.py): a statement that finds a root by what a request names
(a table's link) checks the root's club with `club.tenancy.in_scope`; the statements that follow read by its ids.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Sequence

from django.db import connection, connections
from django.db.models import Model


def quoted(name: str) -> str:
    return connection.ops.quote_name(name)


def table(model: type[Model]) -> str:
    """The model's table, quoted."""
    return quoted(model._meta.db_table)


def db_column(model: type[Model], name: str, alias: str = "") -> str:
    """A field's column, quoted (`alias.column` with an alias)."""
    named = quoted(model._meta.get_field(name).column)
    return f"{alias}.{named}" if alias else named


def columns(model: type[Model], alias: str) -> str:
    """Every column of the model (its concrete fields, in order) under `alias`: what `read_models` reads."""
    return ", ".join(f"{alias}.{quoted(field.column)}" for field in model._meta.concrete_fields)


def for_update(alias: str) -> str:
    """The lock of the rows of `alias` alone (not of the tables joined to them), where the database locks rows."""
    if not connection.features.has_select_for_update:
        return ""  # SQLite: a write locks the whole database
    return f" FOR UPDATE OF {alias}" if connection.features.has_select_for_update_of else " FOR UPDATE"


_CONVERTERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # by connection: by models, as below


def _converters(models: tuple[type[Model], ...]) -> list[tuple]:
    """What the ORM does to each column's value of `models` as this connection's database gives it (position,
    converters, column): found once per connection (finding them cost a poll a tenth of its CPU)."""
    wrapper = connections[connection.alias]  # this thread's connection
    known = _CONVERTERS.setdefault(wrapper, {})
    if models not in known:
        fields = [field for model in models for field in model._meta.concrete_fields]
        known[models] = []
        for position, field in enumerate(fields):
            col = field.get_col(field.model._meta.db_table)
            found = wrapper.ops.get_db_converters(col) + col.get_db_converters(wrapper)
            if found:
                known[models].append((position, found, col))
    return known[models]


def read_models(sql: str, params: Sequence, models: Sequence[type[Model]]) -> list[tuple]:
    """Each row of `sql` as an instance of each of `models` (whose `columns` the statement selects, in this order),
    followed by the row's other columns as they are."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    if not rows:
        return []
    converters = _converters(tuple(models))
    read = []
    for row in rows:
        values = list(row)
        for position, found, col in converters:
            for convert in found:
                values[position] = convert(values[position], col, connection)
        made, start = [], 0
        for model in models:
            count = len(model._meta.concrete_fields)
            names = [field.attname for field in model._meta.concrete_fields]
            made.append(model.from_db(connection.alias, names, values[start : start + count]))
            start += count
        read.append((*made, *values[start:]))
    return read


def save_fields(instance: Model, names: Sequence[str]) -> None:
    """`instance.save(update_fields=names)` as one statement written once per model and fields: each value prepared
    as the ORM prepares it (an `auto_now` field set to now, JSON, foreign keys' ids). It sends no signals: for a
    model with no history or listeners (a typed result), not for a line. One instance's own values; computed
    columns of many rows are written by `events.standings.services.bulk.update_by_pk`."""
    model = type(instance)
    fields = [model._meta.get_field(name) for name in names]
    values = [field.get_db_prep_save(field.pre_save(instance, False), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(connection.vendor, model, tuple(names)), [*values, instance.pk])


@functools.cache
def _update_sql(vendor: str, model: type[Model], names: tuple[str, ...]) -> str:
    assignments = ", ".join(f"{db_column(model, name)} = %s" for name in names)
    return f"UPDATE {table(model)} SET {assignments} WHERE {quoted(model._meta.pk.column)} = %s"
