"""python manage.py import_usebio FILE.xml [--preset ebu|acbl|compscore|magic-contest]"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

import scoring
from club.hand_commands import analyse_now
from events.services.transfer import TravellersRefused, refused_summary
from events.services.usebio_import import import_usebio, summary
from interchange.usebio import MAX_BYTES


class Command(BaseCommand):
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
        path = Path(file)
        try:
            if path.stat().st_size > MAX_BYTES:
                raise CommandError(_("The file is larger than %(limit)s bytes.") % {"limit": MAX_BYTES})
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(_("Cannot read %(file)s: %(error)s") % {"file": file, "error": error}) from None
        try:
            imported = import_usebio(data=data, preset=preset, source_name=path.name)
        except TravellersRefused as refused:
            for problem in refused.problems:
                self.stderr.write(str(problem))
            raise CommandError(refused_summary(refused.problems)) from None
        if imported.deals:
            analyse_now(self)
        for line in summary(imported):
            self.stdout.write(line)
        self.stdout.write(str(imported.session.pk))
