"""The pages for those who run the site: /healthz for a monitor, and the error page a visitor sees."""

from django.http import HttpRequest, HttpResponse, HttpResponseServerError, JsonResponse
from django.template import loader
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import requires_csrf_token

from club.health import health


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """200 when the database, the cache and the task queue answer, 503 when one does not (JSON, no login)."""
    healthy, report = health()
    return JsonResponse(report, status=200 if healthy else 503)


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page, with the request's id to quote (the id of its line in the log); made without the context
    processors or the database, which may be what failed."""
    content = loader.get_template("500.html").render(
        {"request": request, "request_id": getattr(request, "request_id", "")}
    )
    return HttpResponseServerError(content)
