"""Forms of the director's set-up pages: session, sections, pairs, members."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.forms import inlineformset_factory
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from club.bridge_messages import error_lines
from club.models import Member
from events.models import Section, Session
from events.plans import build_plan, parse_rounds

PRESET_CHOICES = [
    ("", gettext_lazy("— keep the settings below —")),
    ("ebu", gettext_lazy("EBU (EBUScore): Neuberg, datum without 1 top and 1 bottom from 4 results, ±3 IMPs")),
    ("acbl", gettext_lazy("ACBL (ACBLscore): as EBU, on the 1-per-score-beaten scale")),
    ("compscore", gettext_lazy("Compscore: boards played fewer times scored on their own top")),
    ("magic-contest", gettext_lazy("Magic Contest / Ruter: datum without 1 top and 1 bottom from 3 results")),
]


def apply_preset(data: dict, name: str) -> None:
    """Sets the scale (where the preset names one) and every convention of the preset `name` in `data`."""
    scale, conventions = scoring.preset(name)
    if scale is not None:
        data["scale"] = scale
    data["neuberg_for_movement"] = conventions.neuberg
    data["datum_discard"] = conventions.datum_discard
    data["datum_from"] = conventions.datum_from
    data["datum_rounding"] = conventions.datum_rounding
    data["adjusted_imps"] = conventions.award.mode
    data["adjusted_imps_size"] = Decimal(str(conventions.award.size))


class SessionForm(forms.ModelForm):
    preset = forms.ChoiceField(
        label=gettext_lazy("Scoring conventions of a scorer"),
        choices=PRESET_CHOICES,
        required=False,
        help_text=gettext_lazy("Sets the conventions below (and the scale, for EBU and ACBL) at once."),
    )

    class Meta:
        model = Session
        fields = [
            "name",
            "date",
            "scoring",
            "scale",
            "preset",
            "neuberg_for_movement",
            "datum_discard",
            "datum_from",
            "datum_rounding",
            "adjusted_imps",
            "adjusted_imps_size",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    CONVENTION_FIELDS = ("datum_discard", "datum_from", "datum_rounding", "adjusted_imps", "adjusted_imps_size")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.CONVENTION_FIELDS:  # left out or empty: the session keeps its convention
            self.fields[name].required = False

    def clean(self):
        data = super().clean()
        for name in self.CONVENTION_FIELDS:
            if name in data and data[name] in (None, ""):
                data[name] = getattr(self.instance, name)
        if data.get("preset"):
            apply_preset(data, data["preset"])
        return data


class SectionForm(forms.ModelForm):
    class Meta:
        model = Section
        fields = [
            "letter",
            "kind",
            "tables",
            "boards_per_round",
            "rounds",
            "first_board",
            "even_tables",
            "arrow_switch_rounds",
            "phantom",
            "custom_movement",
        ]

    def clean_letter(self):
        return self.cleaned_data["letter"].strip().upper()

    def clean_arrow_switch_rounds(self):
        text = self.cleaned_data["arrow_switch_rounds"]
        try:
            return ",".join(str(r) for r in parse_rounds(text))
        except ValueError as error:
            raise forms.ValidationError(
                _("Give round numbers separated by commas (%(error)s).") % {"error": error}
            ) from error

    def clean(self):
        data = super().clean()
        if self.errors or not data or data.get("DELETE"):
            return data
        kind = data["kind"]
        if kind == Section.Kind.CUSTOM and not data.get("custom_movement"):
            self.add_error("custom_movement", _("Choose the custom movement."))
            return data
        if kind == Section.Kind.NONE and not data.get("rounds"):
            self.add_error("rounds", _("Without a movement, give the number of rounds (it sets the boards)."))
            return data
        movement = data.get("custom_movement")
        try:
            build_plan(
                kind,
                data["tables"],
                data["boards_per_round"],
                data.get("rounds"),
                data["first_board"],
                data["even_tables"],
                data["arrow_switch_rounds"],
                data["phantom"],
                movement.csv_text if kind == Section.Kind.CUSTOM and movement else "",
            )
        except ValueError as error:
            raise forms.ValidationError(
                [_("This movement cannot be made: %(error)s") % {"error": line} for line in error_lines(error)]
            ) from error
        return data


SectionFormSet = inlineformset_factory(
    Session,
    Section,
    form=SectionForm,
    extra=1,
    min_num=1,
    validate_min=True,
    can_delete=True,
)

MEMBER_CHOICE = re.compile(r"\((?P<number>[^()]+)\)\s*$")


def member_option(member: Member) -> str:
    """How a member appears in the search-as-you-type list: 'Ana García (1001)'."""
    return f"{member.full_name} ({member.number})" if member.number else member.full_name


def find_member(text: str, members: list[Member]) -> Member | None:
    """The member a typed player name means: by '(number)', by number alone, or by exact full name."""
    text = " ".join(text.split())
    if not text:
        return None
    match = MEMBER_CHOICE.search(text)
    number = match.group("number").strip() if match else text
    by_number = [m for m in members if m.number and m.number == number]
    if by_number:
        return by_number[0]
    name = MEMBER_CHOICE.sub("", text).strip().casefold()
    by_name = [m for m in members if m.full_name.casefold() == name]
    return by_name[0] if len(by_name) == 1 else None


class PairPlayersForm(forms.Form):
    player1 = forms.CharField(label=gettext_lazy("Player 1"), max_length=80, required=False)
    player2 = forms.CharField(label=gettext_lazy("Player 2"), max_length=80, required=False)


class MemberQuickForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["first_name", "last_name", "number", "email"]

    def clean_number(self):
        return self.cleaned_data["number"] or None


class SessionStatusForm(forms.Form):
    status = forms.ChoiceField(label=gettext_lazy("Status"), choices=Session.Status.choices)
    corrections_until = forms.DateTimeField(
        label=gettext_lazy("Corrections accepted until"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
