"""The public live results of a session in progress: who may see them (see `TableEntry.live_results`)."""

from __future__ import annotations

from django.http import Http404

from club.access import is_director
from club.limits import MAX_ID
from events.models import Session


def shows_live(session: Session) -> bool:
    """The director switched live results on and the session is still in progress."""
    entry = getattr(session, "table_entry", None)
    return session.status == Session.Status.IN_PROGRESS and entry is not None and entry.live_results


def live_session(user, session_id: int) -> Session:
    """The session whose live ranking `user` may see (a published one too: its page then sends the reader to the
    ranking); a 404 for a session in progress whose live results are off, but for directors (a preview)."""
    session = None
    if 0 < session_id <= MAX_ID:
        session = Session.objects.select_related("table_entry").filter(pk=session_id).first()
    if session is None or not (session.is_public or shows_live(session) or is_director(user)):
        raise Http404("This session is still in progress.")
    return session


def live_fields(results) -> list:
    """The fields of a live ranking that have a result: before the first board is confirmed there is no ranking
    to show (every pair "=1" at 0 %), only "No results yet"."""
    return [field for field in results.fields if any(row.boards for row in field.rows)]
