"""python manage.py import_match_hands MATCH_ID FILE.pbn: a PBN file's deals stored on a teams match's boards."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.bridge_messages import error_lines, line_problem
from club.hand_analysis import analyse_pending
from deals import DealRefused, decode
from teams.models import Match
from teams.services.hands import read_match_pbn, store_match_deals


class Command(BaseCommand):
    @property
    def help(self) -> str:
        return _(
            "Stores the deals of a PBN file on a teams match's boards, then analyses double dummy the deals pending "
            "(--later: leaves that to analyse_hands). A file with any bad deal is refused whole, every problem "
            "listed with its line number."
        )

    def add_arguments(self, parser):
        parser.add_argument("match_id", type=int, help=_("the match's id"))
        parser.add_argument("file", type=Path, help=_("the PBN file"))
        parser.add_argument(
            "--later", action="store_true", help=_("store the deals only; analyse_hands (cron) analyses them")
        )

    def handle(self, *args, match_id, file, later, **options):
        match = Match.objects.select_related("event").filter(pk=match_id).first()
        if match is None:
            raise CommandError(_("There is no match %(id)s.") % {"id": match_id})
        try:
            text = decode(file.read_bytes())
        except OSError as error:
            raise CommandError(_("Cannot read %(file)s: %(error)s") % {"file": file, "error": error.strerror}) from None
        try:
            found = read_match_pbn(match=match, text=text)
            store_match_deals(match=match, deals=found.deals, source_name=file.name, lines=found.lines)
        except DealRefused as refused:
            raise CommandError("\n".join([_("Nothing was stored:"), *error_lines(refused)])) from None
        for warning in found.warnings:
            self.stderr.write(line_problem(warning.line, warning))
        count = len(found.deals)
        self.stdout.write(ngettext("%(count)s deal stored.", "%(count)s deals stored.", count) % {"count": count})
        if not later:
            count = analyse_pending()
            self.stdout.write(
                ngettext("%(count)s deal analysed.", "%(count)s deals analysed.", count) % {"count": count}
            )
