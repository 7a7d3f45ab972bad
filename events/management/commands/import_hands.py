"""python manage.py import_hands SESSION_ID FILE.pbn: a PBN file's deals stored on a session's boards."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.bridge_messages import error_lines, line_problem
from club.hand_analysis import analyse_pending
from deals import DealRefused, decode
from events.models import Session
from events.services.hands import import_hands


class Command(BaseCommand):
    @property
    def help(self) -> str:
        return _(
            "Stores the deals of a PBN file on a session's boards, then analyses double dummy the deals pending "
            "(--later: leaves that to analyse_hands). A file with any bad deal is refused whole, every problem "
            "listed with its line number."
        )

    def add_arguments(self, parser):
        parser.add_argument("session_id", type=int, help=_("the session's id"))
        parser.add_argument("file", type=Path, help=_("the PBN file"))
        parser.add_argument(
            "--later", action="store_true", help=_("store the deals only; analyse_hands (cron) analyses them")
        )

    def handle(self, *args, session_id, file, later, **options):
        session = Session.objects.filter(pk=session_id).first()
        if session is None:
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})
        try:
            text = decode(file.read_bytes())
        except OSError as error:
            raise CommandError(_("Cannot read %(file)s: %(error)s") % {"file": file, "error": error.strerror}) from None
        try:
            stored = import_hands(session=session, text=text, source_name=file.name)
        except DealRefused as refused:
            raise CommandError("\n".join([_("Nothing was stored:"), *error_lines(refused)])) from None
        for warning in stored.warnings:
            self.stderr.write(line_problem(warning.line, warning))
        self.stdout.write(
            ngettext("%(count)s deal stored.", "%(count)s deals stored.", stored.count) % {"count": stored.count}
        )
        if not later:
            count = analyse_pending()
            self.stdout.write(
                ngettext("%(count)s deal analysed.", "%(count)s deals analysed.", count) % {"count": count}
            )
