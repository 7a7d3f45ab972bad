"""SQLite through its online backup API: a copy made page by page in one read transaction, so it is consistent
while the site writes (WAL lets the writers go on), and restored the same way into the site's own connection."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.request import pathname2url

from django.db.backends.base.base import BaseDatabaseWrapper
from django.utils.translation import gettext as _

from club.backups.files import BackupError

TABLES = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"


def dump(connection: BaseDatabaseWrapper, target: Path) -> None:
    """Copies the site's database into `target` (one self-contained file, no WAL beside it)."""
    connection.ensure_connection()
    copy = sqlite3.connect(target)
    try:
        connection.connection.backup(copy)  # every page in one step: one snapshot
        copy.execute("PRAGMA journal_mode=DELETE")
        _intact(copy, target)
    finally:
        copy.close()


def _open_read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{pathname2url(str(path.resolve()))}?mode=ro", uri=True)


def _intact(database: sqlite3.Connection, path: Path) -> None:
    try:
        verdict = database.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.DatabaseError as error:
        raise BackupError(_("%(path)s is damaged: %(error)s.") % {"path": path, "error": error}) from error
    if verdict != "ok":
        raise BackupError(_("%(path)s is damaged: %(error)s.") % {"path": path, "error": verdict})


def load(connection: BaseDatabaseWrapper, source: Path) -> None:
    """Replaces the site's whole database with the backup's (in one transaction of SQLite's)."""
    backup = _open_read_only(source)
    try:
        _intact(backup, source)
        connection.ensure_connection()
        backup.backup(connection.connection)
    finally:
        backup.close()


def counts(source: Path) -> list[tuple[str, int]]:
    """Restores the backup into a scratch database in memory and counts every table's rows."""
    backup = _open_read_only(source)
    scratch = sqlite3.connect(":memory:")
    try:
        _intact(backup, source)
        backup.backup(scratch)
        names = [name for (name,) in scratch.execute(TABLES)]
        return [(name, scratch.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]) for name in names]
    finally:
        scratch.close()
        backup.close()


def drop_everything(connection: BaseDatabaseWrapper) -> None:
    """Nothing to do: the backup API replaces every page of the database."""
