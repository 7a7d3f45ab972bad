"""The club's own settings page (its club admin's), and what its pages load from them: the club's stylesheet and
its logo, each at an address versioned by the settings (`ClubLook.style_version`) and kept by browsers for a year."""

from __future__ import annotations

from django.contrib import messages
from django.core.files.storage import default_storage
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from club.access import club_admin_required
from club.club_settings import save_club_settings
from club.look import request_look
from club.models import Club
from club.settings_form import LOGO_FORMATS, ClubSettingsForm, initial_of
from club.tenancy import current_club_id

YEAR = 60 * 60 * 24 * 365
LOGO_TYPES = {extension: f"image/{'jpeg' if extension == 'jpg' else extension}" for extension in LOGO_FORMATS.values()}
SETTINGS_FIELDS = ("name", "language", "time_zone", "preset", "conventions", "colour", "accent_colour")


@club_admin_required
def club_settings(request: HttpRequest) -> HttpResponse:
    """GET: the club's settings; POST: saved (every problem shown on the form, what was typed kept)."""
    club = Club._base_manager.get(pk=current_club_id())
    if request.method != "POST":
        form = ClubSettingsForm(initial=initial_of(club))
    else:
        form = ClubSettingsForm(request.POST, request.FILES)
        if form.is_valid():
            data = form.cleaned_data
            fields = {name: data[name] for name in SETTINGS_FIELDS}
            save_club_settings(club_id=club.pk, logo=data["logo"], remove_logo=data["remove_logo"], **fields)
            messages.success(request, _("The club's settings are saved."))
            return redirect("club:settings")
        if request.FILES.get("logo") and "logo" not in form.errors:
            form.add_error("logo", _("Choose the logo again: a file is not kept when the form has a problem."))
    return render(request, "club/settings.html", {"form": form, "club": club})


def _kept_a_year(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_safe
def club_style(request: HttpRequest, version: str) -> HttpResponse:
    """The club's colours as a stylesheet (no inline style under the site's CSP). An old version's address goes to
    the current one."""
    look = request_look(request)
    if not look.styled:
        raise Http404
    if version != look.style_version:
        return HttpResponseRedirect(look.stylesheet)
    css = render_to_string("club/club_style.css", {"look": look})
    return _kept_a_year(HttpResponse(css, content_type="text/css; charset=utf-8"))


@require_safe
def club_logo(request: HttpRequest, version: str) -> HttpResponse:
    """The club's logo, as the image type it was checked to be when uploaded, never sniffed nor run as a page."""
    look = request_look(request)
    if not look.logo:
        raise Http404
    if version != look.style_version:
        return HttpResponseRedirect(look.logo_url)
    extension = look.logo.rsplit(".", 1)[-1]
    if extension not in LOGO_TYPES:
        raise Http404
    try:
        with default_storage.open(look.logo, "rb") as stored:
            data = stored.read()
    except OSError:
        raise Http404 from None
    response = HttpResponse(data, content_type=LOGO_TYPES[extension])
    response["Content-Disposition"] = f'inline; filename="logo.{extension}"'
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    return _kept_a_year(response)
