"""python manage.py table_links SESSION_ID: opens table entry if it is not open, then prints one line per table,
its section letter and number, then its page's path (e.g. `A1 /t/12/A/1/.../`)."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from club.tenancy import ClubCommand
from events.models import Session
from events.plans import section_plan
from events.tables.selectors.table_entry import table_links
from events.tables.services.table_entry import set_table_entry


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _("Opens table entry of a session if it is not open yet and prints each table's link.")

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int)

    def handle(self, *args, session_id, **options):
        session = Session.objects.filter(pk=session_id).first()
        if session is None:
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})
        if session.status == Session.Status.FINAL:
            raise CommandError(_("The session is published final: table entry stays closed."))
        if not any(section_plan(section).has_schedule for section in session.sections.all()):
            raise CommandError(_("Table entry needs a section with a movement."))
        entry = getattr(session, "table_entry", None)
        if entry is None or not entry.is_open:
            set_table_entry(session=session, is_open=True)
        for link in table_links(session):
            for side, path in link.sides:
                self.stdout.write(f"{link.section.letter}{link.table} {side.upper()} {path}")
