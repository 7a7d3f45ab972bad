import datetime

from django.core.paginator import Paginator
from django.shortcuts import render

from club.numbers import whole_number
from club.page_cache import PAGED, cached_page, number_from
from events.results.selectors.lookup import home_sessions
from events.results.services.pages import HOME_PAGE
from events.standings.selectors.ranking import name_winners, rank_sessions

SESSIONS_PER_PAGE = 20
MONTHS = [datetime.date(2000, month, 1) for month in range(1, 13)]


@cached_page(*HOME_PAGE, reads={"year": number_from(1, 9999), "month": number_from(1, 12), **PAGED})
def home(request):
    """Published sessions, newest first, each with its sections, tables, status and winners."""
    asked = home_sessions(whole_number(request.GET.get("year"), 1, 9999), whole_number(request.GET.get("month"), 1, 12))
    year, month = asked.year, asked.month
    page = Paginator(asked.sessions, SESSIONS_PER_PAGE).get_page(request.GET.get("page"))
    listed = list(page.object_list)
    results = rank_sessions([session.pk for session in listed], names=False, stored=True)  # published: stored
    name_winners(results)
    rows = [{"session": session, "results": results[session.pk]} for session in listed]
    return render(
        request,
        "events/home.html",
        {
            "page": page,
            "rows": rows,
            "years": asked.years,
            "year": year,
            "month": month,
            "months": MONTHS,
            "filtered": bool(year),
        },
    )
