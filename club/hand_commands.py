"""What the commands that import hand records share (`import_hands` for a session, `import_match_hands` for a
teams match): the PBN file read, every problem listed, the file's warnings, the count stored, then the analysis of
the deals pending unless ``--later``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.bridge_messages import error_lines, line_problem
from club.hand_analysis import analyse_pending
from deals import DealProblem, DealRefused, decode

# store(text, file name) → (how many deals the file held, its warnings); raises DealRefused
Store = Callable[[str, str], tuple[int, list[DealProblem]]]


def add_file_arguments(parser) -> None:
    parser.add_argument("file", type=Path, help=_("the PBN file"))
    parser.add_argument("--later", action="store_true", help=_("store the deals only; the task worker analyses them"))


def import_file(command: BaseCommand, file: Path, store: Store, *, later: bool) -> None:
    """Reads ``file``, stores its deals with ``store`` and analyses the deals pending (unless ``later``)."""
    try:
        text = decode(file.read_bytes())
    except OSError as error:
        raise CommandError(_("Cannot read %(file)s: %(error)s") % {"file": file, "error": error.strerror}) from None
    try:
        count, warnings = store(text, file.name)
    except DealRefused as refused:
        raise CommandError("\n".join([_("Nothing was stored:"), *error_lines(refused)])) from None
    for warning in warnings:
        command.stderr.write(line_problem(warning.line, warning))
    command.stdout.write(ngettext("%(count)s deal stored.", "%(count)s deals stored.", count) % {"count": count})
    if not later:
        analyse_now(command)


def analyse_now(command: BaseCommand) -> None:
    """A command is not a web request: it analyses the deals pending at once (rather than leave them to the
    worker, which finds them analysed)."""
    analysed = analyse_pending()
    command.stdout.write(
        ngettext("%(count)s deal analysed.", "%(count)s deals analysed.", analysed) % {"count": analysed}
    )
