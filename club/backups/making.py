"""Making, restoring and checking a backup of the site's database, whichever database it is."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.utils.translation import gettext as _

from club.backups import postgres, sqlite
from club.backups.files import BackupError, file_kind, new_backup_path, owner_only, partial_path, prune


@dataclass(frozen=True)
class TableCount:
    table: str
    rows: int


@dataclass(frozen=True)
class Restored:
    tables: list[TableCount]
    pending_migrations: int  # migrations of the code the backup's database has not had: run `migrate`


def _kind(connection: BaseDatabaseWrapper) -> str:
    if connection.vendor not in ("sqlite", "postgresql"):
        raise BackupError(_("Backups handle SQLite and PostgreSQL, not %(vendor)s.") % {"vendor": connection.vendor})
    return connection.vendor


def _engine(kind: str) -> ModuleType:
    return sqlite if kind == "sqlite" else postgres


def make_backup(*, keep: int | None = None, using: str = DEFAULT_DB_ALIAS) -> tuple[Path, list[Path]]:
    """Writes a snapshot of the database into BACKUP_DIR, then keeps the newest `keep` (BACKUP_KEEP unless told).
    Returns the new backup and those removed. A backup that fails leaves no file behind."""
    connection = connections[using]
    kind = _kind(connection)
    path = new_backup_path(kind)
    writing = partial_path(path)
    try:
        _engine(kind).dump(connection, writing)
        owner_only(writing)
        os.replace(writing, path)
    finally:
        writing.unlink(missing_ok=True)
    return path, prune(keep=settings.BACKUP_KEEP if keep is None else keep)


def _matching(path: Path, connection: BaseDatabaseWrapper) -> str:
    kind, site = file_kind(path), _kind(connection)
    if kind != site:
        raise BackupError(
            _("%(path)s is a backup of a %(kind)s database; the site's database is %(site)s.")
            % {"path": path, "kind": kind, "site": site}
        )
    return kind


def tables_in(connection: BaseDatabaseWrapper) -> list[str]:
    """The database's tables, SQLite's own aside: `sqlite_stat1`, the planner's statistics that ANALYZE keeps (the
    clubs' migrations run it), holds none of the site's data, so a database with nothing else in it is empty."""
    with connection.cursor() as cursor:
        return [name for name in connection.introspection.table_names(cursor) if not name.startswith("sqlite_")]


def restore(path: Path, *, force: bool = False, using: str = DEFAULT_DB_ALIAS) -> Restored:
    """Restores the backup into the site's database, which must be empty unless `force` (then everything in it
    is replaced). Empties the page cache (its pages were made from the database before)."""
    connection = connections[using]
    kind = _matching(path, connection)
    existing = tables_in(connection)
    if existing and not force:
        raise BackupError(
            _(
                "The database %(name)s is not empty (%(count)s tables, %(first)s among them): restore refuses to "
                "write over it. Restore into an empty database, or add --force to replace everything in it with "
                "the backup."
            )
            % {"name": connection.settings_dict["NAME"], "count": len(existing), "first": existing[0]}
        )
    engine = _engine(kind)
    if existing:
        engine.drop_everything(connection)
    engine.load(connection, path)
    cache.clear()
    return Restored(tables=_counted(connection), pending_migrations=_pending(connection))


def _counted(connection: BaseDatabaseWrapper) -> list[TableCount]:
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        found = []
        for table in tables_in(connection):
            cursor.execute(f"SELECT count(*) FROM {quote(table)}")
            found.append(TableCount(table, cursor.fetchone()[0]))
    return found


def _pending(connection: BaseDatabaseWrapper) -> int:
    executor = MigrationExecutor(connection)
    return len(executor.migration_plan(executor.loader.graph.leaf_nodes()))


def check_backup(path: Path, *, using: str = DEFAULT_DB_ALIAS) -> list[TableCount]:
    """Restores the backup into a scratch database (the site's is not touched) and counts every table's rows."""
    connection = connections[using]
    kind = _matching(path, connection)
    found = sqlite.counts(path) if kind == "sqlite" else postgres.counts(connection, path)
    if not any(table == "django_migrations" for table, _rows in found):
        raise BackupError(_("%(path)s holds no database of this site (no migrations table).") % {"path": path})
    return [TableCount(table, rows) for table, rows in found]
