"""The rubber pages' reads: a sheet, the room's evenings and sheets in play, an evening's sheets, the seasons."""

from __future__ import annotations

import datetime

from django.db.models import Count, QuerySet
from django.shortcuts import get_object_or_404

from .models import Scorepad, Season

EVENINGS_SHOWN = 30


def sheet_or_404(pk: int) -> Scorepad:
    """A sheet with its players and deals (a 404 when there is none)."""
    return get_object_or_404(Scorepad.objects.prefetch_related("players__member", "deals"), pk=pk)


def sheet(pk: int) -> Scorepad | None:
    return Scorepad.objects.filter(pk=pk).prefetch_related("players__member", "deals").first()


def evenings() -> QuerySet:
    """The newest evenings with how many sheets each."""
    return Scorepad.objects.values("played_on").annotate(rubbers=Count("pk")).order_by("-played_on")[:EVENINGS_SHOWN]


def playing() -> QuerySet[Scorepad]:
    """The sheets still in play, newest first."""
    return Scorepad.objects.filter(finished=False).prefetch_related("players__member").order_by("-pk")[:20]


def seasons() -> QuerySet[Season]:
    return Season.objects.all()


def evening_sheets(date: datetime.date) -> list[Scorepad]:
    return list(Scorepad.objects.filter(played_on=date).prefetch_related("players__member").order_by("pk"))


def season_or_404(pk: int) -> Season:
    return get_object_or_404(Season, pk=pk)
