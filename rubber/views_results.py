"""The public side: the rubber room's page, an evening's table, a season's league; the director's choices."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from club.access import director_required, is_director

from . import standings
from .forms import ChoicesForm, SeasonForm
from .models import ClubChoices, Scorepad, Season

EVENINGS_SHOWN = 30


def index(request):
    today = timezone.localdate()
    evenings = (
        Scorepad.objects.values("played_on").annotate(rubbers=Count("pk")).order_by("-played_on")[:EVENINGS_SHOWN]
    )
    playing = Scorepad.objects.filter(finished=False).prefetch_related("players__member").order_by("-pk")[:20]
    return render(
        request,
        "rubber/index.html",
        {
            "evenings": evenings,
            "playing": playing,
            "seasons": Season.objects.all(),
            "today": today,
            "is_director": is_director(request.user),
            "choices": ClubChoices.current(),
        },
    )


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError as error:
        raise Http404 from error


def evening(request, day: str):
    date = _day(day)
    rubbers = list(Scorepad.objects.filter(played_on=date).prefetch_related("players__member").order_by("pk"))
    if not rubbers:
        raise Http404
    done = [rubber for rubber in rubbers if rubber.finished and rubber.counted]
    return render(request, "rubber/evening.html", {"day": date, "rubbers": rubbers, "lines": standings.league(done)})


def season(request, pk: int):
    if pk > 2**31 - 1:
        raise Http404
    found = get_object_or_404(Season, pk=pk)
    rubbers = list(standings.finished(found.starts, found.ends))
    evenings = sorted({rubber.played_on for rubber in rubbers}, reverse=True)
    return render(
        request,
        "rubber/season.html",
        {"season": found, "lines": standings.league(rubbers), "evenings": evenings, "count": len(rubbers)},
    )


@director_required
def club_choices(request):
    choices = ClubChoices.current()
    form = ChoicesForm(request.POST or None, instance=choices)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Saved: rubbers started from now on use these choices."))
        return redirect("rubber:index")
    return render(request, "rubber/choices.html", {"form": form}, status=400 if form.errors else 200)


@director_required
def new_season(request):
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        created = form.save()
        messages.success(request, _("Season %(name)s added.") % {"name": created.name})
        return redirect("rubber:season", pk=created.pk)
    return render(request, "rubber/season_form.html", {"form": form}, status=400 if form.errors else 200)
