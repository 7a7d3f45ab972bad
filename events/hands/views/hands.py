"""Director pages for hand records: upload a PBN file (preview, then store), type one deal, see what is stored."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.access import director_required
from club.bridge_messages import error_lines, line_problem
from club.hand_forms import (
    HandsConfirmForm,
    HandsUploadForm,
    TypedDealForm,
    stored_message,
    typed_initial,
    typed_message,
    uploaded_preview,
)
from club.hand_progress import stored_context
from deals import DealRefused
from events.hands.selectors.hands import session_records
from events.hands.services.hands import import_hands, read_session_pbn, store_typed_deal
from events.setup.selectors.pairs_and_sections import session_or_404


def hands_page(request, session, *, status=200, **context):
    context.setdefault("upload_form", HandsUploadForm())
    context["records"] = session_records(session)
    context.update(stored_context(context["records"], reverse("events:session_hands_state", args=[session.pk])))
    context.setdefault("typed_form", TypedDealForm(initial=typed_initial(request.GET.get("board"), context["records"])))
    return render(request, "events/director/session_hands.html", {"session": session, **context}, status=status)


@director_required
def session_hands(request, session_id):
    """GET: what is stored, the forms. POST: a PBN file, shown as a preview of its first boards to confirm."""
    session = session_or_404(session_id)
    if request.method != "POST":
        return hands_page(request, session)
    form, preview, problems = uploaded_preview(request, lambda text: read_session_pbn(session=session, text=text))
    if preview is None:
        return hands_page(request, session, upload_form=form, problems=problems, status=400)
    return render(request, "events/director/session_hands_preview.html", {"session": session, **preview})


@director_required
def session_hands_state(request, session_id):
    """The stored deals' part of the page, fetched again while their analysis goes on (static/js/hands.js)."""
    session = session_or_404(session_id)
    records = session_records(session)
    context = {"records": records, **stored_context(records, request.path)}
    return render(request, "includes/hands_stored.html", context)


@director_required
@require_POST
def session_hands_confirm(request, session_id):
    """Stores the previewed file's deals, or lists every problem (nothing stored)."""
    session = session_or_404(session_id)
    form = HandsConfirmForm(request.POST)
    if not form.is_valid():
        return hands_page(request, session, problems=[_("The file was lost on the way: choose it again.")], status=400)
    try:
        data = form.cleaned_data
        stored = import_hands(session=session, text=data["text"], source_name=data["source_name"])
    except DealRefused as refused:
        return hands_page(request, session, problems=error_lines(refused), status=400)
    messages.success(request, stored_message(stored.count))
    for warning in stored.warnings:
        messages.warning(request, line_problem(warning.line, warning))
    return redirect("events:session_hands", session_id=session.pk)


@director_required
@require_POST
def session_hand_typed(request, session_id):
    """Stores one deal typed in (four hands), with the same checks as a file."""
    session = session_or_404(session_id)
    form = TypedDealForm(request.POST)
    if form.is_valid():
        try:
            store_typed_deal(session=session, number=form.cleaned_data["board"], hands=form.hands())
        except DealRefused as refused:
            for line in error_lines(refused):
                form.add_error(None, line)
        else:
            board = form.cleaned_data["board"]
            messages.success(request, typed_message(board))
            return redirect("events:session_hands", session_id=session.pk)
    return hands_page(request, session, typed_form=form, status=400)
