"""The teams events' merge handler (`club.registry.MergeHandler`): a guest's or a member's places in teams become
a member's, and the events' pages are moved on."""

from __future__ import annotations

from collections import Counter

from django.db import connection
from django.db.models import Q

from club.registry import MergeHandler, MergeSource
from club.unit_of_work import EVENT, record_change
from teams.models import TeamPlayer


def _held_by(source: MergeSource) -> Q:
    if source.member_id is not None:
        return Q(member_id=source.member_id)
    return Q(member__isnull=True, guest_name=source.guest)


def _locked(query: Q) -> list[tuple[int, int]]:
    players = TeamPlayer.objects.filter(query).order_by("pk")
    if connection.features.has_select_for_update:
        players = players.select_for_update(of=("self",))
    return list(players.values_list("pk", "team__event_id"))


def _events_changed(rows: list[tuple[int, int]]) -> None:
    record_change(EVENT, *sorted({event for _pk, event in rows}))


def move(source: MergeSource, into_id: int) -> list:
    """[team player id, ...] of every place of `source` in a team, now `into_id`'s."""
    rows = _locked(_held_by(source))
    TeamPlayer.objects.filter(pk__in=[pk for pk, _event in rows]).update(member_id=into_id, guest_name="")
    _events_changed(rows)
    return [pk for pk, _event in rows]


def undo(changes: list, source: MergeSource, into_id: int) -> None:
    """Puts `source` back in the team places the merge changed that `into_id` still holds."""
    rows = _locked(Q(pk__in=changes, member_id=into_id))
    TeamPlayer.objects.filter(pk__in=[pk for pk, _event in rows]).update(
        member_id=source.member_id, guest_name=source.guest
    )
    _events_changed(rows)


def guests() -> dict[str, int]:
    """Every guest name of a team player, with the number of team places it has."""
    return dict(Counter(TeamPlayer.objects.filter(member__isnull=True).values_list("guest_name", flat=True)))


HANDLER = MergeHandler(move=move, undo=undo, guests=guests)
