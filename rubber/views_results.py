"""The public side: the rubber room's page, an evening's table, a season's league; the director's choices."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from club.access import director_required, is_director

from . import selectors, services, standings
from .forms import ChoicesForm, SeasonForm
from .models import ClubChoices


def index(request):
    today = timezone.localdate()
    return render(
        request,
        "rubber/index.html",
        {
            "evenings": selectors.evenings(),
            "playing": selectors.playing(),
            "seasons": selectors.seasons(),
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
    rubbers = selectors.evening_sheets(date)
    if not rubbers:
        raise Http404
    done = [rubber for rubber in rubbers if rubber.finished and rubber.counted]
    return render(request, "rubber/evening.html", {"day": date, "rubbers": rubbers, "lines": standings.league(done)})


def season(request, pk: int):
    if pk > 2**31 - 1:
        raise Http404
    found = selectors.season_or_404(pk)
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
        services.save_choices(**form.cleaned_data)
        messages.success(request, _("Saved: rubbers started from now on use these choices."))
        return redirect("rubber:index")
    return render(request, "rubber/choices.html", {"form": form}, status=400 if form.errors else 200)


@director_required
def new_season(request):
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        created = services.add_season(**form.cleaned_data)
        messages.success(request, _("Season %(name)s added.") % {"name": created.name})
        return redirect("rubber:season", pk=created.pk)
    return render(request, "rubber/season_form.html", {"form": form}, status=400 if form.errors else 200)
