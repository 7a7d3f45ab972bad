"""The public live results of a session in progress (the director's "live results" switch): the ranking as it
stands, marked provisional, fetched again every few seconds by static/js/live.js.

Never kept by the page cache and sent with `Cache-Control: no-store`: a live page is made at every request, so
it is never older than its refresh. A session in progress with live results off is a 404, as for its other pages.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from events.results.selectors.live_results import live_fields, live_session
from events.standings.selectors.ranking import rank_sessions


def _context(session) -> dict:
    results = rank_sessions([session.pk])[session.pk]
    return {"session": session, "results": results, "fields": live_fields(results)}


@never_cache
@require_GET
def live_results(request: HttpRequest, session_id: int) -> HttpResponse:
    session = live_session(request.user, session_id)
    if session.is_public:
        return redirect("events:session", session_id=session.pk)  # published: the ranking itself
    return render(request, "events/results/live.html", _context(session))


@never_cache
@require_GET
def live_ranking(request: HttpRequest, session_id: int) -> HttpResponse:
    """The live page's changing part alone. Published or switched off meanwhile: a 404, and the page reloads."""
    session = live_session(request.user, session_id)
    if session.is_public:
        raise Http404("This session is published.")
    return render(request, "events/results/includes/live_ranking.html", _context(session))
