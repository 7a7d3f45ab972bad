import datetime

from django.core.paginator import Paginator
from django.http import JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import add_never_cache_headers, patch_cache_control

from club.limits import MAX_ID
from club.numbers import whole_number
from club.page_cache import PAGED, cached_page, number_from
from events.results.selectors.lookup import home_sessions
from events.results.selectors.reader import my_pairs
from events.results.services.pages import HOME_PAGE
from events.standings.selectors.ranking import member_of, session_winners

SESSIONS_PER_PAGE = 20
MONTHS = [datetime.date(2000, month, 1) for month in range(1, 13)]


@cached_page(*HOME_PAGE, reads={"year": number_from(1, 9999), "month": number_from(1, 12), **PAGED})
def home(request):
    """Published sessions, newest first, each with its sections, tables, status and winners."""
    asked = home_sessions(whole_number(request.GET.get("year"), 1, 9999), whole_number(request.GET.get("month"), 1, 12))
    year, month = asked.year, asked.month
    page = Paginator(asked.sessions, SESSIONS_PER_PAGE).get_page(request.GET.get("page"))
    listed = list(page.object_list)
    results = session_winners([session.pk for session in listed])  # published: their stored standings
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


def _here(text: str) -> str:
    """The page the reader is on (a path of this site), to come back to after logging in."""
    return text if text.startswith("/") and not text.startswith("//") and "\\" not in text else "/"


def reader(request):
    """The personal parts of a page kept for every reader: the navigation's account links and the reader's scorecards
    in the session shown (`?session=`), which static/js/reader.js puts on the page. Never kept by any cache."""
    member_id = member_of(request.user)
    session_id = whole_number(request.GET.get("session"), 1, MAX_ID)
    pairs = my_pairs(member_id, session_id)
    nav = render_to_string(
        "includes/navbar_account.html",
        {"here": _here(request.GET.get("next", "")), "my_member_id": member_id},
        request=request,
    )
    scorecards = [reverse("events:pair_scorecard", args=[session_id, pair]) for pair in pairs]
    response = JsonResponse({"nav": nav, "scorecards": scorecards})
    add_never_cache_headers(response)
    patch_cache_control(response, private=True)
    return response
