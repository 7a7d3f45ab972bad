"""python manage.py export_match MATCH_ID: a match's board results as CSV on standard output."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from club.tenancy import ClubCommand
from teams.models import Match
from teams.services.transfer import match_csv


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _("Writes a team match's board results as CSV (one line per room of a board) to standard output.")

    def add_arguments(self, parser):
        parser.add_argument("match_id", type=int, help=_("the match's id"))

    def handle(self, *args, match_id, **options):
        match = Match.objects.select_related("event").filter(pk=match_id).first()
        if match is None:
            raise CommandError(_("There is no match %(id)s.") % {"id": match_id})
        self.stdout.write(match_csv(match), ending="")
