"""Table entry under load: two phones at one table sending the same board at the same moment, and every table of
the room confirming at once. Nothing lost, nothing stored twice (run on SQLite and on PostgreSQL)."""

import pytest

from events.entry.services.locking import NOW, refresh_stale_standings
from events.models import CorrectionRequest, Session, TableEntry, TableResult, TravellerLine
from events.plans import section_plan
from events.standings.selectors.ranking import rank_sessions
from tests.builders.concurrency import post_job, save_at_once
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, save_post, typed_for


def test_two_phones_at_one_table_sending_a_board_at_once_store_it_once(database):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Phones")
    path = open_tables(session)["1"]
    for play in section_plan(section).plays_at(1, 1):
        data = save_post(play, *typed_for(play))
        assert save_at_once([post_job(path, data), post_job(path, data)], database) == []
        confirm = confirm_post(play)
        assert save_at_once([post_job(ew(path), confirm), post_job(ew(path), confirm)], database) == []
    assert TableResult.objects.count() == 2
    assert TravellerLine.objects.count() == 2
    assert all(line.history.count() == 1 for line in TravellerLine.objects.all())


@pytest.mark.parametrize("status", [Session.Status.IN_PROGRESS, Session.Status.PROVISIONAL])
def test_every_table_confirming_at_once_loses_nothing(database, status):
    # Published, the tables store the standings in their transactions, one after the other: exact at each commit.
    session, section = make_session("mitchell", tables=5, boards_per_round=2, name="Room")
    paths = open_tables(session)
    Session.objects.filter(pk=session.pk).update(status=status)
    plan = section_plan(section)
    for round_ in range(1, plan.rounds + 1):
        plays = [play for table in range(1, plan.tables + 1) for play in plan.plays_at(table, round_)]
        saves = [post_job(paths[str(play.table)], save_post(play, *typed_for(play))) for play in plays]
        assert save_at_once(saves, database) == []
        confirms = [post_job(ew(paths[str(play.table)]), confirm_post(play)) for play in plays]
        assert save_at_once(confirms, database) == []
    lines = TravellerLine.objects.filter(board__section=section)
    assert lines.count() == len(plan.schedule)
    assert all(line.ns_points is not None for line in lines)
    if status == Session.Status.IN_PROGRESS:
        refresh_stale_standings(session_id=session.pk, every=NOW)  # what a phone's poll or cron does a second later
    assert not TableEntry.objects.get(session=session).standings_stale
    stored = {pair.label: pair.score for pair in section.pairs.all()}
    ranked = {
        row.pair.label: row.score for field in rank_sessions([session.pk])[session.pk].fields for row in field.rows
    }
    assert stored == ranked and sum(stored.values()) > 0


def test_two_phones_asking_for_one_correction_at_once_make_one_request(database):
    # Before the section's lock, both made an open request and every later ask for that board was a 500.
    session, section = make_session("mitchell", tables=3, boards_per_round=2, name="Corrections")
    path = open_tables(session)["1"]
    play = section_plan(section).plays_at(1, 1)[0]
    for side_path, data in ((path, save_post(play, "4S", "N", "=")), (ew(path), confirm_post(play))):
        assert save_at_once([post_job(side_path, data)], database) == []
    ask = {"action": "correct", "board": play.board, "note": "It was 4H"}
    assert save_at_once([post_job(path, ask), post_job(path, ask)], database) == []
    assert save_at_once([post_job(path, ask)], database) == []  # and asking again still works
    assert CorrectionRequest.objects.filter(resolved=False).count() == 1
