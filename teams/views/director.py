"""Director pages: events, teams, the schedule and Swiss rounds, status."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from club.access import director_required
from club.form_errors import add_errors
from teams.forms.event import EventForm, EventStatusForm, PairingsForm, TeamForm
from teams.selectors.lookup import active_members, event_or_404, every_event, team_of_event, team_with_players
from teams.selectors.standings import can_pair
from teams.services import rounds as round_service
from teams.services.matches import save_event, set_event_status
from teams.services.rosters import delete_team, save_team


def report(request, error: ValidationError) -> None:
    for message in error.messages:
        messages.error(request, message)


@director_required
def director_home(request):
    events = every_event()
    return render(request, "teams/director/home.html", {"events": events})


@director_required
def event_create(request):
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = form.save(commit=False)
        event.director = request.user
        event.save()
        messages.success(request, _("Teams event created: now add the teams."))
        return redirect("teams:event_setup", event_id=event.pk)
    return render(request, "teams/director/event_form.html", {"form": form})


@director_required
def event_setup(request, event_id):
    event = event_or_404(event_id)
    matches = list(event.matches.select_related("home", "away"))
    last = max((m.round for m in matches), default=0)
    form = EventForm(request.POST or None, instance=event, last_round=last)
    if request.method == "POST" and form.is_valid():
        save_event(form=form)
        messages.success(request, _("Settings saved."))
        return redirect("teams:event_setup", event_id=event.pk)
    rounds = {}
    for match in matches:
        rounds.setdefault(match.round, []).append(match)
    return render(
        request,
        "teams/director/event_setup.html",
        {
            "event": event,
            "form": form,
            "teams": event.teams.prefetch_related("players__member"),
            "rounds": sorted(rounds.items()),
            "last_round": last,
            "status_form": EventStatusForm(initial={"status": event.status}),
            "can_pair": can_pair(event, last),
            "open_rounds": {r for r, ms in rounds.items() if not round_service.round_started(ms)},
        },
    )


def _team_form(request, event, team=None):
    members = active_members()
    if team is not None:
        members += [p.member for p in team.players.all() if p.member and p.member not in members]
    form = TeamForm(request.POST or None, members=members, team=team)
    if request.method == "POST" and form.is_valid():
        try:
            save_team(event=event, name=form.cleaned_data["name"], players=form.players, team=team)
        except ValidationError as error:
            add_errors(form, error)
        else:
            messages.success(request, _("Team %(name)s saved.") % {"name": form.cleaned_data["name"]})
            return redirect("teams:event_setup", event_id=event.pk)
    return render(request, "teams/director/team_form.html", {"event": event, "team": team, "form": form})


@director_required
def team_create(request, event_id):
    return _team_form(request, event_or_404(event_id))


@director_required
def team_edit(request, team_id):
    team = team_with_players(team_id)
    return _team_form(request, team.event, team)


@director_required
@require_POST
def team_delete(request, team_id):
    team = team_of_event(team_id)
    try:
        delete_team(team=team)
    except ValidationError as error:
        report(request, error)
    else:
        messages.success(request, _("Team %(name)s removed.") % {"name": team.name})
    return redirect("teams:event_setup", event_id=team.event_id)


@director_required
@require_POST
def event_start(request, event_id):
    event = event_or_404(event_id)
    try:
        rounds = round_service.start_event(event=event)
    except ValidationError as error:
        report(request, error)
    else:
        messages.success(
            request,
            ngettext(
                "The event has started: %(rounds)s round paired.",
                "The event has started: %(rounds)s rounds paired.",
                rounds,
            )
            % {"rounds": rounds},
        )
    return redirect("teams:event_setup", event_id=event.pk)


@director_required
@require_POST
def next_round(request, event_id):
    event = event_or_404(event_id)
    try:
        round_ = round_service.next_swiss_round(event=event)
    except ValidationError as error:
        report(request, error)
    else:
        messages.success(request, _("Round %(round)s paired.") % {"round": round_})
    return redirect("teams:event_setup", event_id=event.pk)


@director_required
def round_pairings(request, event_id, round_):
    """The director's override of a round's pairings, before any of its matches has a result."""
    event = event_or_404(event_id)
    matches = list(event.matches.filter(round=round_).select_related("home", "away"))
    if not matches:
        messages.error(request, _("Round %(round)s has not been paired.") % {"round": round_})
        return redirect("teams:event_setup", event_id=event.pk)
    form = PairingsForm(request.POST or None, teams=list(event.teams.all()), matches=matches)
    if request.method == "POST" and form.is_valid():
        try:
            repeats = round_service.override_round(event=event, round_=round_, pairs=form.pairs())
        except ValidationError as error:
            add_errors(form, error)
        else:
            messages.success(request, _("Pairings of round %(round)s saved.") % {"round": round_})
            for home, away in repeats:
                messages.warning(
                    request, _("%(home)s and %(away)s have met before.") % {"home": home.name, "away": away.name}
                )
            return redirect("teams:event_setup", event_id=event.pk)
    return render(
        request,
        "teams/director/round_pairings.html",
        {"event": event, "round": round_, "form": form, "started": round_service.round_started(matches)},
    )


@director_required
@require_POST
def event_status(request, event_id):
    event = event_or_404(event_id)
    form = EventStatusForm(request.POST)
    if form.is_valid():
        set_event_status(event=event, status=form.cleaned_data["status"])
        messages.success(request, _("Status: %(status)s.") % {"status": event.get_status_display()})
    else:
        messages.error(request, _("Unknown status."))
    return redirect("teams:event_setup", event_id=event.pk)
