"""The members list (each member's own page, with their results, belongs to the events app) and the language
switch."""

from django.conf import settings
from django.http import HttpRequest, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_tables2 import SingleTableView

from club.html_tables import ForgivingPaginator, MemberTable
from club.models import Member
from club.redirects import return_url
from club.selectors import listed_members


class MemberListView(SingleTableView):
    model = Member
    table_class = MemberTable
    template_name = "events/member_list.html"
    # the table paginates (ListView's own paginate_by would count twice), forgiving silly ?page= and ?per_page=
    table_pagination = {"per_page": ForgivingPaginator.DEFAULT_PER_PAGE, "paginator_class": ForgivingPaginator}

    def get_queryset(self):
        return listed_members()


@require_safe
@never_cache
def choose_language(request: HttpRequest) -> HttpResponseRedirect:
    """The language switch: a plain link or GET form (no CSRF token, so the pages that offer it set no cookie).
    Stores the chosen language in the language cookie, only now that the visitor chose one, and goes back to
    `next` (a page of this site; the home page otherwise). An unknown language changes nothing."""
    response = HttpResponseRedirect(return_url(request, request.GET.get("next", ""), "/"))
    language = request.GET.get("language", "")
    if language in dict(settings.LANGUAGES):
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    return response


@require_safe
def favicon(_request: HttpRequest) -> HttpResponsePermanentRedirect:
    """/favicon.ico, which browsers ask for whatever the page's link says: the static file's address."""
    return HttpResponsePermanentRedirect(static("favicon.ico"))
