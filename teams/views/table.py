"""A teams match's room on the players' phones, a link per side of the room: no login, the link's secret is the
key (see teams.selectors.table_entry).
The page is the pairs sessions' table page (templates/table/, static/js/table.js)."""

from __future__ import annotations

from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from club.early_answer import answers_early
from club.table_entry import (
    ConfirmBoardForm,
    CorrectionForm,
    TypedBoardForm,
    polled_state,
    refused,
    run_action,
    state_refused,
)
from club.table_sides import own_version, shown_versions
from teams.selectors.table_entry import RoomBoard, RoomContext, find_room, room_state, room_tag
from teams.services.table_entry import confirm_room_board, request_room_correction, save_room_board


def _post(request: HttpRequest, context: RoomContext) -> tuple[int | None, Form | None]:
    """Does what the room sent → (board number, None), or (board number, the form with its errors)."""

    def save(data: dict) -> None:
        save_room_board(
            context=context,
            board=data["board"],
            contract=data["contract"],
            declarer=data["declarer"],
            tricks=data["tricks"],
            lead=data["lead"],
        )

    def confirm(data: dict) -> None:
        confirm_room_board(context=context, board=data["board"], version=data["version"])

    def correct(data: dict) -> None:
        request_room_correction(context=context, board=data["board"], note=data["note"])

    actions = {
        "save": (TypedBoardForm, save),
        "confirm": (ConfirmBoardForm, confirm),
        "correct": (CorrectionForm, correct),
    }
    return run_action(request.POST, actions)


def _card(context: RoomContext, board: RoomBoard, failed_board: int | None, failed_form: Form | None) -> dict:
    """What the shared board template (table/board.html) shows of a board."""
    typed = board.typed
    initial = {"board": board.number, **own_version(typed, context.side)}
    form = failed_form if failed_form is not None and failed_board == board.number else TypedBoardForm(initial=initial)
    form.auto_id = f"b{board.number}-%s"  # one form per board on the page: ids apart
    return {
        "number": board.number,
        "done": board.done,
        "typed": typed if typed is not None and not typed.confirmed else None,
        "line": board.line,
        "form": form,
        "draft": f"m{context.match.pk}-{context.room}-{context.side}-{board.number}",
        "side": context.side,
        "versions": shown_versions(typed),
    }


def room_page(request: HttpRequest, match_id: int, room: int, side: str, secret: str) -> HttpResponse:
    context, problem = find_room(match_id, room, side, secret)
    if context is None:
        if problem == "final":
            return refused(request, "closed", _("The event is final: its results are in, table entry is over."))
        return refused(request, problem, _("Table entry is closed for this match: ask the director."))
    failed_board, failed_form = None, None
    if request.method == "POST":
        failed_board, failed_form = _post(request, context)
        if failed_form is None:
            return redirect(f"{request.path}#board-{failed_board}")
    tag = room_tag(context)  # before the state, as a poll reads them: the phone's first poll sends it
    state = room_state(context)
    cards = [_card(context, board, failed_board, failed_form) for board in state.boards]
    shown = [card["number"] for card in cards if not card["done"]]
    other_error = failed_form if failed_form is not None and failed_board not in shown else None
    return render(
        request,
        "teams/table/page.html",
        {"context": context, "state": state, "tag": tag, "cards": cards, "other_error": other_error},
        status=400 if failed_form is not None else 200,
    )


def _poll_early(request: HttpRequest, match_id: int, room: int, side: str, secret: str) -> HttpResponse | None:
    """A poll answered before most middleware (`club.early_answer`); None for a link the view refuses."""
    context, _problem = find_room(match_id, room, side, secret)
    return _answer_poll(request, context) if context is not None else None


def _answer_poll(request: HttpRequest, context: RoomContext) -> HttpResponse:
    return polled_state(request, room_tag(context), lambda: room_state(context).version)


@answers_early(_poll_early)
@require_GET
def room_page_state(request: HttpRequest, match_id: int, room: int, side: str, secret: str) -> HttpResponse:
    """What the page shows, as a short version string: the phones poll it to stay in step. A poll sending the room's
    tag it was given (If-None-Match) while nothing changed gets `304 Not Modified`, the state unread (`room_tag`,
    `club.table_entry.polled_state`, as the pairs tables' polls), answered before most middleware (`_poll_early`)."""
    context, problem = find_room(match_id, room, side, secret)
    if context is None:
        return state_refused(problem)
    return _answer_poll(request, context)


def room_link_before_sides(request: HttpRequest, match_id: int, room: int, secret: str) -> HttpResponse:
    """A room's link from before each side had its own: it no longer opens the room (either side could confirm its
    own board through it), and says so."""
    message = _(
        "Each side of a room now has its own link: scan the North-South or the East-West code on your table, "
        "or ask the director."
    )
    return render(request, "table/refused.html", {"message": message}, status=410)
