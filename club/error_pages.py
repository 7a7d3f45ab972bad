"""The server error page (`handler500`): in the site's frame and the reader's language, made without the
database (the failure may be the database's): no context processors, no session, no user."""

from django.http import HttpRequest, HttpResponseServerError
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponseServerError:
    """500.html rendered from the request alone (the language LocaleMiddleware chose is still active)."""
    return HttpResponseServerError(loader.get_template("500.html").render({"request": request}))
