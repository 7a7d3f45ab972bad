"""python manage.py backup: a consistent snapshot of the database while the site runs, into BACKUP_DIR."""

from django.conf import settings
from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.backups import BackupError, make_backup
from club.tenancy import ClubCommand


class Command(ClubCommand):
    club_option = ClubCommand.SITE

    @property
    def help(self) -> str:
        return _(
            "Writes a consistent snapshot of the database into BACKUP_DIR while the site runs (SQLite's online "
            "backup, pg_dump for PostgreSQL) and keeps the newest BACKUP_KEEP."
        )

    def add_arguments(self, parser):
        parser.add_argument("--keep", type=int, help=_("backups to keep, the newest (BACKUP_KEEP unless told)"))

    def handle(self, *args, keep, **options):
        if keep is not None and keep < 1:
            raise CommandError(_("--keep takes a number from 1 up."))
        try:
            path, removed = make_backup(keep=keep)
        except BackupError as error:
            raise CommandError(str(error)) from error
        size = path.stat().st_size
        self.stdout.write(_("Backup written: %(path)s (%(size)s bytes).") % {"path": path, "size": f"{size:,}"})
        kept = settings.BACKUP_KEEP if keep is None else keep
        if removed:
            self.stdout.write(
                ngettext(
                    "%(count)s older backup removed (kept: the newest %(kept)s).",
                    "%(count)s older backups removed (kept: the newest %(kept)s).",
                    len(removed),
                )
                % {"count": len(removed), "kept": kept}
            )
