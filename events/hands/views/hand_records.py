"""Public hand-record pages of a session (visible as its results are: published, or to directors): the PBN
download, the printable hand-record sheet, and one board's deal on its own link."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.text import slugify

from events.hands.selectors.hands import session_pbn, session_record_view, session_records
from events.results.views.results import visible_session


def hands_pbn(request, session_id):
    session = visible_session(request, session_id)
    if not session_records(session):
        raise Http404("No deals in this session.")
    response = HttpResponse(session_pbn(session), content_type="application/x-pbn; charset=utf-8")
    name = f"hands-{session.date:%Y-%m-%d}-{slugify(session.name) or session.pk}.pbn"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def hand_sheet(request, session_id):
    session = visible_session(request, session_id)
    hands = [session_record_view(record, number) for number, record in session_records(session).items()]
    if not hands:
        raise Http404("No deals in this session.")
    return render(
        request,
        "events/results/hand_sheet.html",
        {"session": session, "hands": hands, "preview": not session.is_public},
    )


def board_deal(request, session_id, number):
    session = visible_session(request, session_id)
    record = session_records(session).get(number)
    if record is None:
        raise Http404("No deal for this board.")
    return render(
        request,
        "events/results/board_deal.html",
        {"session": session, "hand": session_record_view(record, number), "preview": not session.is_public},
    )
