"""python manage.py import_travellers FILE --session NAME --date YYYY-MM-DD --scoring matchpoints|butler|cross-imps"""

import argparse
import datetime

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from club.csv_files import read_text
from events.models import Session
from events.services.transfer import COLUMNS, TravellersRefused, import_travellers, refused_summary


def iso_date(text: str) -> datetime.date:
    """argparse type: a date written YYYY-MM-DD."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("“%(value)s” is not a date written YYYY-MM-DD.") % {"value": text}) from None


class Command(BaseCommand):
    @property
    def help(self) -> str:
        return _(
            "Creates a session from a CSV file of traveller lines (USEBIO column names: %(columns)s) and prints "
            "the new session's id on the last line. A file with any problem is refused whole."
        ) % {"columns": ", ".join(COLUMNS)}

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("CSV file of traveller lines (- for standard input)"))
        parser.add_argument(
            "--session", required=True, dest="session_name", metavar="NAME", help=_("the new session's name")
        )
        parser.add_argument(
            "--date", required=True, type=iso_date, metavar="YYYY-MM-DD", help=_("the session's date, YYYY-MM-DD")
        )
        parser.add_argument("--scoring", required=True, choices=Session.Scoring.values, help=_("the scoring method"))
        parser.add_argument(
            "--scale",
            default=Session.Scale.EBU,
            choices=Session.Scale.values,
            help=_("matchpoint scale: ebu, 2 per score beaten (default), or acbl, 1 per score beaten"),
        )

    def handle(self, *args, file, session_name, date, scoring, scale, **options):
        try:
            imported = import_travellers(
                text=read_text(file), name=session_name, date=date, scoring_method=scoring, scale=scale
            )
        except TravellersRefused as refused:
            for problem in refused.problems:
                self.stderr.write(str(problem))
            raise CommandError(refused_summary(refused.problems)) from None
        self.stdout.write(
            _("Imported %(lines)s (%(boards)s, %(pairs)s) into session “%(name)s”; its id:")
            % {**imported.counts(), "name": imported.session.name}
        )
        self.stdout.write(str(imported.session.pk))
