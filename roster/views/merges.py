"""The club admin's merges page: merge a guest or a duplicate member into a member, the suggestions, the history
with undo. Writes go through `roster.services.merging`."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from club.access import club_admin_required
from roster.forms import MergeForm
from roster.selectors import merge_history
from roster.services.merging import MergeRefused, merge_people, suggestions, undo_merge

HISTORY = 50


@club_admin_required
def merges(request: HttpRequest) -> HttpResponse:
    """GET: the form, the suggestions and the history. POST: merge, then back here with what changed."""
    form = MergeForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            merge = merge_people(
                source=form.cleaned_data["source"], into_id=form.cleaned_data["into"].pk, user=request.user
            )
        except MergeRefused as refused:
            form.add_error(None, str(refused))
        else:
            messages.success(
                request,
                ngettext(
                    "%(source)s is merged into %(into)s: %(rows)s place in the results changed.",
                    "%(source)s is merged into %(into)s: %(rows)s places in the results changed.",
                    merge.rows,
                )
                % {"source": merge.source_name, "into": merge.into, "rows": merge.rows},
            )
            return redirect("roster:merges")
    history = merge_history(HISTORY)
    context = {"form": form, "suggestions": suggestions(), "history": history, "tab": "merges"}
    return render(request, "roster/merges.html", context)


@club_admin_required
@require_POST
def merge_undo(request: HttpRequest, merge_id: int) -> HttpResponse:
    try:
        merge = undo_merge(merge_id=merge_id, user=request.user)
    except MergeRefused as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, _("The merge of %(source)s is undone.") % {"source": merge.source_name})
    return redirect("roster:merges")
