"""Forms of the director's set-up pages: session, sections, pairs, members."""

from __future__ import annotations

import re

from django import forms
from django.core.validators import MaxValueValidator
from django.forms import inlineformset_factory
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.bridge_messages import error_lines
from club.limits import MAX_BOARD, MAX_ROUNDS, MAX_SECTIONS, MAX_TABLES
from club.models import Member
from events.models import Section, Session
from events.plans import build_plan, parse_rounds
from movements.params import MAX_BOARDS_PER_ROUND


class SessionForm(forms.ModelForm):
    class Meta:
        model = Session
        fields = ["name", "date", "scoring", "scale", "neuberg_for_movement"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}


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

    # What a section of a bridge event can be: larger values are refused before any movement is built.
    BOUNDS = {
        "tables": MAX_TABLES,
        "boards_per_round": MAX_BOARDS_PER_ROUND,
        "rounds": MAX_ROUNDS,
        "first_board": MAX_BOARD,
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, limit in self.BOUNDS.items():
            self.fields[name].validators.append(MaxValueValidator(limit))
            self.fields[name].widget.attrs["max"] = limit

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
            plan = build_plan(
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
        boards = plan.boards if plan.has_schedule else range(data["boards_per_round"] * data["rounds"])
        last = max(boards, default=0) if plan.has_schedule else data["first_board"] + len(boards) - 1
        if last > MAX_BOARD:
            raise forms.ValidationError(
                _("The boards would be numbered up to %(last)s: board numbers go up to %(max)s.")
                % {"last": last, "max": MAX_BOARD}
            )
        return data


SectionFormSet = inlineformset_factory(
    Session,
    Section,
    form=SectionForm,
    extra=1,
    min_num=1,
    validate_min=True,
    max_num=MAX_SECTIONS,
    validate_max=True,
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
