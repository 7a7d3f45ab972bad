"""Director pages of table entry: switching it on, each table's link and QR code, the printable sheet, the live
view of the room (polled by static/js/live.js) and the correction requests."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.access import director_required
from club.table_entry import qr_response
from events.models import Session
from events.plans import section_plan
from events.setup.selectors.pairs_and_sections import session_or_404
from events.standings.selectors.ranking import rank_sessions
from events.tables.forms.table import LiveResultsForm, SettleForm, TableEntryForm
from events.tables.selectors.table_entry import (
    SIDES,
    correction_request,
    director_section,
    table_links,
    table_path,
    typed_results,
)
from events.tables.selectors.table_live import live_view as load_live_view
from events.tables.services.table_entry import (
    resolve_correction,
    set_live_results,
    set_table_entry,
    settle_disagreement,
)


def _session(session_id: int) -> Session:
    return session_or_404(session_id)


def _has_movement(session: Session) -> bool:
    return any(section_plan(s).has_schedule for s in session.sections.select_related("custom_movement", "session"))


@director_required
def table_entry_setup(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session(session_id)
    entry = getattr(session, "table_entry", None)
    initial = {"is_open": bool(entry and entry.is_open), "late_minutes": entry.late_minutes if entry else 20}
    form = TableEntryForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        if form.cleaned_data["is_open"] and not _has_movement(session):
            form.add_error(None, _("Table entry needs a section with a movement."))
        elif form.cleaned_data["is_open"] and session.status == Session.Status.FINAL:
            form.add_error(None, _("The session is published final: table entry stays closed."))
        else:
            set_table_entry(
                session=session, is_open=form.cleaned_data["is_open"], late_minutes=form.cleaned_data["late_minutes"]
            )
            messages.success(request, _("Table entry saved."))
            return redirect("events:table_entry_setup", session_id=session.pk)
    links = [
        (link, [(side, path, request.build_absolute_uri(path)) for side, path in link.sides])
        for link in table_links(session)
    ]
    return render(
        request,
        "events/director/table_entry_setup.html",
        {"session": session, "form": form, "links": links, "entry": entry},
        status=400 if form.is_bound else 200,
    )


@director_required
def table_sheet(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session(session_id)
    return render(request, "events/director/table_sheet.html", {"session": session, "links": table_links(session)})


@director_required
def table_qr(request: HttpRequest, session_id: int, section_id: int, table: int, side: str) -> HttpResponse:
    """A side's link at a table as a QR code (SVG, made here by segno: no outside service)."""
    section = director_section(session_id, section_id)
    entry = getattr(section.session, "table_entry", None)
    plan = section_plan(section)
    if entry is None or not entry.key or not plan.has_schedule or not 1 <= table <= plan.tables or side not in SIDES:
        raise Http404("No such table link.")
    url = request.build_absolute_uri(table_path(entry, section, table, side))
    return qr_response(url)


@director_required
def live_view(request: HttpRequest, session_id: int) -> HttpResponse:
    session = _session(session_id)
    context = _live_context(request, session)
    entry = context["live"].entry
    context["live_form"] = LiveResultsForm(initial={"live_results": bool(entry and entry.live_results)})
    return render(request, "events/director/live_view.html", context)


@director_required
@require_POST
def live_results_switch(request: HttpRequest, session_id: int) -> HttpResponse:
    """Shows the live ranking publicly while the session is in progress, or hides it."""
    session = _session(session_id)
    form = LiveResultsForm(request.POST)
    form.is_valid()  # a box: anything but "on" is off
    on = bool(form.cleaned_data.get("live_results"))
    if on and session.is_public:
        messages.error(request, _("The session is published: its ranking is public already."))
    else:
        set_live_results(session=session, on=on)
        messages.success(request, _("Live results are public.") if on else _("Live results are hidden."))
    return redirect("events:live_view", session_id=session.pk)


@director_required
def live_grid(request: HttpRequest, session_id: int) -> HttpResponse:
    """The live view's changing part alone: the page fetches it every few seconds."""
    session = _session(session_id)
    return render(request, "events/director/includes/live_grid.html", _live_context(request, session))


def _live_context(request: HttpRequest, session: Session) -> dict:
    paths = {(link.section.pk, link.table): link.ns_path for link in table_links(session)}
    return {
        "session": session,
        "live": load_live_view(session, paths),
        "results": rank_sessions([session.pk])[session.pk],
    }


@director_required
@require_POST
def correction_done(request: HttpRequest, request_id: int) -> HttpResponse:
    correction = correction_request(request_id)
    resolve_correction(correction=correction)
    messages.success(request, _("Correction request closed."))
    return redirect("events:live_view", session_id=correction.section.session_id)


@director_required
@require_POST
def settle(request: HttpRequest, result_id: int) -> HttpResponse:
    """The director settles a table's disagreement: one side's result becomes the board's line."""
    result = get_object_or_404(typed_results(), pk=result_id)
    form = SettleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the result of North-South or of East-West."))
    else:
        try:
            settle_disagreement(
                result=result, side=form.cleaned_data["side"], version=form.cleaned_data["version"], user=request.user
            )
            messages.success(request, _("Disagreement settled."))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
    return redirect("events:live_view", session_id=result.section.session_id)
