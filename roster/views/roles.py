"""The club admin's roles page: who directs and who administers, a role given or taken away. Writes go through
`roster.services.roles`."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.access import club_admin_required
from roster.forms import GrantForm, RevokeForm
from roster.services.roles import ROLES, RoleRefused, grant, holders, revoke


@club_admin_required
def roles(request: HttpRequest) -> HttpResponse:
    """GET: who directs and who administers. POST: give a user a role."""
    form = GrantForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            grant(username=form.cleaned_data["username"], role=form.cleaned_data["role"])
        except RoleRefused as refused:
            form.add_error("username", str(refused))
        else:
            messages.success(request, _("%(username)s now has the role.") % form.cleaned_data)
            return redirect("roster:roles")
    return render(request, "roster/roles.html", {"form": form, "holders": holders(), "roles": ROLES, "tab": "roles"})


@club_admin_required
@require_POST
def role_revoke(request: HttpRequest) -> HttpResponse:
    form = RevokeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a user and a role from the list."))
        return redirect("roster:roles")
    try:
        revoke(user_id=form.cleaned_data["user_id"], role=form.cleaned_data["role"], by=request.user)
    except RoleRefused as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, _("The role is taken away."))
    return redirect("roster:roles")
