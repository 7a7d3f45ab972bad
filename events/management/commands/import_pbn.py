"""python manage.py import_pbn FILE.pbn [--scoring matchpoints|butler|cross-imps] [--preset NAME]"""

from django.utils.translation import gettext as _

import scoring
from club.tenancy import ClubCommand
from events.files.services.pbn_import import import_pbn
from events.management.file_import import import_file
from events.models import Session


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Creates a session from a PBN file with a ScoreTable for each board (as Ruter, Magic Contest and "
            "BridgeComposer write them) and its deals, scores it, compares the file's matchpoints or IMPs and the "
            "pairs' totals with the site's, prints that comparison and the new session's id alone on the last "
            "line. A file with any problem is refused whole, every problem with its line."
        )

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("PBN file"))
        parser.add_argument(
            "--scoring",
            default="",
            choices=list(Session.Scoring.values),
            help=_("how the session is scored (default: the file's Scoring tag, else matchpoints)"),
        )
        parser.add_argument(
            "--preset",
            default="",
            choices=list(scoring.PRESETS),
            help=_("the scorer's conventions for what the file does not say (default: the site's)"),
        )

    def handle(self, *args, file, scoring, preset, **options):
        import_file(
            self,
            file,
            lambda data, name: import_pbn(data=data, scoring_method=scoring, preset=preset, source_name=name),
        )
