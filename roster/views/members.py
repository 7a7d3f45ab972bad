"""The club admin's roster pages: the members (search, add, change, deactivate), the CSV import with its preview,
and the export. Writes go through `roster.services.members`."""

from __future__ import annotations

import re

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.access import club_admin_required
from club.csv_files import FileRefused, csv_response
from club.models import Member
from roster.forms import MemberForm, RosterConfirmForm, RosterFileForm
from roster.selectors import member_or_404, roster_members
from roster.services.members import import_members, plan_import, read_roster, roster_rows, save_member, set_active
from roster.services.merging import suggestions
from roster.services.roles import LastClubAdmin

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # a NUL is refused by PostgreSQL: read as a space
PER_PAGE = 50
MAX_SEARCH = 100


def _search(members: QuerySet[Member], text: str) -> QuerySet[Member]:
    for word in text.split()[:5]:
        members = members.filter(
            Q(first_name__icontains=word)
            | Q(last_name__icontains=word)
            | Q(number__iexact=word)
            | Q(email__icontains=word)
        )
    return members


@club_admin_required
def roster(request: HttpRequest) -> HttpResponse:
    """The members, active first unless `?all=1` shows the inactive too; `?q=` searches names, number, email."""
    text = " ".join(_CONTROL.sub(" ", request.GET.get("q", "")[:MAX_SEARCH]).split())
    show_all = request.GET.get("all") == "1"
    members = roster_members(show_all=show_all)
    page = Paginator(_search(members, text), PER_PAGE).get_page(request.GET.get("page"))
    context = {"page": page, "q": text, "show_all": show_all, "suggestions": suggestions()}
    return render(request, "roster/roster.html", {**context, "tab": "roster"})


@club_admin_required
def member_edit(request: HttpRequest, member_id: int | None = None) -> HttpResponse:
    """Adds a member (no id) or changes one."""
    member = Member() if member_id is None else member_or_404(member_id)
    form = MemberForm(request.POST if request.method == "POST" else None, instance=member)
    if request.method == "POST" and form.is_valid():
        try:
            save_member(member=member, fields=form.cleaned_data)
        except LastClubAdmin as refused:
            form.add_error("active", str(refused))
        except ValidationError as error:  # the number was taken meanwhile
            form.add_error(None, error)
        else:
            messages.success(request, _("%(name)s is saved.") % {"name": member.full_name})
            return redirect("roster:roster")
    return render(request, "roster/member_form.html", {"form": form, "member": member, "tab": "roster"})


@club_admin_required
@require_POST
def member_active(request: HttpRequest, member_id: int) -> HttpResponse:
    """Deactivates a member (`active=0`) or makes them active again (`active=1`)."""
    active = request.POST.get("active") == "1"
    try:
        member = set_active(member_id=member_id, active=active)
    except LastClubAdmin as refused:
        messages.error(request, str(refused))
        return redirect("roster:roster")
    if member is None:
        messages.error(request, _("There is no such member (removed meanwhile?)."))
    elif active:
        messages.success(request, _("%(name)s is active again.") % {"name": member.full_name})
    else:
        messages.success(request, _("%(name)s is deactivated: their results stay.") % {"name": member.full_name})
    return redirect("roster:roster")


@club_admin_required
def roster_import(request: HttpRequest) -> HttpResponse:
    """GET: the upload form. POST: the preview (created, updated, left alone), or every problem of the file."""
    form = RosterFileForm(*((request.POST, request.FILES) if request.method == "POST" else ()))
    problems: list = []
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["file"]
        try:
            plan = plan_import(read_roster(text))
        except FileRefused as refused:
            problems = refused.problems
            form.add_error("file", _("Not imported (see the problems above): correct the file and choose it again."))
        else:
            confirm = RosterConfirmForm(initial={"text": text})
            return render(request, "roster/roster_preview.html", {"plan": plan, "confirm": confirm, "tab": "roster"})
    return render(request, "roster/roster_import.html", {"form": form, "problems": problems, "tab": "roster"})


@club_admin_required
@require_POST
def roster_import_confirm(request: HttpRequest) -> HttpResponse:
    """Imports the previewed file (read and checked again: the roster may have changed since the preview)."""
    form = RosterConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The file was lost on the way: choose it again."))
        return redirect("roster:roster_import")
    try:
        plan = import_members(form.cleaned_data["text"])
    except FileRefused as refused:
        upload = RosterFileForm()
        return render(
            request, "roster/roster_import.html", {"form": upload, "problems": refused.problems, "tab": "roster"}
        )
    messages.success(
        request,
        _("Roster imported: %(created)s created, %(updated)s updated, %(unchanged)s unchanged.") % plan.counts(),
    )
    return redirect("roster:roster")


@club_admin_required
def roster_export(request: HttpRequest) -> HttpResponse:
    return csv_response(roster_rows(), "roster.csv")
