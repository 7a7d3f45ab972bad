"""Director pages for a match: boards of both rooms, IMP totals only, adjustments, CSV in and out."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from club.access import director_required
from club.csv_files import FileRefused, csv_response
from club.form_errors import add_errors
from teams.forms.entry import TotalsForm, room_form
from teams.forms.event import AdjustmentForm, MatchImportForm
from teams.models import Match
from teams.selectors.lookup import adjustment_or_404, match_with_teams
from teams.selectors.standings import match_scores
from teams.selectors.table_entry import match_rooms
from teams.services.entry import entry_boards, focus_prefix, save_entry
from teams.services.matches import add_adjustment, delete_adjustment, set_match_totals
from teams.services.transfer import import_match, match_rows


def get_match(match_id) -> Match:
    return match_with_teams(match_id)


def _page(request, match, boards, **extra):
    event = match.event
    totals = extra.pop("totals_form", None) or TotalsForm(initial=_totals_initial(match), match=match)
    adjustment = extra.pop("adjustment_form", None) or AdjustmentForm(match=match)
    return render(
        request,
        "teams/director/match_entry.html",
        {
            "event": event,
            "match": match,
            "boards": boards,
            "focus": focus_prefix(boards),
            "score": match_scores(event, [match])[0],
            "totals_form": totals,
            "adjustment_form": adjustment,
            "rooms": match_rooms(match),
            **extra,
        },
    )


def _totals_initial(match: Match) -> dict:
    if not match.totals_only:
        return {}
    if match.event.is_board_a_match:
        return {"home": match.home_points, "away": match.away_points}
    return {"home": match.home_imps, "away": match.away_imps}


@director_required
def match_entry(request, match_id):
    match = get_match(match_id)
    boards = entry_boards(match, match.event, request.POST or None, make_form=room_form)
    problems = []
    if request.method == "POST" and not match.is_bye:
        saved = save_entry(match=match, boards=boards, user=request.user)
        count, problems = saved.count, saved.problems
        if saved.taken:
            messages.warning(
                request,
                ngettext(
                    "%(count)d result of this page was changed by another director after you opened it: "
                    "it is kept as they saved it.",
                    "%(count)d results of this page were changed by another director after you opened it: "
                    "they are kept as they saved them.",
                    saved.taken,
                )
                % {"count": saved.taken},
            )
        if count >= 0:
            if count:
                messages.success(
                    request, ngettext("%(count)d result saved.", "%(count)d results saved.", count) % {"count": count}
                )
            else:
                messages.info(request, _("Nothing changed."))
            return redirect("teams:match_entry", match_id=match.pk)
    return _page(request, match, boards, problems=problems, refused=request.method == "POST")


@director_required
@require_POST
def match_totals(request, match_id):
    match = get_match(match_id)
    form = TotalsForm(request.POST, match=match)
    if form.is_valid():
        try:
            set_match_totals(match=match, home=form.cleaned_data["home"], away=form.cleaned_data["away"])
        except ValidationError as error:
            add_errors(form, error)
        else:
            messages.success(request, _("Match totals saved."))
            return redirect("teams:match_entry", match_id=match.pk)
    return _page(request, match, entry_boards(match, match.event, make_form=room_form), totals_form=form)


@director_required
@require_POST
def adjustment_add(request, match_id):
    match = get_match(match_id)
    form = AdjustmentForm(request.POST, match=match)
    if form.is_valid():
        data = form.cleaned_data
        try:
            add_adjustment(
                match=match, team=data["team"], kind=data["kind"], amount=data["amount"], reason=data["reason"]
            )
        except ValidationError as error:
            add_errors(form, error)
        else:
            messages.success(request, _("Adjustment saved."))
            return redirect("teams:match_entry", match_id=match.pk)
    boards = entry_boards(match, match.event, make_form=room_form)
    return _page(request, match, boards, adjustment_form=form)


@director_required
@require_POST
def adjustment_delete(request, adjustment_id):
    adjustment = adjustment_or_404(adjustment_id)
    delete_adjustment(adjustment=adjustment)
    messages.success(request, _("Adjustment removed."))
    return redirect("teams:match_entry", match_id=adjustment.match_id)


@director_required
def match_import(request, match_id):
    match = get_match(match_id)
    form = MatchImportForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        try:
            count = import_match(match=match, text=form.cleaned_data["file"], user=request.user)
        except FileRefused as refused:
            problems = refused.problems
            form.add_error(
                "file",
                ngettext(
                    "The file was not imported: %(count)d problem.",
                    "The file was not imported: %(count)d problems.",
                    len(problems),
                )
                % {"count": len(problems)},
            )
        else:
            messages.success(
                request,
                ngettext("Imported %(count)d room result.", "Imported %(count)d room results.", count)
                % {"count": count},
            )
            return redirect("teams:match_entry", match_id=match.pk)
    return render(
        request,
        "teams/director/match_import.html",
        {"event": match.event, "match": match, "form": form, "problems": problems},
    )


@director_required
def match_export(request, match_id):
    match = get_match(match_id)
    name = slugify(f"{match.event.name}-round-{match.round}-table-{match.table}") or str(match.pk)
    return csv_response(match_rows(match), f"{name}.csv")
