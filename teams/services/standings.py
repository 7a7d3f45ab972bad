"""Each team's standing stored on the team: its place in its event ("=2" when tied) and its victory points.

The standings are those of the event's standings page (`teams.selectors.standings.standings`), stored so that a
member's page reads the places of their last ten events with the teams instead of scoring every match of each event
on each view. They are derived data, derived from the unit of work's records (`club.unit_of_work`): every service
that changes what an event's standings depend on (its settings, its teams, a match's result or totals, an
adjustment) records the event's change with `stale=True`; at the unit's end `DERIVATION` stores the standings of the
events so recorded, in the same transaction, so the stored standings never differ from the standings page. No
service stores them by hand.

Two verbs: `DERIVATION` (the unit of work's) and `store_team_standings` (now: after a data load that went around the
services, and after `migrate` for the events whose teams have none stored, `teams.apps`).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from club.tenancy import all_clubs
from club.unit_of_work import EVENT, Change, record_change, unit_of_work
from teams.models import Team, TeamEvent
from teams.selectors.standings import standings

__all__ = ["DERIVATION", "store_missing_standings", "store_team_standings"]


def _store(event_ids: Iterable[int]) -> int:
    """The events' standings written on their teams (those whose standing changed); returns how many changed.

    Each event's row is locked first (in the order of their ids): a result saved meanwhile in another match of the
    event, whose own derivation waits for this lock, is then counted by the later of the two (no standings
    written from a view that misses a committed result). It comes after the match's own lock (`save_results`),
    the one order every write of a result takes; nothing locks a match after its event."""
    changed: list[Team] = []
    events = TeamEvent.objects.select_for_update().filter(pk__in=list(event_ids)).order_by("pk")  # a deleted one: none
    for event in events:
        for row in standings(event, teams=list(event.teams.order_by("pk"))):
            team = row.team
            if (team.place, team.vp) != (row.place, row.vp):
                team.place, team.vp = row.place, row.vp
                changed.append(team)
    Team.objects.bulk_update(changed, ["place", "vp"], batch_size=500)
    return len(changed)


def _derive(changes: list[Change]) -> None:
    with transaction.atomic():  # the events' locks held to the end (a record made outside any transaction too)
        _store(change.pk for change in changes if change.pk is not None)


DERIVATION = _derive


def store_team_standings(*, event_ids: Iterable[int] | None = None) -> int:
    """Stores again now the standings of the events (every event: None); returns how many teams' standings changed.
    One unit of work: the events' change recorded (their pages move)."""
    with unit_of_work():
        ids = list(TeamEvent.objects.values_list("pk", flat=True) if event_ids is None else event_ids)
        changed = _store(ids)
        if changed:
            record_change(EVENT, *ids)
    return changed


def store_missing_standings(*, sender=None, apps=None, **_kwargs) -> None:
    """After a migrate (`post_migrate`, `teams.apps`): the standings of every club's events whose teams have none
    stored yet (made before the standings were stored, or loaded around the services), stored now. Not when the
    database was migrated to another state than the code's (a migration taken back): its tables are not the models'."""
    if apps is not None and not _tables_are_the_models(apps):
        return
    with all_clubs(), transaction.atomic():
        missing = Team.objects.filter(place="").order_by().values_list("event_id", flat=True).distinct()
        _store(list(missing))


def _tables_are_the_models(state) -> bool:
    """Whether the migration state `state` has every column the teams app's models read."""
    from django.apps import apps as live

    for model in live.get_app_config("teams").get_models():
        try:
            found = state.get_model(model._meta.app_label, model._meta.model_name)
        except LookupError:
            return False
        if {field.column for field in model._meta.concrete_fields} - {f.column for f in found._meta.concrete_fields}:
            return False
    return True
