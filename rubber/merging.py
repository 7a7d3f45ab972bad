"""The rubber scorepads' merge handler (`club.registry.MergeHandler`): a guest's or a member's seats become a
member's (the seat keeps the name it showed, so that undoing puts it back)."""

from __future__ import annotations

from collections import Counter

from django.db import connection
from django.db.models import Q

from club.models import Member
from club.registry import MergeHandler, MergeSource

from .models import SeatedPlayer


def _locked(query: Q) -> list[tuple[int, str]]:
    seats = SeatedPlayer.objects.filter(query).order_by("pk")
    if connection.features.has_select_for_update:
        seats = seats.select_for_update()
    return list(seats.values_list("pk", "name"))


def move(source: MergeSource, into_id: int) -> list:
    """[[seat id, the name it showed], ...] of every seat of `source`, now `into_id`'s."""
    if source.member_id is not None:
        query = Q(member_id=source.member_id)
    else:
        query = Q(member__isnull=True, name=source.guest)
    rows = _locked(query)
    if rows:
        name = str(Member.objects.get(pk=into_id))
        SeatedPlayer.objects.filter(pk__in=[pk for pk, _name in rows]).update(member_id=into_id, name=name)
    return [list(row) for row in rows]


def undo(changes: list, source: MergeSource, into_id: int) -> None:
    """Puts `source` back in the seats the merge changed that `into_id` still holds."""
    names = dict((pk, name) for pk, name in changes)
    for pk, _name in _locked(Q(pk__in=list(names), member_id=into_id)):
        SeatedPlayer.objects.filter(pk=pk).update(member_id=source.member_id, name=names[pk])


def guests() -> dict[str, int]:
    """Every guest name of a seat, with the number of seats it has."""
    return dict(Counter(SeatedPlayer.objects.filter(member__isnull=True).values_list("name", flat=True)))


HANDLER = MergeHandler(move=move, undo=undo, guests=guests)
