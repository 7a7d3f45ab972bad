"""A table's page on the players' phones: no login, the link's secret is the key (see
events.tables.selectors.table_entry)."""

from __future__ import annotations

from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from club.early_answer import answers_early
from club.table_entry import CorrectionForm, polled_state, refused, run_action, state_refused
from club.table_sides import own_version, shown_versions
from events.entry.services.locking import refresh_stale_standings
from events.tables.forms.table import TableConfirmForm, TableResultForm
from events.tables.selectors.table_entry import BoardState, TableContext, find_table, table_state
from events.tables.selectors.table_tag import table_tag
from events.tables.services.table_entry import confirm_table_result, request_correction, save_table_result


def _post(request: HttpRequest, context: TableContext) -> tuple[int | None, Form | None]:
    """Does what the table sent → (board number, None), or (board number, the form with its errors)."""

    def save(data: dict) -> None:
        save_table_result(
            context=context,
            round_=data["round"],
            board_number=data["board"],
            contract=data["contract"],
            declarer=data["declarer"],
            tricks=data["tricks"],
            lead=data["lead"],
        )

    return run_action(
        request.POST,
        {
            "save": (TableResultForm, save),
            "confirm": (
                TableConfirmForm,
                lambda data: confirm_table_result(
                    context=context, round_=data["round"], board_number=data["board"], version=data["version"]
                ),
            ),
            "correct": (
                CorrectionForm,
                lambda data: request_correction(context=context, board_number=data["board"], note=data["note"]),
            ),
        },
    )


def _card(context: TableContext, round_: int | None, board: BoardState, form: TableResultForm) -> dict:
    """What the shared board template (table/board.html) shows of a board: with the side whose phone it is, and
    each side's result in a disagreement."""
    number = board.board.number
    typed = board.typed if board.typed is not None and not board.typed.removed else None
    return {
        "number": number,
        "done": board.done,
        "typed": typed,
        "line": board.line,
        "form": form,
        "round": round_,
        "draft": f"{context.section.pk}-{context.table}-{context.side}-{round_}-{number}",
        "side": context.side,
        "versions": shown_versions(typed),
    }


def _closed(request: HttpRequest, problem: str) -> HttpResponse:
    if problem == "final":
        return refused(request, "closed", _("The session is final: its results are in, table entry is over."))
    return refused(request, problem, _("Table entry is closed for this session: ask the director."))


def table_page(request: HttpRequest, session_id: int, letter: str, table: int, side: str, secret: str) -> HttpResponse:
    context, problem = find_table(session_id, letter, table, side, secret)
    if context is None:
        return _closed(request, problem)
    failed_board, failed_form = None, None
    if request.method == "POST":
        failed_board, failed_form = _post(request, context)
        if failed_form is None:
            return redirect(f"{request.path}#board-{failed_board}")
    tag = table_tag(context)  # before the state, as a poll reads them: the phone's first poll sends it
    state = table_state(context)
    cards = []
    for board in state.boards:
        initial = {"round": state.round, "board": board.board.number, **own_version(board.typed, context.side)}
        form = TableResultForm(initial=initial)
        if failed_form is not None and failed_board == board.board.number:
            form = failed_form  # what was typed, with the refusal
        form.auto_id = f"b{board.board.number}-%s"  # one form per board on the page: ids apart
        cards.append(_card(context, state.round, board, form))
    shown = [card["number"] for card in cards if not card["done"]]  # the boards with a form
    other_error = failed_form if failed_form is not None and failed_board not in shown else None
    return render(
        request,
        "events/table/page.html",
        {"context": context, "state": state, "tag": tag, "cards": cards, "other_error": other_error, "letter": letter},
        status=400 if failed_form is not None else 200,
    )


def _answer_poll(request: HttpRequest, context: TableContext) -> HttpResponse:
    """`304 Not Modified` or the new version; and the standings the room's last confirmations marked stored, once a
    second at most (`refresh_stale_standings`)."""
    refresh_stale_standings(session_id=context.entry.session_id, read=context.entry)
    return polled_state(request, table_tag(context), lambda: table_state(context, pairs=False).version)


def _poll_early(request: HttpRequest, session_id: int, letter: str, table: int, side: str, secret: str):
    """A poll answered before most middleware (`club.early_answer`); None for a link the view refuses."""
    context, _problem = find_table(session_id, letter, table, side, secret)
    return _answer_poll(request, context) if context is not None else None


@answers_early(_poll_early)
@require_GET
def table_page_state(request: HttpRequest, session_id: int, letter: str, table: int, side: str, secret: str):
    """What the page shows, as a short version string: the phones poll it to stay in step. A poll sending the
    table's tag it was given (If-None-Match) while nothing changed gets `304 Not Modified`, the state unread
    (`table_tag`, `club.table_entry.polled_state`); such polls are answered before most middleware
    (`_poll_early`). Closed or final, the answer says so (`static/js/table.js` shows it; final, it stops polling)."""
    context, problem = find_table(session_id, letter, table, side, secret)
    if context is None:
        return state_refused(problem)
    return _answer_poll(request, context)
