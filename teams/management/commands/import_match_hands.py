"""python manage.py import_match_hands MATCH_ID FILE.pbn: a PBN file's deals stored on a teams match's boards."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from club.hand_commands import add_file_arguments, import_file
from club.tenancy import ClubCommand
from teams.models import Match
from teams.services.hands import read_match_pbn, store_match_deals


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Stores the deals of a PBN file on a teams match's boards, then analyses double dummy the deals pending "
            "(--later: leaves that to analyse_hands). A file with any bad deal is refused whole, every problem "
            "listed with its line number."
        )

    def add_arguments(self, parser):
        parser.add_argument("match_id", type=int, help=_("the match's id"))
        add_file_arguments(parser)

    def handle(self, *args, match_id, file, later, **options):
        match = Match.objects.select_related("event").filter(pk=match_id).first()
        if match is None:
            raise CommandError(_("There is no match %(id)s.") % {"id": match_id})

        def store(text: str, name: str):
            found = read_match_pbn(match=match, text=text)
            store_match_deals(match=match, deals=found.deals, source_name=name, lines=found.lines)
            return len(found.deals), found.warnings

        import_file(self, file, store, later=later)
