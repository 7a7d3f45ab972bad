"""Every write that changes what a member page counts records its members stale in its unit of work, whose end marks
their summaries stale (the task, or cron, writes them again: `written`), and the cached member page shows the change
at once (a stale summary's page counts the whole history): a
line corrected, the session taken back and published again, its
players changed, a member or a guest merged (and the merge undone), the session renamed or deleted in the admin, its
deals analysed (the figure against par). A member renamed changes no summary (names are the reader's) but the page."""

import datetime
from functools import partial
from io import StringIO

import pytest
from django.contrib import admin
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from club.models import Member
from club.registry import MergeSource
from club.typed_result import read_typed_result
from events.checks.services.fixes import set_status
from events.entry.services.lines import delete_line, save_line
from events.models import MemberSummary, Session, TravellerLine
from events.results.selectors.member_summary import SUMMARY_FIELDS, history_rows, summary_fields
from events.setup.services.setup import PlayersTyped, set_players
from events.standings.services.member_summaries import refresh_stale_member_summaries
from roster.services.members import save_member
from roster.services.merging import merge_people, undo_merge
from tests.builders.concurrency import run_at_once
from tests.builders.hands import dealt
from tests.builders.published import published_session


@pytest.fixture(autouse=True)
def page_cache(settings):
    settings.PAGE_CACHE_SECONDS = 600


@pytest.fixture
def session(db):
    return published_session()


def first_pair(session):
    return session.sections.get().pairs.order_by("direction", "number").first()


def summary(member_id) -> MemberSummary:
    return MemberSummary.objects.get(member_id=member_id)


def written(member_id) -> MemberSummary:
    """The member's summary once the task the write enqueued has run (as the worker does)."""
    refresh_stale_member_summaries()
    return summary(member_id)


def cached(client, member_id) -> str:
    """The member page, made and then kept by the page cache (a second request reads nothing)."""
    url = reverse("events:member_detail", args=[member_id])
    made = client.get(url).content.decode()
    with CaptureQueriesContext(connection) as queries:
        kept = client.get(url).content.decode()
    assert kept == made and not queries
    return made


def now(client, member_id, settings) -> str:
    """The member page as a visitor gets it at once, checked against the page made without the cache."""
    url = reverse("events:member_detail", args=[member_id])
    page = client.get(url).content.decode()
    settings.PAGE_CACHE_SECONDS = 0
    assert client.get(url).content.decode() == page
    settings.PAGE_CACHE_SECONDS = 600
    return page


def test_a_corrected_line_changes_the_members_figures(client, session, settings):
    pair = first_pair(session)
    before, page = summary(pair.player1_id), cached(client, pair.player1_id)
    line = TravellerLine.objects.filter(board__section__session=session, board__number=1, ns_pair=pair).first()
    line = line or TravellerLine.objects.filter(board__section__session=session, board__number=1, ew_pair=pair).get()
    save_line(
        board=line.board,
        ns_pair=line.ns_pair,
        ew_pair=line.ew_pair,
        result=read_typed_result(1, "7NT", "N", "7"),
        line=line,
    )
    # The line's write marks the summary stale (one statement): the page counts the whole history meanwhile.
    assert summary(pair.player1_id).stale
    corrected = now(client, pair.player1_id, settings)
    assert corrected != page
    call_command("refresh_member_summaries", "--stale", stdout=StringIO())  # cron, every minute
    after = summary(pair.player1_id)
    assert not after.stale and after.average != before.average and after.best[0][4] != before.best[0][4]
    assert f"{after.average:.2f}" in corrected
    settings.PAGE_CACHE_SECONDS = 0
    assert client.get(reverse("events:member_detail", args=[pair.player1_id])).content.decode() == corrected


def test_a_session_taken_back_leaves_the_pages_and_comes_back_when_published(client, session, settings):
    member_id = first_pair(session).player1_id
    cached(client, member_id)
    set_status(session=session, status=Session.Status.IN_PROGRESS)
    assert summary(member_id).stale  # marked by the write's unit of work
    assert written(member_id).played == 0
    assert "No published results for this member yet." in now(client, member_id, settings)
    until = timezone.now() + datetime.timedelta(days=2)
    set_status(session=session, status=Session.Status.PROVISIONAL, corrections_until=until)
    assert written(member_id).played == 1
    assert session.name in now(client, member_id, settings)


def test_changed_players_move_the_session_between_members(client, session, settings):
    pair = first_pair(session)
    leaving, partner = Member.objects.get(pk=pair.player1_id), pair.player2
    newcomer = Member.objects.create(first_name="New", last_name="Comer")
    cached(client, leaving.pk), cached(client, partner.pk)
    set_players(typed=[PlayersTyped(pair, str(newcomer), str(partner))])
    assert (written(leaving.pk).played, written(newcomer.pk).played) == (0, 1)
    assert written(partner.pk).partners[0][0] == newcomer.pk
    assert "New Comer" in now(client, partner.pk, settings)
    assert "No published results" in now(client, leaving.pk, settings)


def test_a_merged_member_and_the_merge_undone(client, session, settings):
    pair = first_pair(session)
    into = Member.objects.create(first_name="Kept", last_name="Member")
    cached(client, into.pk), cached(client, pair.player2_id)
    merge = merge_people(source=MergeSource(member_id=pair.player1_id), into_id=into.pk)
    assert (written(pair.player1_id).played, written(into.pk).played) == (0, 1)
    assert written(pair.player2_id).partners[0][0] == into.pk
    assert session.name in now(client, into.pk, settings)
    assert "Kept Member" in now(client, pair.player2_id, settings)
    undo_merge(merge_id=merge.pk)
    assert (written(pair.player1_id).played, written(into.pk).played) == (1, 0)
    assert "No published results" in now(client, into.pk, settings)


def test_a_merged_guest_becomes_the_members_partner(client, session, settings):
    pair = first_pair(session)
    set_players(typed=[PlayersTyped(pair, str(pair.player1), "Visiting Vera", False, True)])
    assert written(pair.player1_id).partners[0][:2] == [None, "Visiting Vera"]
    vera = Member.objects.create(first_name="Vera", last_name="Member")
    cached(client, pair.player1_id), cached(client, vera.pk)
    merge_people(source=MergeSource(guest="Visiting Vera"), into_id=vera.pk)
    assert written(pair.player1_id).partners[0][:2] == [vera.pk, ""]
    assert "Vera Member" in now(client, pair.player1_id, settings)
    assert session.name in now(client, vera.pk, settings)


def test_a_session_renamed_in_the_admin(admin_client, client, session, settings):
    member_id = first_pair(session).player1_id
    cached(client, member_id)
    data = {
        "name": "Renamed night",
        "date": session.date.isoformat(),
        "scoring": "matchpoints",
        "scale": "ebu",
        "short_boards_neuberg": "on",
        "datum_discard": "1",
        "datum_from": "4",
        "datum_rounding": "ten",
        "adjusted_imps": "comparison",
        "adjusted_imps_size": "3",
        "cross_imps": "average",
        "pair_total": "sum",
        "corrections_until_0": "",
        "corrections_until_1": "",
        "director": "",
    }
    assert admin_client.post(reverse("admin:events_session_change", args=[session.pk]), data).status_code == 302
    assert written(member_id).best[0][2] == "Renamed night"
    page = now(client, member_id, settings)
    assert "Renamed night" in page and session.name not in page


def test_a_session_deleted_in_the_admin(client, session, settings):
    member_ids = [pk for row in session.sections.get().pairs.values_list("player1_id", "player2_id") for pk in row]
    for line in TravellerLine.objects.filter(board__section__session=session):
        delete_line(line=line)  # a session with results cannot be deleted
    cached(client, member_ids[0])
    admin.site._registry[Session].delete_model(None, session)
    assert {written(pk).played for pk in member_ids} == {0}
    assert "No published results" in now(client, member_ids[0], settings)


def test_deals_analysed_draw_the_figure_against_par(client, session, settings):
    member_id = first_pair(session).player1_id
    assert 'id="par-figure"' not in cached(client, member_id)
    dealt(session)
    assert [entry[0] for entry in written(member_id).par] == [session.pk]
    assert 'id="par-figure"' in now(client, member_id, settings)


def test_a_renamed_partner_is_renamed_on_the_page_without_a_summary_written(client, session, settings):
    pair = first_pair(session)
    cached(client, pair.player1_id)
    before = summary(pair.player1_id)
    partner = pair.player2
    save_member(member=partner, fields={"last_name": "Renamed"})  # the roster's service
    assert summary(pair.player1_id).partners == before.partners  # ids, not names
    assert f"{partner.first_name} Renamed" in now(client, pair.player1_id, settings)


def test_two_sessions_of_one_member_corrected_at_the_same_moment(database):
    """Both writes mark the member's summary stale (its row locked in the members' order): neither mark is lost, and
    the refresh after them counts both changes."""
    first = published_session()
    Member.objects.update(first_name="Early")  # the second session's members have the same names: tell them apart
    second = published_session()
    member = first_pair(first).player1
    pair = first_pair(second)
    assert set_players(typed=[PlayersTyped(pair, str(member), str(pair.player2))]) == {}
    lines = [
        TravellerLine.objects.filter(board__section__session=session, board__number=2).first()
        for session in (first, second)
    ]
    for tricks in ("7", "11", "9"):
        jobs = [
            partial(
                save_line,
                board=line.board,
                ns_pair=line.ns_pair,
                ew_pair=line.ew_pair,
                result=read_typed_result(2, "3NT", "N", tricks),
                line=TravellerLine.objects.get(pk=line.pk),
            )
            for line in lines
        ]
        _results, errors = run_at_once(jobs, database)
        assert errors == []
        database()
        assert MemberSummary.objects.get(member=member).stale  # both writes marked it, neither lost
        assert refresh_stale_member_summaries() >= 1
        stored = MemberSummary.objects.filter(member=member).values(*SUMMARY_FIELDS, "stale").get()
        assert stored.pop("stale") is False
        assert stored == summary_fields(member.pk, history_rows([member.pk])[member.pk]), tricks
        assert stored["played"] == 2


def test_marking_keeps_a_summary_and_makes_a_missing_one_stale_with_the_models_defaults(session, monkeypatch):
    """`mark_summaries_stale`'s statement (written once, a batch of members at a time: two batches here) sets `stale`
    alone on a written summary and makes a member without one a summary of the model's defaults, stale."""
    from events.standings.services import member_summaries

    kept, missing = (first_pair(session).player1_id, first_pair(session).player2_id)
    before = written(kept)
    MemberSummary.objects.filter(member_id=missing).delete()
    monkeypatch.setattr(member_summaries, "MARK_BATCH", 1)
    member_summaries.mark_summaries_stale(member_ids=[missing, kept, kept])
    after = MemberSummary.objects.filter(member_id=kept).values(*SUMMARY_FIELDS, "stale").get()
    assert after.pop("stale") is True and before.played > 0
    assert after == {name: getattr(before, name) for name in SUMMARY_FIELDS}
    made = summary(missing)
    assert made.stale and (made.played, made.first, made.average, made.chart) == (0, None, None, None)
    assert (made.partners, made.best, made.par) == ([], [], [])
