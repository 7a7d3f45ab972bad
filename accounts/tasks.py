"""The results emails of a publication, as a task (see `club.background`): enqueued when the publication commits
(`AccountsConfig.ready` registers `results_published` with `events.checks.services.publication`), retried with a
growing delay while some cannot be sent. Two runs at once, or again, send each email once: each member's
`ResultsEmail` row is committed before the email goes, and its unique constraint refuses a second."""

from __future__ import annotations

from accounts.results_mail import PUBLISHED, send_session
from club.background import enqueue_on_commit, retried_task
from events.models import Session


@retried_task
def send_session_results(session_id: int) -> int:
    """This publication's emails not sent yet (none if the session was taken back meanwhile)."""
    session = Session.objects.filter(pk=session_id, status__in=PUBLISHED).first()
    return 0 if session is None else send_session(session, raise_failures=True)


def results_published(session_id: int) -> None:
    """A session was published (in the caller's transaction): its results emails go once it commits."""
    enqueue_on_commit(send_session_results, session_id)
