"""Importing a PBN file of results (a ``ScoreTable`` per board, as Ruter, Magic Contest and BridgeComposer write
them) as a new session: read by `interchange.pbn_results` into the plain data a USEBIO file gives, then created,
scored and compared with the file's figures exactly as a USEBIO file is (`usebio_import.import_event`), deals
included. A file with any problem is refused whole, every problem with its line, and nothing is written."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from club.bridge_messages import line_problem
from club.csv_files import CsvProblem, FileRefused
from events.files.services.interchange_compare import ImportReport
from events.files.services.usebio_import import import_event
from events.files.services.usebio_messages import pbn_message
from events.models import Session
from interchange.pbn_results import PbnProblem, PbnResultsError, read_pbn_results


def _problems(error: PbnResultsError) -> list[CsvProblem]:
    found = []
    for problem in error.problems:
        message = pbn_message(problem) if isinstance(problem, PbnProblem) else line_problem(None, problem)
        found.append(CsvProblem(problem.line, message))
    return found


def import_pbn(
    *, data: bytes, scoring_method: str = "", preset: str = "", user=None, source_name: str = ""
) -> ImportReport:
    """Creates a session from a PBN file with ScoreTables and compares the file's figures with the site's.

    ``scoring_method`` (matchpoints, butler or cross-imps) overrides the file's ``Scoring`` tag (default
    matchpoints); ``preset`` sets the conventions. Raises FileRefused (nothing written).
    """
    if scoring_method and scoring_method not in Session.Scoring.values:
        message = _("Unknown scoring method “%(value)s”: use %(choices)s.")
        choices = ", ".join(Session.Scoring.values)
        raise FileRefused([CsvProblem(None, message % {"value": scoring_method, "choices": choices})])
    try:
        event = read_pbn_results(data)
    except PbnResultsError as error:
        raise FileRefused(_problems(error)) from None
    event = replace(event, scoring=scoring_method or event.scoring or Session.Scoring.MATCHPOINTS)
    return import_event(event=event, preset=preset, user=user, source_name=source_name)
