"""Backups that restore: `make_backup` writes a consistent snapshot of the site's database while it runs (SQLite's
online backup API, `pg_dump` for PostgreSQL) into BACKUP_DIR and keeps the newest BACKUP_KEEP; `restore` puts one
back into an empty database (or, forced, over everything in it); `check` restores one into a scratch database and
counts its rows. The commands `backup` and `restore` and the periodic task `club.backups.tasks.backup_task` use
them (see the README's *Operations*)."""

from club.backups.files import BackupError, backups, prune
from club.backups.making import Restored, TableCount, check_backup, make_backup, restore

__all__ = ["BackupError", "Restored", "TableCount", "backups", "check_backup", "make_backup", "prune", "restore"]
