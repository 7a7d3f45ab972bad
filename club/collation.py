"""Names in the order a reader expects: accents and case do not count (Sánchez before Stan, as in a phone book),
on both databases: PostgreSQL's ICU root collation (`und-x-icu`), and on SQLite a collation of the same name
registered on each connection (`register_sqlite_collation`, from `club.apps`), comparing `folded` names."""

from __future__ import annotations

from django.db.models import F, QuerySet
from django.db.models.functions import Collate

from club.member_match import folded

NAME_COLLATION = "und-x-icu"


def by_name(field: str) -> Collate:
    """An order_by expression: ``field`` in the accent-insensitive collation of the database in use."""
    return Collate(F(field), NAME_COLLATION)


def name_order(members: QuerySet, *extra: str) -> QuerySet:
    """The members ordered by last name, then first name (accents and case aside), then ``extra`` fields."""
    return members.order_by(by_name("last_name"), by_name("first_name"), *extra)


def _compare(first: str, second: str) -> int:
    key_first, key_second = (folded(first), first), (folded(second), second)
    return (key_first > key_second) - (key_first < key_second)


def register_sqlite_collation(sender, connection, **_kwargs) -> None:
    """connection_created: SQLite learns the collation PostgreSQL has built in."""
    if connection.vendor == "sqlite":
        connection.connection.create_collation(NAME_COLLATION, _compare)
