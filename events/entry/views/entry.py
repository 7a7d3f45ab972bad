"""Director pages for entering results: by traveller (one board) and by table and round (a score slip)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from club.access import director_required
from club.numbers import whole_number
from club.typed_result import notation
from events.entry.forms.entry import SitOutForm, row_form
from events.entry.selectors.lookup import entry_section, line_to_remove, sit_out_to_remove
from events.entry.selectors.progress import finished_slips, next_slip
from events.entry.services.entry import has_slip, save_rows, save_traveller, set_focus, table_rows, traveller_rows
from events.entry.services.lines import delete_line
from events.entry.services.sit_outs import remove_sit_out
from events.plans import section_plan
from events.results.selectors.traveller import board_sit_outs
from events.standings.services.rescoring import board_tops


def get_section(session_id, section_id):
    return entry_section(session_id, section_id)


def saved_message(request, count, taken=0):
    if taken:
        messages.warning(
            request,
            ngettext(
                "%(count)d result of this page was changed by another director after you opened it: "
                "it is kept as they saved it.",
                "%(count)d results of this page were changed by another director after you opened it: "
                "they are kept as they saved them.",
                taken,
            )
            % {"count": taken},
        )
    if count:
        messages.success(
            request, ngettext("%(count)d result saved.", "%(count)d results saved.", count) % {"count": count}
        )
    else:
        messages.info(request, _("Nothing changed."))


@director_required
def traveller_entry(request, session_id, section_id, number):
    section = get_section(session_id, section_id)
    board = get_object_or_404(section.boards, number=number)
    board.section = section
    plan = section_plan(section)
    rows = traveller_rows(section, plan, board, request.POST or None, make_form=row_form)
    sit_out_form = SitOutForm(request.POST or None, prefix="bye")
    if request.method == "POST":
        saved = save_traveller(section=section, board=board, rows=rows, sit_out_form=sit_out_form, user=request.user)
        if saved.message:
            messages.error(request, saved.message)
        if saved.sat_out:
            messages.success(
                request,
                _("Pair %(pair)s sits out board %(board)s.")
                % {"pair": notation().pair_label(saved.sat_out), "board": number},
            )
        if not saved.refused:
            if saved.saved or saved.taken or not saved.sat_out:
                saved_message(request, saved.saved, saved.taken)
            return redirect("events:traveller_entry", session_id=session_id, section_id=section_id, number=number)
    numbers = list(section.boards.values_list("number", flat=True))
    position = numbers.index(number)
    played = sum(1 for row in rows if row.line and not row.line.not_played)
    top = None if section.session.uses_imps else board_tops(section, plan, {number: played})[number]
    return render(
        request,
        "events/director/traveller_entry.html",
        {
            "section": section,
            "session": section.session,
            "board": board,
            "rows": rows,
            "sit_out_form": sit_out_form,
            "sit_outs": board_sit_outs(board),
            "top": top,
            "previous": numbers[position - 1] if position else None,
            "next": numbers[position + 1] if position + 1 < len(numbers) else None,
            "focus_in_form": set_focus(rows),
        },
    )


@director_required
def table_entry(request, session_id, section_id, table, round_):
    section = get_section(session_id, section_id)
    plan = section_plan(section)
    if not has_slip(plan, table, round_):
        messages.error(
            request,
            _("The movement has no play at table %(table)s in round %(round)s.") % {"table": table, "round": round_},
        )
        return redirect("events:session_setup", session_id=session_id)
    boards = {board.number: board for board in section.boards.all()}
    for board in boards.values():
        board.section = section
    rows = table_rows(plan, boards, table, round_, request.POST or None, make_form=row_form)
    if request.method == "POST":
        saved = save_rows(section=section, rows=rows, user=request.user)
        if saved.message:
            messages.error(request, saved.message)
        if not saved.refused:
            saved_message(request, saved.saved, saved.taken)
            following = next_slip(plan, finished_slips(section, plan), table, round_)  # one still to enter
            if following:
                return redirect(
                    "events:table_entry",
                    session_id=session_id,
                    section_id=section_id,
                    table=following[0],
                    round_=following[1],
                )
            return redirect("events:session_setup", session_id=session_id)
    following = next_slip(plan, finished_slips(section, plan), table, round_)
    return render(
        request,
        "events/director/table_entry.html",
        {
            "section": section,
            "session": section.session,
            "table": table,
            "round": round_,
            "rows": rows,
            "next": following,
            "focus_in_form": set_focus(rows),
        },
    )


@director_required
@require_POST
def line_delete(request, line_id):
    line = line_to_remove(line_id)
    board = line.board
    back = redirect(
        "events:traveller_entry", session_id=board.section.session_id, section_id=board.section_id, number=board.number
    )
    try:
        delete_line(line=line, user=request.user, version=whole_number(request.POST.get("version"), 1))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return back
    messages.success(
        request,
        _("Result of %(ns)s v %(ew)s on board %(board)s removed.")
        % {"ns": line.ns_pair.label, "ew": line.ew_pair.label, "board": board.number},
    )
    return back


@director_required
@require_POST
def sit_out_delete(request, sit_out_id):
    sit_out = sit_out_to_remove(sit_out_id)
    board = sit_out.board
    try:
        remove_sit_out(sit_out=sit_out, user=request.user)
    except ValidationError as error:  # a final session
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("Sit-out of pair %(pair)s on board %(board)s removed.")
            % {"pair": notation().pair_label(sit_out.pair.label), "board": board.number},
        )
    return redirect(
        "events:traveller_entry", session_id=board.section.session_id, section_id=board.section_id, number=board.number
    )
