"""python manage.py export_usebio SESSION_ID > session.xml"""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from club.tenancy import ClubCommand
from events.entry.services.locking import NOW, refresh_stale_standings
from events.files.selectors.usebio_export import usebio_event
from events.models import Session
from interchange.usebio_write import write_usebio


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Writes a session as a USEBIO 1.2 XML file on standard output: the event, its pairs with their players, "
            "totals, percentages and places, and every board's traveller lines with their matchpoints or IMPs."
        )

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int, help=_("the session's id"))

    def handle(self, *args, session_id, **options):
        session = Session.objects.filter(pk=session_id).first()
        if session is None:
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})
        refresh_stale_standings(session_id=session.pk, every=NOW)  # the tables' last results
        self.stdout.write(write_usebio(usebio_event(session)).decode("utf-8"), ending="")
