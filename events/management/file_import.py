"""What the `import_usebio` and `import_pbn` commands share: read the file (bounded), import it, print the refusal
or the comparison, analyse the deals at once (a command is not a request), and the new session's id last."""

from collections.abc import Callable
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from club.csv_files import FileRefused
from club.hand_commands import analyse_now
from events.files.services.interchange_compare import ImportReport, summary
from events.files.services.transfer import refused_summary
from interchange.usebio import MAX_BYTES


def import_file(command: BaseCommand, file: str, run: Callable[[bytes, str], ImportReport]) -> None:
    """``run(data, file name)`` imports the file's bytes; the command prints what came of it."""
    path = Path(file)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise CommandError(_("The file is larger than %(limit)s bytes.") % {"limit": MAX_BYTES})
        data = path.read_bytes()
    except OSError as error:
        raise CommandError(_("Cannot read %(file)s: %(error)s") % {"file": file, "error": error}) from None
    try:
        imported = run(data, path.name)
    except FileRefused as refused:
        for problem in refused.problems:
            command.stderr.write(str(problem))
        raise CommandError(refused_summary(refused.problems)) from None
    if imported.deals:
        analyse_now(command)
    for line in summary(imported):
        command.stdout.write(line)
    command.stdout.write(str(imported.session.pk))
