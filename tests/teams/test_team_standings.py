"""Each team's standing stored with it (teams/services/standings.py): derived by the unit of work from every write of
the event's results, the same as its standings page; filled after a migrate for teams that have none; two results of
one event saved at the same moment both counted (SQLite and PostgreSQL)."""

from __future__ import annotations

import threading
from decimal import Decimal

from django.core.management import call_command

from teams.models import Adjustment, Team, TeamEvent
from teams.selectors.standings import standings
from teams.services import standings as stored
from teams.services.matches import add_adjustment, delete_adjustment, set_match_totals
from tests.builders.concurrency import run_at_once
from tests.builders.teams import enter_match, make_event

WON = (("4S", "N", "10"), ("4S", "N", "9"))  # home's room 1 makes 4S (420), room 2 fails it (50 to home): 10 IMPs


def stored_and_shown(event) -> tuple[list, list]:
    rows = standings(TeamEvent.objects.get(pk=event.pk))
    return [(row.team.number, row.team.place, row.team.vp) for row in rows], [
        (row.team.number, row.place, row.vp) for row in rows
    ]


def test_every_result_stores_the_standings_shown_on_the_events_page(db):
    event = make_event(teams=4, boards_per_match=1)
    first, second = event.matches.filter(round=1, away__isnull=False).order_by("table")
    assert {team.place for team in event.teams.all()} == {"=1"}  # started: nobody has played
    enter_match(first, {first.first_board: WON})
    saved, shown = stored_and_shown(event)
    assert saved == shown and shown[0][:2] == (first.home.number, "1")
    set_match_totals(match=second, home=Decimal(0), away=Decimal(25))
    adjustment = add_adjustment(
        match=first, team=first.home, kind=Adjustment.Kind.VP, amount=Decimal("-3.5"), reason="slow"
    )
    saved, shown = stored_and_shown(event)
    assert saved == shown and shown[0][:2] == (second.away.number, "1")  # 25 IMPs to 10, and 3.5 VPs off
    delete_adjustment(adjustment=adjustment)
    saved, shown = stored_and_shown(event)
    assert saved == shown and shown[0][:2] == (second.away.number, "1")


def test_teams_with_no_standing_stored_get_it_after_a_migrate(db):
    event = make_event(teams=4, boards_per_match=1)
    match = event.matches.filter(away__isnull=False).order_by("pk").first()
    enter_match(match, {match.first_board: WON})
    expected = stored_and_shown(event)[0]
    Team.objects.filter(event=event).update(place="", vp=0)  # a database from before, or loaded around the services
    call_command("migrate", verbosity=0)
    assert stored_and_shown(event)[0] == expected


def test_store_team_standings_stores_every_event_again(db):
    event = make_event(teams=4, boards_per_match=1)
    match = event.matches.filter(away__isnull=False).order_by("pk").first()
    enter_match(match, {match.first_board: WON})
    Team.objects.filter(pk=match.home_id).update(place="4", vp=Decimal(1))
    assert stored.store_team_standings() == 1
    assert stored_and_shown(event)[0] == stored_and_shown(event)[1]
    assert stored.store_team_standings() == 0  # nothing left to change


def test_two_results_of_one_event_saved_at_the_same_moment_are_both_counted(database, monkeypatch):
    """Both writers have saved their match before either stores the standings: each derivation locks the event, so
    the later one reads the earlier one's committed result (without the lock each would store standings missing the
    other's match). On SQLite the database lets one writer at a time: the meeting point times out, the same end."""
    event = make_event(teams=4, boards_per_match=1)
    first, second = event.matches.filter(round=1, away__isnull=False).order_by("table")
    meeting = threading.Barrier(2)
    original = stored._store

    def store_together(event_ids):
        try:
            meeting.wait(timeout=3)
        except threading.BrokenBarrierError:
            pass
        return original(event_ids)

    monkeypatch.setattr(stored, "_store", store_together)
    jobs = [lambda match=match: enter_match(match, {match.first_board: WON}) for match in (first, second)]
    _results, errors = run_at_once(jobs, database)
    assert errors == []
    saved, shown = stored_and_shown(event)
    assert saved == shown
    assert sorted(place for _number, place, _vp in saved) == ["=1", "=1", "=3", "=3"]  # both home teams won
