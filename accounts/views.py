"""The accounts' pages: claiming an account, "my results", the member's choices, email, data and removal, and
the club admin's invitations. Short: the work is in `services`, `member_data` and `tokens`."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts import mail_limits, services
from accounts.across_clubs import federation_number_of, host_url
from accounts.forms import ClaimForm, ClaimPasswordForm, EmailChangeForm, PreferencesForm, RemovalForm
from accounts.member_data import member_data, member_data_rows, remove_member
from accounts.tokens import LinkRefused, email_change, member_to_claim
from accounts.views_people import claim_link_existing
from club.access import club_admin_required
from club.csv_files import csv_response
from club.models import Member
from club.registry import member_sections
from club.selectors import member_of_login
from club.tenancy import many_clubs
from events.results.selectors.member_summary import load_member_page
from roster.services.roles import LastClubAdmin, last_admin_message

LOGIN_BACKEND = "django.contrib.auth.backends.ModelBackend"


def member_page(view):
    """A page of the logged-in member's own: the view receives the member; a login that is not a member's (a
    director's, an administrator's) gets a page saying so."""

    @login_required
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        member = member_of_login(request.user.pk)
        if member is None:
            context = {"all_clubs_url": host_url(getattr(request, "club", None))} if many_clubs() else {}
            return render(request, "accounts/no_member.html", context)
        return view(request, member, *args, **kwargs)

    return wrapper


def ready_message(member: Member) -> str:
    if member.number:
        return _(
            "Your account is ready. Next time, log in with your email address or your membership number (%(number)s)."
        ) % {"number": member.number}
    return _("Your account is ready. Next time, log in with your email address.")


def refused(request, error: LinkRefused) -> HttpResponse:
    return render(request, "accounts/link_refused.html", {"expired": error.expired}, status=400)


@require_http_methods(["GET", "POST"])
def claim(request):
    form = ClaimForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not mail_limits.allowed(kind=mail_limits.CLAIM, address=form.cleaned_data["email"], request=request):
            form.add_error(None, mail_limits.refused_message())
            return render(request, "accounts/claim.html", {"form": form}, status=429)
        services.request_claim(email=form.cleaned_data["email"])
        return render(request, "accounts/claim_sent.html")  # the same answer, known address or not
    return render(request, "accounts/claim.html", {"form": form})


@require_http_methods(["GET", "POST"])
def claim_link(request, token: str):
    try:
        member = member_to_claim(token)
    except LinkRefused as error:
        return refused(request, error)
    if request.user.is_authenticated:  # a person with an account (another club's): this record joins it
        return claim_link_existing(request, member)
    user = User(email=member.email, first_name=member.first_name, last_name=member.last_name)
    form = ClaimPasswordForm(user, request.POST or None, member=member)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.claim_account(member=member, password=form.cleaned_data["new_password1"])
        except LinkRefused as error:
            return refused(request, error)
        login(request, user, backend=LOGIN_BACKEND)
        messages.success(request, ready_message(member))
        return redirect("accounts:me")
    return render(request, "accounts/claim_password.html", {"form": form, "member": member})


@member_page
@require_safe
def me(request, member: Member):
    history = load_member_page(member.pk, request.GET.get("page"), 20)
    context = {"member": member, "history": history, "page": history.page, "is_me": True, "account_page": True}
    context["member_name"] = member.real_name  # the page is headed by the member's own name, whatever its privacy
    prefixes = {name: reverse(f"events:{name}", args=[0])[:-2] for name in ("member_detail", "session")}
    context.update(member_prefix=prefixes["member_detail"], session_prefix=prefixes["session"])
    context.update(member_sections(member))
    context["federation_number"] = federation_number_of(request.user)
    if many_clubs():
        context["all_clubs_url"] = host_url(getattr(request, "club", None))
    return render(request, "accounts/me.html", context)


@member_page
@require_http_methods(["GET", "POST"])
def preferences(request, member: Member):
    form = PreferencesForm(request.POST or None, instance=member)
    if request.method == "POST" and form.is_valid():
        services.save_preferences(form=form)
        messages.success(request, _("Your choices are saved."))
        return redirect("accounts:me")
    return render(request, "accounts/preferences.html", {"form": form, "member": member})


@member_page
@require_http_methods(["GET", "POST"])
def email(request, member: Member):
    form = EmailChangeForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        if not mail_limits.allowed(kind=mail_limits.EMAIL_CHANGE, address=form.cleaned_data["email"], request=request):
            form.add_error(None, mail_limits.refused_message())
            return render(request, "accounts/email.html", {"form": form, "member": member}, status=429)
        services.request_email_change(member=member, new_email=form.cleaned_data["email"])
        messages.success(request, _("A link is on its way to the new address: follow it to confirm the change."))
        return redirect("accounts:me")
    return render(request, "accounts/email.html", {"form": form, "member": member})


@require_safe
def email_confirm(request, token: str):
    try:
        member, new_email = email_change(token)
    except LinkRefused as error:
        return refused(request, error)
    services.change_email(member=member, new_email=new_email)
    return render(request, "accounts/email_changed.html", {"email": new_email})


@member_page
@require_safe
def data_json(request, member: Member):
    response = JsonResponse(member_data(member), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = 'attachment; filename="my-data.json"'
    return response


@member_page
@require_safe
def data_csv(request, member: Member):
    return csv_response(member_data_rows(member), "my-data.csv")


@member_page
@require_http_methods(["GET", "POST"])
def remove(request, member: Member):
    form = RemovalForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            remove_member(member=member, guest_name=form.cleaned_data["guest_name"])
        except LastClubAdmin:
            form.add_error(None, last_admin_message())
            return render(request, "accounts/remove.html", {"form": form, "member": member})
        logout(request)
        messages.success(request, _("Your account is removed. Your results stay, under the name you chose."))
        return redirect("events:home")
    return render(request, "accounts/remove.html", {"form": form, "member": member})


@club_admin_required
@require_safe
def invitations(request):
    return render(request, "accounts/invite.html", {"to_invite": services.members_to_invite().count()})


@club_admin_required
@require_POST
def invite(request):
    count = services.invite_members()
    messages.success(request, _("%(count)d members invited.") % {"count": count})
    return redirect("accounts:invitations")
