"""Director forms: an event's settings, a team and its players, adjustments, pairings, status, CSV import."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

import scoring
from club.bridge_messages import translate
from club.forms import LimitedModelForm
from club.member_match import match_player, member_option
from teams.models import MAX_PLAYERS, Adjustment, Team, TeamEvent
from teams.services.rosters import PlayerEntry

MAX_FILE_SIZE = 1024 * 1024
LOCKED_ONCE_STARTED = ("format", "boards_per_match")


class EventForm(LimitedModelForm):
    class Meta:
        model = TeamEvent
        fields = ["name", "date", "format", "boards_per_match", "rounds", "scoring", "scale", "bye_score"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, last_round: int = 0, **kwargs):
        super().__init__(*args, **kwargs)
        self.last_round = last_round
        locked = LOCKED_ONCE_STARTED + (() if self.instance.is_swiss else ("rounds",))
        for name in locked if last_round else ():
            self.fields[name].disabled = True
            self.fields[name].help_text = _("Fixed once the event has started.")

    def clean(self):
        data = super().clean()
        boards, scale = data.get("boards_per_match"), data.get("scale")
        if data.get("scoring") == TeamEvent.Scoring.VP and boards and scale:
            try:
                scoring.victory_points(0, boards, scale)
            except ValueError as error:
                self.add_error("scale", translate(error, scale=TeamEvent.Scale(scale).label))
        if data.get("format") == TeamEvent.Format.SWISS and not data.get("rounds"):
            self.add_error("rounds", _("A Swiss event needs its number of rounds."))
        elif data.get("rounds") and data["rounds"] < self.last_round:
            self.add_error(
                "rounds",
                ngettext(
                    "%(rounds)s round has already been paired.",
                    "%(rounds)s rounds have already been paired.",
                    self.last_round,
                )
                % {"rounds": self.last_round},
            )
        return data


class TeamForm(forms.Form):
    """The team's name and up to six players, each typed as on the pairs page: a member picked from the
    search-as-you-type list (name or number), or a guest's name; one of them is the captain."""

    name = forms.CharField(label=_("Team name"), max_length=Team._meta.get_field("name").max_length)
    captain = forms.TypedChoiceField(
        label=_("Captain"),
        coerce=int,
        initial=1,
        widget=forms.RadioSelect,
        choices=[(i, str(i)) for i in range(1, MAX_PLAYERS + 1)],
    )

    def __init__(self, *args, members, team: Team | None = None, **kwargs):
        self.members = list(members)
        if team is not None:
            kwargs.setdefault("initial", team_initial(team))
        super().__init__(*args, **kwargs)
        for i in range(1, MAX_PLAYERS + 1):
            self.fields[f"player_{i}"] = forms.CharField(
                label=_("Player %(number)s") % {"number": i}, max_length=80, required=False
            )
            self.fields[f"guest_{i}"] = forms.BooleanField(
                label=_("Player %(number)s is a guest") % {"number": i}, required=False
            )
        self.players: list[PlayerEntry] = []

    def rows(self):
        """(number, player field, guest box) for each player row of the template."""
        return [(i, self[f"player_{i}"], self[f"guest_{i}"]) for i in range(1, MAX_PLAYERS + 1)]

    def options(self) -> list[str]:
        """The search-as-you-type list: every member offered."""
        return [member_option(member) for member in self.members]

    def clean(self):
        data = super().clean()
        captain = data.get("captain")
        for i in range(1, MAX_PLAYERS + 1):
            text = " ".join(data.get(f"player_{i}", "").split())
            if text:
                # A member by number or name (accents and case ignored), as on the pairs page: a guest only when
                # the director ticks Guest; an ambiguous or unknown name or number goes back to the director.
                match = match_player(text, self.members, guest=bool(data.get(f"guest_{i}")))
                if not match.settled:
                    self.add_error(f"player_{i}", match.message)
                    continue
                self.players.append(PlayerEntry(match.member, "" if match.member else text, captain == i))
            elif captain == i:
                self.add_error("captain", _("The captain's row is empty."))
        return data


def team_initial(team: Team) -> dict:
    initial = {"name": team.name}
    for player in team.players.all():
        initial[f"player_{player.position}"] = member_option(player.member) if player.member else player.guest_name
        initial[f"guest_{player.position}"] = player.member is None
        if player.captain:
            initial["captain"] = player.position
    return initial


class AdjustmentForm(LimitedModelForm):
    class Meta:
        model = Adjustment
        fields = ["team", "kind", "amount", "reason"]

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = Team.objects.filter(pk__in=[match.home_id, match.away_id])
        self.fields["team"].empty_label = None


class EventStatusForm(forms.Form):
    status = forms.ChoiceField(label=_("Status"), choices=TeamEvent.Status.choices)


class PairingsForm(forms.Form):
    """A round's pairings as the director wants them: home and away team for each table ("bye" for none)."""

    def __init__(self, *args, teams: list[Team], matches, **kwargs):
        super().__init__(*args, **kwargs)
        self.teams = {team.pk: team for team in teams}
        choices = [(team.pk, team.name) for team in teams]
        for table, match in enumerate(matches, start=1):
            self.fields[f"home_{table}"] = forms.TypedChoiceField(
                label=_("Home"), choices=choices, coerce=int, initial=match.home_id
            )
            self.fields[f"away_{table}"] = forms.TypedChoiceField(
                label=_("Away"),
                choices=[("", _("bye"))] + choices,
                coerce=int,
                required=False,
                empty_value=None,
                initial=match.away_id,
            )
        self.tables = len(matches)

    def rows(self):
        return [(table, self[f"home_{table}"], self[f"away_{table}"]) for table in range(1, self.tables + 1)]

    def pairs(self):
        data = self.cleaned_data
        return [(self.teams[data[f"home_{t}"]], self.teams.get(data[f"away_{t}"])) for t in range(1, self.tables + 1)]


class MatchImportForm(forms.Form):
    file = forms.FileField(
        label=_("Board results (CSV)"),
        help_text=_(
            "A header row naming BOARD_NUMBER, ROOM, CONTRACT, PLAYED_BY, TRICKS (and SCORE to check), then one line "
            "per room of a board. The file replaces the match's board results."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
    )

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_SIZE:
            raise forms.ValidationError(_("The file is larger than 1 MB."))
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not UTF-8 text: save it as CSV UTF-8.")) from None
