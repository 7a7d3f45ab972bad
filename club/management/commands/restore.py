"""python manage.py restore FILE: a backup back into an empty database; --check restores it into a scratch
database instead and counts its rows."""

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.backups import BackupError, TableCount, check_backup, restore
from club.tenancy import ClubCommand


class Command(ClubCommand):
    club_option = ClubCommand.SITE

    @property
    def help(self) -> str:
        return _(
            "Restores a backup made by `backup` into the site's database, which must be empty (--force replaces "
            "everything in it). --check restores it into a scratch database instead and counts its rows."
        )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--force", action="store_true", help=_("replace everything in a database not empty"))
        parser.add_argument(
            "--check", action="store_true", help=_("restore into a scratch database and count its rows, only")
        )

    def handle(self, *args, file, force, check, **options):
        try:
            if check:
                return self._check(file)
            restored = restore(file, force=force)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self._counts(restored.tables)
        self.stdout.write(_("Restored from %(path)s; the page cache was emptied.") % {"path": file})
        if restored.pending_migrations:
            self.stdout.write(
                ngettext(
                    "The backup is older than the code: run `manage.py migrate` (%(count)s migration to apply).",
                    "The backup is older than the code: run `manage.py migrate` (%(count)s migrations to apply).",
                    restored.pending_migrations,
                )
                % {"count": restored.pending_migrations}
            )

    def _check(self, file: Path) -> None:
        self._counts(check_backup(file), verbose=True)
        self.stdout.write(_("%(path)s restores: checked in a scratch database.") % {"path": file})

    def _counts(self, tables: list[TableCount], *, verbose: bool = False) -> None:
        if verbose:
            for table in tables:
                self.stdout.write(f"{table.table}: {table.rows}")
        rows = sum(table.rows for table in tables)
        self.stdout.write(_("Tables: %(tables)s; rows: %(rows)s.") % {"tables": len(tables), "rows": f"{rows:,}"})
