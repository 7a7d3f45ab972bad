"""Director pages: import a CSV file of traveller lines, a USEBIO XML file or a PBN results file as a new session,
export a session's lines."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from club.access import director_required
from club.csv_files import FileRefused, csv_response
from events.entry.services.locking import NOW, refresh_stale_standings
from events.files.forms.transfer import PbnImportForm, TravellersImportForm, UsebioImportForm
from events.files.selectors.usebio_export import usebio_event
from events.files.services.interchange_compare import report_data
from events.files.services.pbn_import import import_pbn
from events.files.services.transfer import export_rows, import_travellers
from events.files.services.usebio_import import import_usebio
from events.setup.selectors.pairs_and_sections import session_or_404
from interchange.usebio_write import write_usebio


@director_required
def travellers_import(request):
    """GET: the upload form. POST: import and go to the new session's set-up page, or list every problem."""
    form = TravellersImportForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            imported = import_travellers(
                text=data["file"],
                name=data["name"],
                date=data["date"],
                scoring_method=data["scoring"],
                scale=data["scale"],
                user=request.user,
            )
        except FileRefused as refused:
            problems = refused.problems
            form.add_error("file", _("Not imported (see the problems above): correct the file and choose it again."))
        else:
            messages.success(
                request,
                _("Imported %(lines)s (%(boards)s, %(pairs)s) into session “%(name)s”.")
                % {**imported.counts(), "name": imported.session.name},
            )
            return redirect("events:session_setup", session_id=imported.session.pk)
    return render(request, "events/director/travellers_import.html", {"form": form, "problems": problems})


REPORT_TEMPLATES = {"usebio": "events/director/usebio_import.html", "pbn": "events/director/pbn_import.html"}


def _file_import(request, form_class, kind: str, run):
    """GET: the upload form. POST: ``run(form)`` imports, then goes to the comparison with the file's figures (kept
    in the director's session, so that reloading it imports nothing again), or lists every problem of the file
    (nothing imported)."""
    posted = request.method == "POST"
    form = form_class(request.POST if posted else None, request.FILES if posted else None)
    problems = []
    if posted and form.is_valid():
        try:
            imported = run(form)
        except FileRefused as refused:
            problems = refused.problems
            form.add_error("file", _("Not imported (see the problems above): correct the file and choose it again."))
        else:
            request.session[report_key(imported.session.pk)] = {"kind": kind, **report_data(imported)}
            return redirect("events:import_report", session_id=imported.session.pk)
    return render(request, REPORT_TEMPLATES[kind], {"form": form, "problems": problems})


def report_key(session_id: int) -> str:
    return f"import-report-{session_id}"


@director_required
def import_report(request, session_id):
    """The comparison of an imported file with the site's scoring, as the import left it in this director's
    session; the session's set-up page when there is none (another browser, or an old link)."""
    session = session_or_404(session_id)
    report = request.session.get(report_key(session.pk))
    if not isinstance(report, dict) or report.get("kind") not in REPORT_TEMPLATES:
        return redirect("events:session_setup", session_id=session.pk)
    return render(request, REPORT_TEMPLATES[report["kind"]], {"imported": report, "summary": report["summary"]})


@director_required
def usebio_import(request):
    """A USEBIO file as a new session, compared with the file's figures."""

    def run(form):
        data = form.cleaned_data
        return import_usebio(data=data["file"], preset=data["preset"], user=request.user, source_name=form.file_name)

    return _file_import(request, UsebioImportForm, "usebio", run)


@director_required
def pbn_import(request):
    """A PBN results file (ScoreTables) as a new session with its deals, compared with the file's figures."""

    def run(form):
        data = form.cleaned_data
        return import_pbn(
            data=data["file"],
            scoring_method=data["scoring"],
            preset=data["preset"],
            user=request.user,
            source_name=form.file_name,
        )

    return _file_import(request, PbnImportForm, "pbn", run)


@director_required
def usebio_export(request, session_id):
    """The session as a USEBIO 1.2 XML download."""
    session = session_or_404(session_id)
    refresh_stale_standings(session_id=session.pk, every=NOW)  # what the tables just confirmed
    response = HttpResponse(write_usebio(usebio_event(session)), content_type="application/xml; charset=utf-8")
    filename = f"usebio-{session.date:%Y-%m-%d}-{slugify(session.name) or session.pk}.xml"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@director_required
def travellers_export(request, session_id):
    """The session's traveller lines as a CSV download."""
    session = session_or_404(session_id)
    filename = f"travellers-{session.date:%Y-%m-%d}-{slugify(session.name) or session.pk}.csv"
    return csv_response(export_rows(session), filename)
