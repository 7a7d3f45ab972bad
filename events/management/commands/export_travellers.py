"""python manage.py export_travellers SESSION_ID: the session's traveller lines as CSV on standard output."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from club.tenancy import ClubCommand
from events.files.services.transfer import export_csv
from events.models import Session


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Writes a session's traveller lines as CSV (USEBIO column names, with NS_MATCH_POINTS, "
            "EW_MATCH_POINTS or NS_IMPS, EW_IMPS) to standard output."
        )

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int, help=_("the session's id"))

    def handle(self, *args, session_id, **options):
        session = Session.objects.filter(pk=session_id).first()
        if session is None:
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})
        self.stdout.write(export_csv(session), ending="")
