"""The public results pages: session ranking, board traveller, pair scorecard, member history, CSV exports.

Published sessions (provisional or final) are public; a session in progress is a 404 for everyone
but directors, who see it with a preview banner. Every page reads a fixed number of queries,
whatever the size of the session or the length of the member's history.
"""

from __future__ import annotations

import re

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from club.access import check_visible, is_director
from club.csv_files import csv_response
from club.page_cache import PAGED, cached_page, one_of, shared_page
from club.registry import member_sections
from events.files.selectors.downloads import ranking_rows, traveller_csv_rows
from events.hands.selectors.hands import load_hand
from events.models import Session
from events.results.ranking_table import RankingTable
from events.results.selectors.live_results import shows_live
from events.results.selectors.lookup import board_numbers, public_session, session_section
from events.results.selectors.member_summary import load_member_page
from events.results.selectors.scorecard import load_scorecard
from events.results.selectors.traveller import load_traveller
from events.results.services.pages import MEMBER_PAGE, SESSION_PAGE
from events.setup.selectors.pairs_and_sections import session_or_404
from events.standings.selectors.ranking import mark_mine, member_of, rank_session, rank_sessions, top_summaries
from roster.selectors import member_or_404

MEMBER_SESSIONS_PER_PAGE = 25


def _reader_member(request) -> int | None:
    """The reader's member id, for their own rows: None on a page kept for every reader (static/js/reader.js marks
    them there, from the reader's fragment)."""
    return None if shared_page(request) else member_of(request.user)


def _own_page(request, member_id) -> bool:
    """A member reading their own page gets it made for them (their real name, a page hidden from others)."""
    return request.user.is_authenticated and member_of(request.user) == member_id


def visible_session(request, session_id: int) -> Session:
    """The session, if the visitor may see it: published, or in progress and the visitor directs."""
    return check_visible(request.user, session_or_404(session_id), "This session is still in progress.")


def url_prefix(name: str, *args) -> str:
    """The URL of `name` without its last number, e.g. '/members/' for member_detail: pages with many links
    write '{{ prefix }}{{ id }}/' instead of reversing each one (a reverse costs as much as a table row)."""
    url = reverse(name, args=[*args, 0])
    assert url.endswith("/0/"), url
    return url[:-2]


def field_name(direction: str) -> str:
    return {"NS": _("North-South"), "EW": _("East-West")}.get(direction, _("All pairs"))


def ranking_blocks(request, session: Session, results) -> list[dict]:
    """Each section's ranking tables (one per field), top summaries and board links."""
    tops = top_summaries(results.sections)
    numbers = board_numbers(session)
    boards = {section.id: numbers.get(section.id, []) for section in results.sections}
    config = RequestConfig(request, paginate=False)
    scorecards, members = url_prefix("events:pair_scorecard", session.pk), url_prefix("events:member_detail")
    blocks = []
    for section in results.sections:
        fields = []
        for ranking in results.fields:
            if ranking.section.id != section.id:
                continue
            table = RankingTable(
                ranking.rows,
                session_id=session.pk,
                uses_imps=ranking.uses_imps,
                prefix=f"{ranking.key}-",
                attrs={
                    "class": "table table-sm table-striped table-hover align-middle ranking",
                    "id": f"ranking-{ranking.key}",
                },
            )
            table.scorecard_prefix, table.member_prefix = scorecards, members
            config.configure(table)
            fields.append({"ranking": ranking, "table": table, "name": field_name(ranking.direction)})
        blocks.append(
            {
                "section": section,
                "fields": fields,
                "tops": tops[section.id],
                "boards": boards[section.id],
                "board_prefix": url_prefix("events:board_traveller", session.pk, section.id),
            }
        )
    return blocks


# The ranking tables' sort orders ("a-ns-sort=pair"): one parameter a table, prefixed by its key (Ranking.key).
RANKING_SORTS = {
    re.compile(r"[a-z]-(ns|ew|all)-sort"): one_of(
        ("place", "pair", "names", "score", "percentage", "boards", "average"), descending=True
    )
}


@cached_page(*SESSION_PAGE, reads=RANKING_SORTS)
def session_ranking(request, session_id):
    session = public_session(session_id)
    if not session.is_public and not is_director(request.user) and shows_live(session):
        return redirect("events:live_results", session_id=session.pk)  # the live results, marked provisional
    check_visible(request.user, session, "This session is still in progress.")
    results = rank_session(session)
    member_id = _reader_member(request)
    mark_mine(results, member_id)
    return render(
        request,
        "events/results/session.html",
        {
            "session": session,
            "results": results,
            "blocks": ranking_blocks(request, session, results),
            "preview": not session.is_public,
            "member_id": member_id,
            "has_mine": any(row.mine for field in results.fields for row in field.rows),
            "several_sections": len(results.sections) > 1,
        },
    )


def ranking_csv(request, session_id):
    session = visible_session(request, session_id)
    rows = ranking_rows(session, rank_sessions([session.pk])[session.pk])
    return csv_response(rows, f"ranking-{session.date:%Y-%m-%d}-{slugify(session.name) or session.pk}.csv")


def _traveller(request, session_id, section_id, number):
    """The board's traveller, and whether its session has several sections."""
    session = visible_session(request, session_id)
    section, sections = session_section(session, section_id)
    numbers = list(section.boards.order_by("number").values_list("number", flat=True))
    if number not in numbers:
        raise Http404("No such board in this section.")
    return load_traveller(session, section, sections, number, numbers, _reader_member(request)), len(sections) > 1


@cached_page(*SESSION_PAGE)
def board_traveller(request, session_id, section_id, number):
    traveller, several = _traveller(request, session_id, section_id, number)
    session = traveller.session
    return render(
        request,
        "events/results/traveller.html",
        {
            "session": session,
            "section": traveller.section,
            "traveller": traveller,
            "hand": load_hand(traveller.section, traveller.number, traveller.rows),
            "several_sections": several,
            "preview": not session.is_public,
        },
    )


def traveller_csv(request, session_id, section_id, number):
    traveller, _several = _traveller(request, session_id, section_id, number)
    session = traveller.session
    name = f"traveller-{session.date:%Y-%m-%d}-{traveller.section.letter}-board-{traveller.number}.csv"
    return csv_response(traveller_csv_rows(traveller), name.lower())


@cached_page(*SESSION_PAGE)
def pair_scorecard(request, session_id, pair_id):
    session = visible_session(request, session_id)
    results = rank_session(session)
    pair = results.pairs.get(pair_id)
    if pair is None:
        raise Http404("No such pair in this session.")
    card = load_scorecard(results, pair)
    ranking, standing = results.standing_of(pair.id)
    member_id = _reader_member(request)
    return render(
        request,
        "events/results/scorecard.html",
        {
            "session": session,
            "card": card,
            "has_par": any(line.against_par is not None for line in card.lines),
            "pair": pair,
            "ranking": ranking,
            "standing": standing,
            "field_name": field_name(ranking.direction) if ranking else "",
            "preview": not session.is_public,
            "several_sections": len(results.sections) > 1,
            "mine": member_id is not None and member_id in pair.member_ids,
        },
    )


@cached_page(*MEMBER_PAGE, reads=PAGED, personal=_own_page)
def member_detail(request, member_id):
    member = member_or_404(member_id)
    is_me = request.user.is_authenticated and member.user_id == request.user.pk
    if not (member.page_is_public or is_me):
        raise Http404("This member's page is not public.")  # by pair number only, or removed (club.privacy)
    history = load_member_page(member.pk, request.GET.get("page"), MEMBER_SESSIONS_PER_PAGE)
    return render(
        request,
        "events/results/member.html",
        {
            "member": member,
            "member_name": member.real_name if is_me else member.full_name,  # a member sees their own name
            "history": history,
            "par_chart": history.par_chart,
            "page": history.page,
            "member_prefix": url_prefix("events:member_detail"),
            "session_prefix": url_prefix("events:session"),
            "is_me": is_me,
            **member_sections(member),  # what other apps add, e.g. the teams app's `team_events`
        },
    )
