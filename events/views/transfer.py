"""Director pages: import a CSV file of traveller lines as a new session, export a session's lines."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from events.access import director_required
from events.forms_transfer import TravellersImportForm
from events.models import Session
from events.transfer import TravellersRefused, import_travellers, write_travellers_csv


@director_required
def travellers_import(request):
    """GET: the upload form. POST: import and go to the new session's set-up page, or list every problem."""
    form = TravellersImportForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            imported = import_travellers(data["file"], name=data["name"], date=data["date"],
                                         scoring_method=data["scoring"], scale=data["scale"], user=request.user)
        except TravellersRefused as refused:
            problems = refused.problems
            form.add_error("file", _("Not imported (see the problems above): correct the file and choose it again."))
        else:
            messages.success(request, _("Imported %(lines)s (%(boards)s, %(pairs)s) into session “%(name)s”.") % {
                **imported.counts(), "name": imported.session.name})
            return redirect("session_setup", session_id=imported.session.pk)
    return render(request, "events/director/travellers_import.html", {"form": form, "problems": problems})


@director_required
def travellers_export(request, session_id):
    """The session's traveller lines as a CSV download."""
    session = get_object_or_404(Session, pk=session_id)
    filename = f"travellers-{session.date:%Y-%m-%d}-{slugify(session.name) or session.pk}.csv"
    response = HttpResponse(content_type="text/csv; charset=utf-8",
                            headers={"Content-Disposition": f'attachment; filename="{filename}"'})
    write_travellers_csv(session, response)
    return response
