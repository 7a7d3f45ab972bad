"""python manage.py import_hands SESSION_ID FILE.pbn: a PBN file's deals stored on a session's boards."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from club.hand_commands import add_file_arguments, import_file
from club.tenancy import ClubCommand
from events.hands.services.hands import import_hands
from events.models import Session


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Stores the deals of a PBN file on a session's boards, then analyses double dummy the deals pending "
            "(--later: leaves that to analyse_hands). A file with any bad deal is refused whole, every problem "
            "listed with its line number."
        )

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int, help=_("the session's id"))
        add_file_arguments(parser)

    def handle(self, *args, session_id, file, later, **options):
        session = Session.objects.filter(pk=session_id).first()
        if session is None:
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})

        def store(text: str, name: str):
            stored = import_hands(session=session, text=text, source_name=name)
            return stored.count, stored.warnings

        import_file(self, file, store, later=later)
