"""The pages of a person across clubs (issue 31): their results from every club on one page and their federation
number (the host's pages, `clubsite/host_urls.py`, and the club's `accounts/me/federation-number/`), a member record
at another club linked to the logged-in account (`claim_link_existing`), and the host admin's new club."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from accounts import hosting, services
from accounts.across_clubs import federation_number_of, results_across_clubs
from accounts.forms import FederationNumberForm, NewClubForm
from accounts.tokens import LinkRefused
from club.access import is_host_admin
from club.clubs import FirstAdmin
from club.form_errors import add_errors
from club.models import Member
from club.selectors import club_named


@login_required
@require_safe
def my_clubs(request):
    context = {"clubs": results_across_clubs(request.user), "federation_number": federation_number_of(request.user)}
    return render(request, "club/host_my_results.html", context)


def _federation_number(request, template: str, done: str):
    form = FederationNumberForm(request.POST or None, initial={"federation_number": federation_number_of(request.user)})
    if request.method == "POST" and form.is_valid():
        try:
            services.save_federation_number(user=request.user, number=form.cleaned_data["federation_number"])
        except ValidationError as error:
            add_errors(form, error)
        else:
            messages.success(request, _("Your federation number is saved."))
            return redirect(done)
    return render(request, template, {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def federation_number(request):
    """The person's federation number, from a club's "My results" page."""
    return _federation_number(request, "accounts/federation_number.html", "accounts:me")


@login_required
@require_http_methods(["GET", "POST"])
def host_federation_number(request):
    """The same, from the host's "My results" page."""
    return _federation_number(request, "club/host_federation_number.html", "host_my_results")


def claim_link_existing(request, member: Member):
    """A claim link followed by a logged-in person: the member record is linked to their account (POST)."""
    if request.method == "POST":
        try:
            services.link_account(member=member, user=request.user)
        except LinkRefused:
            return render(request, "accounts/claim_link_account.html", {"member": member, "refused": True}, status=409)
        messages.success(request, _("This club's results are now on your account."))
        return redirect("accounts:me")
    return render(request, "accounts/claim_link_account.html", {"member": member})


def host_admin_only(request) -> None:
    if not is_host_admin(request.user):
        raise PermissionDenied


@login_required
@require_http_methods(["GET", "POST"])
def host_club_new(request):
    host_admin_only(request)
    form = NewClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        admin = FirstAdmin(data["admin_email"], data["admin_first_name"], data["admin_last_name"])
        try:
            made = hosting.open_club_with_admin(
                short_name=data["short_name"], name=data["name"], host=data["host"], admin=admin
            )
        except ValidationError as error:
            add_errors(form, error)
        else:
            return redirect("host_club_made", short_name=made.club.short_name)
    return render(request, "club/host_club_new.html", {"form": form})


@login_required
@require_safe
def host_club_made(request, short_name: str):
    host_admin_only(request)
    club = club_named(short_name)
    if club is None:
        return render(request, "club/host_not_found.html", status=404)
    return render(request, "club/host_club_made.html", {"club": club, "address": hosting.club_address(short_name)})


def host_forbidden(request, exception=None):
    """A 403 on the host's pages (in the host's frame: the site's frame links a club's pages)."""
    return render(request, "club/host_forbidden.html", status=403)
