"""Where backups live and what they are: their names (the moment they were made, in UTC, so that names sort by
age), the newest kept, and the kind of database a file holds (read from its first bytes)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext as _

PREFIX = "club-"
SUFFIXES = {"sqlite": ".sqlite3", "postgresql": ".pgdump"}
# The first bytes of each kind of file: an SQLite database, a pg_dump archive in the custom format.
MAGIC = {"sqlite": b"SQLite format 3\x00", "postgresql": b"PGDMP"}


class BackupError(Exception):
    """A backup that cannot be made, restored or checked, with the reason in words."""


def backup_dir() -> Path:
    return Path(settings.BACKUP_DIR)


def new_backup_path(kind: str) -> Path:
    """A fresh name in BACKUP_DIR (made, owner only: a backup holds emails and password hashes)."""
    folder = backup_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder / f"{PREFIX}{datetime.now(UTC):%Y%m%d-%H%M%S-%f}{SUFFIXES[kind]}"


def partial_path(path: Path) -> Path:
    """Where a backup is written before it is complete (a hidden name no listing counts)."""
    return path.with_name(f".{path.name}.partial")


def backups() -> list[Path]:
    """The backups in BACKUP_DIR, oldest first."""
    folder = backup_dir()
    if not folder.is_dir():
        return []
    suffixes = set(SUFFIXES.values())
    return sorted(path for path in folder.glob(f"{PREFIX}*") if path.suffix in suffixes and path.is_file())


def prune(*, keep: int) -> list[Path]:
    """Removes all but the newest `keep` backups (at least one is always kept); returns those removed."""
    removed = backups()[: -max(keep, 1)]
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


def file_kind(path: Path) -> str:
    """ "sqlite" or "postgresql": the kind of database the file holds."""
    try:
        with open(path, "rb") as file:
            start = file.read(16)
    except OSError as error:
        raise BackupError(_("Cannot read %(path)s: %(error)s") % {"path": path, "error": error.strerror}) from error
    for kind, magic in MAGIC.items():
        if start.startswith(magic):
            return kind
    raise BackupError(
        _("%(path)s is not a backup: neither an SQLite database nor a pg_dump archive (custom format).")
        % {"path": path}
    )


def owner_only(path: Path) -> None:
    os.chmod(path, 0o600)
