"""python manage.py export_hands SESSION_ID: the session's deals as PBN 2.1 on standard output."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from club.tenancy import ClubCommand
from events.hands.selectors.hands import session_pbn
from events.models import Session


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Writes a session's deals as a PBN 2.1 file (with the double-dummy table, par and the results) "
            "to standard output."
        )

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int, help=_("the session's id"))

    def handle(self, *args, session_id, **options):
        session = Session.objects.filter(pk=session_id).first()
        if session is None:
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})
        self.stdout.write(session_pbn(session), ending="")
