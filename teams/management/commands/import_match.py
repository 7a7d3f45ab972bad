"""python manage.py import_match MATCH_ID FILE: replaces a team match's board results from a CSV file."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.csv_files import FileRefused, read_text
from club.tenancy import ClubCommand
from teams.models import Match
from teams.services.transfer import COLUMNS, import_match


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Replaces a team match's board results with those of a CSV file (columns %(columns)s). "
            "A file with any problem is refused whole."
        ) % {"columns": ", ".join(COLUMNS)}

    def add_arguments(self, parser):
        parser.add_argument("match_id", type=int, help=_("the match's id"))
        parser.add_argument("file", help=_("CSV file (- for standard input)"))

    def handle(self, *args, match_id, file, **options):
        match = Match.objects.select_related("event").filter(pk=match_id).first()
        if match is None:
            raise CommandError(_("There is no match %(id)s.") % {"id": match_id})
        try:
            count = import_match(match=match, text=read_text(file))
        except FileRefused as refused:
            for problem in refused.problems:
                self.stderr.write(str(problem))
            raise CommandError(
                ngettext(
                    "The file was not imported: %(count)d problem.",
                    "The file was not imported: %(count)d problems.",
                    len(refused.problems),
                )
                % {"count": len(refused.problems)}
            ) from None
        self.stdout.write(
            ngettext(
                "Imported %(count)d room result into match %(id)s.",
                "Imported %(count)d room results into match %(id)s.",
                count,
            )
            % {"count": count, "id": match_id}
        )
