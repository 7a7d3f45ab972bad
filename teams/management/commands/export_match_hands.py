"""python manage.py export_match_hands MATCH_ID: a teams match's deals as PBN 2.1 on standard output."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from club.tenancy import ClubCommand
from teams.models import Match
from teams.selectors.hands import match_pbn


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Writes a teams match's deals as a PBN 2.1 file (with the double-dummy table and par) to standard output."
        )

    def add_arguments(self, parser):
        parser.add_argument("match_id", type=int, help=_("the match's id"))

    def handle(self, *args, match_id, **options):
        match = Match.objects.select_related("event", "home", "away").filter(pk=match_id).first()
        if match is None:
            raise CommandError(_("There is no match %(id)s.") % {"id": match_id})
        self.stdout.write(match_pbn(match), ending="")
