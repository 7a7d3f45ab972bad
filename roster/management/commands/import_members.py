"""python manage.py import_members FILE.csv"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.csv_files import FileRefused, read_text
from club.tenancy import ClubCommand
from roster.services.members import import_members


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Imports the roster from a CSV file with the columns NUMBER, FIRST_NAME, LAST_NAME, EMAIL (EMAIL may be "
            "empty): members are matched by membership number, created or updated; members the file does not name "
            "are left alone. A file with any problem is refused whole, every problem with its line number. The last "
            "line says: created N, updated M, unchanged K."
        )

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("CSV file (UTF-8); - reads standard input"))

    def handle(self, *args, file: str, **options) -> None:
        try:
            plan = import_members(read_text(file))
        except FileRefused as refused:
            for problem in refused.problems:
                self.stderr.write(str(problem))
            count = len(refused.problems)
            raise CommandError(
                ngettext("Not imported: %(count)s problem.", "Not imported: %(count)s problems.", count)
                % {"count": count}
            ) from None
        for line, _member in plan.updated:
            self.stdout.write(_("updated %(number)s: %(name)s") % {"number": line.number, "name": line.full_name})
        self.stdout.write(plan.summary())
