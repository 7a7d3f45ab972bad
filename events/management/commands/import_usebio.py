"""python manage.py import_usebio FILE.xml [--preset ebu|acbl|compscore|magic-contest]"""

from django.utils.translation import gettext as _

import scoring
from club.tenancy import ClubCommand
from events.files.services.usebio_import import import_usebio
from events.management.file_import import import_file


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Creates a session from a USEBIO 1.2 XML file (EVENT_TYPE MP_PAIRS, BUTLER_PAIRS or CROSS_IMP), scores "
            "it, compares the file's matchpoints or IMPs with the site's, prints that comparison and the new "
            "session's id alone on the last line. A file that is not USEBIO, or is broken, is refused whole."
        )

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("USEBIO XML file"))
        parser.add_argument(
            "--preset",
            default="",
            choices=list(scoring.PRESETS),
            help=_("the scorer's conventions for what the file does not say (default: the site's)"),
        )

    def handle(self, *args, file, preset, **options):
        import_file(self, file, lambda data, name: import_usebio(data=data, preset=preset, source_name=name))
