"""python manage.py import_travellers FILE --session NAME --date YYYY-MM-DD --scoring matchpoints|butler|cross-imps"""

import argparse
import dataclasses
import datetime

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

import scoring
from club.csv_files import FileRefused, read_text
from club.tenancy import ClubCommand
from events.files.services.transfer import COLUMNS, import_travellers, refused_summary
from events.models import Session


def iso_date(text: str) -> datetime.date:
    """argparse type: a date written YYYY-MM-DD."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("“%(value)s” is not a date written YYYY-MM-DD.") % {"value": text}) from None


def add_convention_arguments(parser: argparse.ArgumentParser) -> None:
    """The scoring conventions' options: a scorer's preset, and each convention on its own (which wins)."""
    parser.add_argument(
        "--preset",
        default="",
        choices=list(scoring.PRESETS),
        help=_("a scorer's conventions at once (the options below change one of them)"),
    )
    parser.add_argument(
        "--short-boards",
        choices=scoring.SHORT_BOARDS,
        help=_("boards played fewer times: neuberg (factored up, the default) or own-top"),
    )
    parser.add_argument(
        "--datum-discard", type=int, metavar="K", help=_("Butler datum: results set aside at each end (default 1)")
    )
    parser.add_argument(
        "--datum-from", type=int, metavar="N", help=_("Butler datum: set them aside from N results on (default 4)")
    )
    parser.add_argument(
        "--datum-rounding", choices=scoring.DATUM_ROUNDINGS, help=_("Butler datum: ten (the default) or none")
    )
    parser.add_argument(
        "--adjusted-imps",
        choices=scoring.ADJUSTED_IMP_MODES,
        help=_("IMPs of an adjusted score: comparison (the default), board or share"),
    )
    parser.add_argument(
        "--adjusted-imps-size", type=float, metavar="IMPS", help=_("IMPs of an adjusted score of 60%% (default 3)")
    )


def chosen_conventions(options: dict) -> tuple[str | None, scoring.Conventions]:
    """The preset's scale (or None) and the conventions the options choose; ValueError for a refused one."""
    scale, base = scoring.preset(options["preset"]) if options.get("preset") else (None, scoring.Conventions())
    award = scoring.ImpAward(
        options.get("adjusted_imps") or base.award.mode,
        base.award.size if options.get("adjusted_imps_size") is None else options["adjusted_imps_size"],
    )
    chosen = {
        "short_boards": options.get("short_boards"),
        "datum_discard": options.get("datum_discard"),
        "datum_from": options.get("datum_from"),
        "datum_rounding": options.get("datum_rounding"),
    }
    return scale, dataclasses.replace(base, award=award, **{k: v for k, v in chosen.items() if v is not None})


class Command(ClubCommand):
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
            default=None,
            choices=Session.Scale.values,
            help=_("matchpoint scale: ebu, 2 per score beaten (default), or acbl, 1 per score beaten"),
        )
        add_convention_arguments(parser)

    def handle(self, *args, file, session_name, date, scoring, scale, **options):
        try:
            preset_scale, conventions = chosen_conventions(options)
        except ValueError as error:
            raise CommandError(str(error)) from None
        try:
            imported = import_travellers(
                text=read_text(file),
                name=session_name,
                date=date,
                scoring_method=scoring,
                scale=scale or preset_scale or Session.Scale.EBU,
                conventions=conventions,
            )
        except FileRefused as refused:
            for problem in refused.problems:
                self.stderr.write(str(problem))
            raise CommandError(refused_summary(refused.problems)) from None
        self.stdout.write(
            _("Imported %(lines)s (%(boards)s, %(pairs)s) into session “%(name)s”; its id:")
            % {**imported.counts(), "name": imported.session.name}
        )
        self.stdout.write(str(imported.session.pk))
