"""Hand records of a teams match: the director's PBN upload (preview, then store) and one deal typed in, with
the forms and templates the pairs sessions use (`club.hand_forms`, `templates/includes/hands_*.html`); the
public page of one board's deal with both rooms against double dummy and par."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.access import director_required
from club.bridge_messages import error_lines
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
from club.page_cache import cached_page
from deals import DealRefused
from teams.models import Match
from teams.selectors.hands import match_record_view, match_records, rooms_against_par
from teams.selectors.lookup import match_with_teams
from teams.services.hands import read_match_pbn, store_match_deals, store_typed_match_deal
from teams.services.pages import TEAMS_PAGE
from teams.views.public import visible_events


def get_match(match_id) -> Match:
    return match_with_teams(match_id)


def hands_page(request, match, *, status=200, **context):
    records = match_records(match)
    context.update(stored_context(records, reverse("teams:match_hands_state", args=[match.pk])))
    context.setdefault("upload_form", HandsUploadForm())
    context.setdefault("typed_form", TypedDealForm(initial=typed_initial(request.GET.get("board"), records)))
    context = {"event": match.event, "match": match, "records": records, **context}
    return render(request, "teams/director/match_hands.html", context, status=status)


@director_required
def match_hands(request, match_id):
    """GET: what is stored, the forms. POST: a PBN file, shown as a preview of its first boards to confirm."""
    match = get_match(match_id)
    if request.method != "POST":
        return hands_page(request, match)
    form, preview, problems = uploaded_preview(request, lambda text: read_match_pbn(match=match, text=text))
    if preview is None:
        return hands_page(request, match, upload_form=form, problems=problems, status=400)
    return render(request, "teams/director/match_hands_preview.html", {"event": match.event, "match": match, **preview})


@director_required
@require_POST
def match_hands_confirm(request, match_id):
    """Stores the previewed file's deals (their analysis pending), or lists every problem (nothing stored)."""
    match = get_match(match_id)
    form = HandsConfirmForm(request.POST)
    if not form.is_valid():
        return hands_page(request, match, problems=[_("The file was lost on the way: choose it again.")], status=400)
    data = form.cleaned_data
    try:
        found = read_match_pbn(match=match, text=data["text"])
        store_match_deals(match=match, deals=found.deals, source_name=data["source_name"], lines=found.lines)
    except DealRefused as refused:
        return hands_page(request, match, problems=error_lines(refused), status=400)
    messages.success(request, stored_message(len(found.deals)))
    return redirect("teams:match_hands", match_id=match.pk)


@director_required
@require_POST
def match_hand_typed(request, match_id):
    """Stores one deal typed in (four hands), with the same checks as a file."""
    match = get_match(match_id)
    form = TypedDealForm(request.POST)
    if form.is_valid():
        board = form.cleaned_data["board"]
        try:
            store_typed_match_deal(match=match, number=board, hands=form.hands())
        except DealRefused as refused:
            for line in error_lines(refused):
                form.add_error(None, line)
        else:
            messages.success(request, typed_message(board))
            return redirect("teams:match_hands", match_id=match.pk)
    return hands_page(request, match, typed_form=form, status=400)


@cached_page(*TEAMS_PAGE)
def match_board(request, match_id, number):
    """A board of a match: the deal, the DD table and par, both rooms' results against them (without a deal
    stored, the rooms' results and a word that there is none)."""
    match = match_with_teams(match_id, visible_events(request))
    if number not in match.board_numbers(match.event.boards_per_match):
        raise Http404("The match does not play this board.")
    record = match.deals.filter(board=number).first()
    context = {
        "event": match.event,
        "match": match,
        "number": number,
        "hand": record and match_record_view(record),
        "rooms": rooms_against_par(match, number, record),
    }
    return render(request, "teams/board.html", context)


@director_required
def match_hands_state(request, match_id):
    """The stored deals' part of the page, fetched again while their analysis goes on (static/js/hands.js)."""
    records = match_records(get_match(match_id))
    return render(request, "includes/hands_stored.html", {"records": records, **stored_context(records, request.path)})
