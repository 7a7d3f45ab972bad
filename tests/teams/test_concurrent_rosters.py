"""Two directors adding teams to one event at the same moment: both teams saved, numbered one after the other
(the event's row is locked first; before, both took the same number and the second was a 500)."""

from teams.models import TeamEvent
from teams.services.rosters import PlayerEntry, save_team
from tests.builders.concurrency import run_at_once
from tests.builders.teams import make_event


def _guests(prefix: str) -> list[PlayerEntry]:
    return [PlayerEntry(guest_name=f"{prefix} {i}", captain=i == 1) for i in range(1, 5)]


def test_two_teams_added_at_once_are_both_kept_with_their_own_numbers(database):
    event = make_event(teams=2, start=False)
    jobs = [
        lambda: save_team(event=TeamEvent.objects.get(pk=event.pk), name="North", players=_guests("North")),
        lambda: save_team(event=TeamEvent.objects.get(pk=event.pk), name="South", players=_guests("South")),
    ]
    _results, errors = run_at_once(jobs, database)
    assert errors == []
    teams = dict(TeamEvent.objects.get(pk=event.pk).teams.values_list("name", "number"))
    assert sorted(teams) == ["North", "South", "T1", "T2"]
    assert sorted(teams.values()) == [1, 2, 3, 4]
