"""A table's confirmation holds the session's lock shared with the other tables and marks the standings stale;
they are stored after its commit at most once a second (`refresh_stale_standings`), by the next confirmation, a
phone's poll, cron, an export or any director's write."""

import datetime
import io
import threading
from types import SimpleNamespace
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import OperationalError, connection, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from events.entry.services import locking
from events.entry.services.locking import NOW, lock_session, refresh_stale_standings, session_write
from events.models import Session, TableEntry, TravellerLine
from events.plans import section_plan
from events.standings.selectors.ranking import rank_sessions
from events.standings.services import standings
from events.tables.selectors.table_entry import find_table
from events.tables.services.table_entry import confirm_table_result, save_table_result
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, save_post, typed_for

MARK = F("standings_marked") + 1  # what a table's confirmation writes: one more than the standings include
postgres_only = pytest.mark.skipif("connection.vendor != 'postgresql'", reason="PostgreSQL's locks")


def stored_and_ranked(session, section):
    stored = {pair.label: pair.score for pair in section.pairs.all()}
    ranked = {row.pair.label: row.score for f in rank_sessions([session.pk])[session.pk].fields for row in f.rows}
    return stored, ranked


def within_one_second():
    """The standings' clock stopped: the confirmations that follow fall within the same second however loaded the
    machine (a test's six confirmations took from 1.7 to 4 s on a shared 2-core machine)."""
    now = timezone.now()
    return mock.patch.object(locking, "timezone", SimpleNamespace(now=lambda: now))


def play_round(client, section, paths, round_=1):
    for table in range(1, section_plan(section).tables + 1):
        for play in section_plan(section).plays_at(table, round_):
            path = paths[str(table)]
            assert client.post(path, save_post(play, *typed_for(play))).status_code == 302
            assert client.post(ew(path), confirm_post(play)).status_code == 302


def test_a_confirmation_stores_the_standings_after_its_commit(db, client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Monday")
    paths = open_tables(session)
    with mock.patch.object(locking, "lock_session", wraps=locking.lock_session) as lock, within_one_second():
        play_round(client, section, paths)
    assert mock.call(session.pk, shared=True) in lock.call_args_list  # the confirmations share the lock
    assert TravellerLine.objects.filter(board__section=section).count() == 6
    entry = TableEntry.objects.get(session=session)
    # The first confirmation stored them; the five after it, within the second, left them marked.
    assert entry.standings_stale is True and entry.standings_at is not None
    assert stored_and_ranked(session, section)[0] != stored_and_ranked(session, section)[1]
    TableEntry.objects.filter(session=session).update(standings_at=timezone.now() - datetime.timedelta(seconds=2))
    poll = client.get(paths["1"] + "state/")  # a phone's poll a second later stores them
    assert poll.status_code == 200
    assert TableEntry.objects.get(session=session).standings_stale is False
    stored, ranked = stored_and_ranked(session, section)
    assert stored == ranked and sum(stored.values()) > 0


def test_a_room_confirming_in_one_second_is_ranked_once(db, client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Monday")
    paths = open_tables(session)
    with mock.patch.object(standings, "_store_now", wraps=standings._store_now) as store, within_one_second():
        play_round(client, section, paths)
    assert store.call_count == 1  # six confirmations within the second, one ranking


def test_cron_and_exports_store_what_the_tables_marked(db, client, director_client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Monday")
    play_round(client, section, open_tables(session))
    out = io.StringIO()
    call_command("store_standings", "--stale", stdout=out)
    assert out.getvalue().strip() == "Standings stored again: 1 sessions."
    stored, ranked = stored_and_ranked(session, section)
    assert stored == ranked
    call_command("store_standings", "--stale", stdout=out)  # nothing marked now
    assert out.getvalue().strip().splitlines()[-1] == "Standings stored again: 0 sessions."
    TableEntry.objects.filter(session=session).update(standings_marked=MARK)
    with mock.patch.object(standings, "_store_now", wraps=standings._store_now) as store:
        assert director_client.get(reverse("events:usebio_export", args=[session.pk])).status_code == 200
    assert store.call_count == 1 and not TableEntry.objects.get(session=session).standings_stale


def test_a_published_sessions_confirmations_store_the_standings_at_once(db, client):
    # Its pages read the stored standings: no mark, no second's lag.
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Monday")
    paths = open_tables(session)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PROVISIONAL)
    with mock.patch.object(standings, "_store_now", wraps=standings._store_now) as store:
        play_round(client, section, paths)
    assert store.call_count == 6  # each confirmation, in its transaction
    assert TableEntry.objects.get(session=session).standings_stale is False
    stored, ranked = stored_and_ranked(session, section)
    assert stored == ranked and sum(stored.values()) > 0


def test_a_directors_write_stores_what_the_tables_marked(db, client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Monday")
    play_round(client, section, open_tables(session))
    with session_write(session.pk):  # e.g. the director corrects a line: the session's lock alone
        pass
    assert TableEntry.objects.get(session=session).standings_stale is False
    stored, ranked = stored_and_ranked(session, section)
    assert stored == ranked


def test_a_mark_set_during_a_refresh_stays_for_the_next(db, client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Monday")
    play_round(client, section, open_tables(session))
    TableEntry.objects.filter(session=session).update(standings_marked=MARK, standings_at=None)
    real = standings._store_now

    def store_while_a_table_confirms(*args, **kwargs):  # a confirmation commits while the standings are being stored
        TableEntry.objects.filter(session=session).update(standings_marked=MARK)
        return real(*args, **kwargs)

    with mock.patch.object(standings, "_store_now", side_effect=store_while_a_table_confirms):
        assert refresh_stale_standings(session_id=session.pk) is True
    assert TableEntry.objects.get(session=session).standings_stale is True
    assert refresh_stale_standings(session_id=session.pk) is False  # stored less than a second ago
    assert refresh_stale_standings(session_id=session.pk, every=NOW) is True
    assert TableEntry.objects.get(session=session).standings_stale is False


def test_a_refresh_that_fails_leaves_the_mark_for_the_next_writer(db):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2, name="Monday")
    open_tables(session)
    TableEntry.objects.filter(session=session).update(standings_marked=MARK)
    with mock.patch.object(standings, "_store_now", side_effect=RuntimeError("the database went away")):
        with pytest.raises(RuntimeError):
            refresh_stale_standings(session_id=session.pk)
    assert TableEntry.objects.get(session=session).standings_stale is True
    assert refresh_stale_standings(session_id=session.pk, every=NOW) is True


def hold_in_another_connection(sql: str, params: list, release: threading.Event, held: threading.Event):
    """Runs `sql` in a transaction of its own connection (another thread) and keeps it open until `release`."""

    def run():
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(sql, params)
                held.set()
                release.wait(timeout=30)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    assert held.wait(timeout=30)
    return thread


@postgres_only
def test_a_refresh_under_way_elsewhere_is_left_to_that_writer(transactional_db):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2, name="Monday")
    open_tables(session)
    TableEntry.objects.filter(session=session).update(standings_marked=MARK)
    release, held = threading.Event(), threading.Event()
    sql = "SELECT pg_advisory_xact_lock(%s, %s)"
    thread = hold_in_another_connection(sql, [locking._REFRESH_LOCK, session.pk], release, held)
    try:
        assert refresh_stale_standings(session_id=session.pk, every=NOW) is False  # another writer is storing them
        assert TableEntry.objects.get(session=session).standings_stale is True
    finally:
        release.set()
        thread.join()
    assert refresh_stale_standings(session_id=session.pk, every=NOW) is True


@postgres_only
def test_tables_confirm_together_and_the_director_waits_for_them(transactional_db):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Monday")
    paths = open_tables(session)
    play = section_plan(section).plays_at(1, 1)[0]
    context, _problem = find_table(session.pk, section.letter, 1, "ns", paths["1"].rstrip("/").rsplit("/", 1)[-1])
    other, _problem = find_table(session.pk, section.letter, 1, "ew", ew(paths["1"]).rstrip("/").rsplit("/", 1)[-1])
    save_table_result(context=context, round_=1, board_number=play.board, contract="4S", declarer="N",
                      tricks="=", lead="")  # fmt: skip
    release, held = threading.Event(), threading.Event()
    sql = "SELECT id FROM events_session WHERE id = %s FOR SHARE"  # another table, in the middle of its confirmation
    thread = hold_in_another_connection(sql, [session.pk], release, held)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '3s'")
        confirm_table_result(context=other, round_=1, board_number=play.board, version=1)
        assert TravellerLine.objects.filter(board__section=section).count() == 1
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '200ms'")
        with pytest.raises(OperationalError, match="lock timeout"):
            with transaction.atomic():
                lock_session(session.pk)  # the director's write takes the lock alone: it waits for the table
    finally:
        release.set()
        thread.join()
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
    with session_write(session.pk):  # and gets it once the table is done
        pass


def test_a_confirmation_within_the_second_tries_no_refresh_and_reads_its_board_with_the_typed_result(
    db, client, django_assert_max_num_queries
):
    # The entry find_table read shows the standings stored less than a second ago: the refresh would find them not
    # due, so none is tried (no transaction, lock or read after the commit); the mark is left to the task.
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Monday")
    paths = open_tables(session)
    plays = [section_plan(section).plays_at(table, 1)[0] for table in (1, 2)]
    with within_one_second():
        for table, play in zip(("1", "2"), plays, strict=True):
            assert client.post(paths[table], save_post(play, *typed_for(play))).status_code == 302
        assert client.post(ew(paths["1"]), confirm_post(plays[0])).status_code == 302  # stores the standings
        refresh = mock.patch.object(locking, "refresh_stale_standings", wraps=locking.refresh_stale_standings)
        with refresh as refreshed, django_assert_max_num_queries(15) as queries:  # 26, then 18 before
            assert client.post(ew(paths["2"]), confirm_post(plays[1])).status_code == 302
    refreshed.assert_not_called()
    sqls = [query["sql"] for query in queries.captured_queries]
    assert not any('FROM "events_tableentry"' in sql for sql in sqls)
    assert not any(sql.startswith('SELECT "events_board"') for sql in sqls)  # read with the typed result (a join)
    assert sum('FROM "events_board" b WHERE' in sql for sql in sqls) == 1  # then locked once, with its sit-outs
    assert not any(sql.startswith('DELETE FROM "events_seating"') for sql in sqls)  # a new line has no seatings
    assert TravellerLine.objects.filter(board__section=section).count() == 2
    assert TableEntry.objects.get(session=session).standings_stale  # left to the task (`standings_left`)
