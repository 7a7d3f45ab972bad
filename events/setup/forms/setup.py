"""Forms of the director's set-up pages: session, sections, pairs, members."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from django import forms
from django.core.validators import MaxValueValidator
from django.forms import BaseInlineFormSet, inlineformset_factory
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from club.bridge_messages import error_lines
from club.forms import LimitedModelForm
from club.limits import MAX_BOARD, MAX_ROUNDS, MAX_SECTIONS, MAX_TABLES
from club.look import current_look
from club.models import Member
from club.settings_form import default_conventions
from events.models import Section, Session
from events.plans import PlanFacts, build_plan, parse_rounds, plan_facts
from events.standings.selectors.conventions import convention_fields
from movements.params import MAX_BOARDS_PER_ROUND

PRESET_CHOICES = [
    ("", gettext_lazy("— keep the settings below —")),
    ("ebu", gettext_lazy("EBU (EBUScore): Neuberg, datum without 1 top and 1 bottom from 4 results, ±3 IMPs")),
    ("acbl", gettext_lazy("ACBL (ACBLscore): as EBU, on the 1-per-score-beaten scale")),
    (
        "compscore",
        gettext_lazy(
            "Compscore: boards played fewer times scored on their own top, totals factored to the full boards"
        ),
    ),
    ("magic-contest", gettext_lazy("Magic Contest / Ruter: datum without 1 top and 1 bottom from 3 results")),
]


# The conventions a preset sets on the set-up form (the form's fields; the PBN file's own, across the field and
# cross-IMPs, are set by its import).
PRESET_FIELDS = (
    "short_boards_neuberg",
    "datum_discard",
    "datum_from",
    "datum_rounding",
    "adjusted_imps",
    "factor_totals",
)


def apply_preset(data: dict, name: str) -> None:
    """Sets the scale (where the preset names one) and every convention of the preset `name` in `data`."""
    scale, conventions = scoring.preset(name)
    if scale is not None:
        data["scale"] = scale
    fields = convention_fields(conventions)  # the one mapping, events.standings.selectors.conventions
    data.update({name: fields[name] for name in PRESET_FIELDS})
    data["adjusted_imps_size"] = Decimal(str(fields["adjusted_imps_size"]))


def club_defaults() -> dict:
    """A new session's scale and conventions from the club's default preset and conventions (the club's settings
    page): the set-up form starts from them, and so does `create_session`. None set: {} (the model's defaults)."""
    look = current_look()
    if not (look.preset or look.conventions):
        return {}
    try:
        scale, conventions = default_conventions(look.preset, look.conventions)
    except ValueError:  # checked when saved; a setting read from elsewhere is left out rather than refused here
        return {}
    fields = convention_fields(conventions)
    values = {name: fields[name] for name in PRESET_FIELDS}
    values["adjusted_imps_size"] = Decimal(str(fields["adjusted_imps_size"]))
    if scale is not None:
        values["scale"] = scale
    return values


class SessionForm(LimitedModelForm):
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
            "short_boards_neuberg",
            "datum_discard",
            "datum_from",
            "datum_rounding",
            "adjusted_imps",
            "adjusted_imps_size",
            "across_field",
            "cross_imps",
            "pair_total",
            "factor_totals",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    CONVENTION_FIELDS = (
        "datum_discard",
        "datum_from",
        "datum_rounding",
        "adjusted_imps",
        "adjusted_imps_size",
        "cross_imps",
        "pair_total",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance._state.adding:
            today = timezone.localdate()  # tonight, in the club's time zone
            self.initial.setdefault("date", today)
            self.initial.setdefault("name", _("%(weekday)s pairs") % {"weekday": date_format(today, "l")})
            self.initial.update(club_defaults())
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


class SectionForm(LimitedModelForm):
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

    plan_facts: PlanFacts | None = None  # the rounds, boards and results of the movement, once it is valid

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
        self.plan_facts = plan_facts(plan, data["boards_per_round"])
        return data


class BaseSectionFormSet(BaseInlineFormSet):
    default_error_messages = {
        "too_few_forms": gettext_lazy("Give at least one section: its movement and its number of tables."),
        "too_many_forms": gettext_lazy("A session has at most %(num)d sections (A to Z)."),
    }

    def clean(self):
        """A new section under a letter the session already has (the page posted twice, or from a second tab) is
        refused on its form: the database would refuse it."""
        super().clean()
        if self.instance.pk is None:
            return
        taken = set(Section.objects.filter(session=self.instance).values_list("letter", flat=True))
        for form in self.forms:
            letter = form.cleaned_data.get("letter") if hasattr(form, "cleaned_data") else None
            if form.instance.pk is None and letter in taken and not self._should_delete_form(form):
                form.add_error("letter", section_taken(letter))


def section_taken(letter: str) -> str:
    return _(
        "Section %(letter)s already exists: it was saved a moment ago (a double click or a second tab). "
        "It is shown below; give this one another letter."
    ) % {"letter": letter}


SECTION_FORMSET_OPTIONS = {
    "form": SectionForm,
    "formset": BaseSectionFormSet,
    "min_num": 1,
    "validate_min": True,
    "max_num": MAX_SECTIONS,
    "validate_max": True,
    "absolute_max": MAX_SECTIONS,  # a larger TOTAL_FORMS draws no more forms than that (Django's default: 1,000 more)
}
# A new session offers one section; a session already set up offers one more, to add.
NewSectionFormSet = inlineformset_factory(Session, Section, extra=0, can_delete=False, **SECTION_FORMSET_OPTIONS)
SectionFormSet = inlineformset_factory(Session, Section, extra=1, can_delete=True, **SECTION_FORMSET_OPTIONS)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def section_formset(data, session: Session | None) -> BaseInlineFormSet:
    """The set-up page's sections; each block offered for a new section has the next free letter (A, B, ...)."""
    taken = set(session.sections.values_list("letter", flat=True)) if session else set()
    free = [{"letter": letter} for letter in LETTERS if letter not in taken]
    if session is None:
        return NewSectionFormSet(data, instance=Session(), prefix="sections", initial=free[:1])
    return SectionFormSet(data, instance=session, prefix="sections", initial=free)


class PairPlayersForm(forms.Form):
    """A pair's two players as typed: a member (name, number, or the list's "Name (number)"), or a guest's name
    with its Guest box ticked."""

    player1 = forms.CharField(label=gettext_lazy("Player 1"), max_length=80, required=False)
    player1_guest = forms.BooleanField(label=gettext_lazy("Guest"), required=False)
    player2 = forms.CharField(label=gettext_lazy("Player 2"), max_length=80, required=False)
    player2_guest = forms.BooleanField(label=gettext_lazy("Guest"), required=False)

    def was_sent(self) -> bool:
        """Whether the request carried this pair's fields at all (a pair absent from a POST is left alone)."""
        return any(self.add_prefix(name) in self.data for name in ("player1", "player2"))


class MemberQuickForm(LimitedModelForm):
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
        widget=forms.DateTimeInput(
            attrs={"type": "datetime-local", "class": "form-control", "aria-describedby": "corrections-help"},
            format="%Y-%m-%dT%H:%M",
        ),
    )


CORRECTION_PERIOD = timedelta(hours=48)


def status_initial(session: Session, now: datetime | None = None) -> dict:
    """The status form as first offered: the session's status and its end of corrections, or, for a session
    without one, the end of the usual correction period (48 hours from now, on the hour)."""
    until = session.corrections_until
    if until is None:
        until = (timezone.localtime(now) + CORRECTION_PERIOD).replace(minute=0, second=0, microsecond=0)
    return {"status": session.status, "corrections_until": until}


class ReopenForm(forms.Form):
    """Reopening a final session to correct it: the reason is recorded and shown on the public pages."""

    reason = forms.CharField(
        label=gettext_lazy("Reason for the correction"),
        max_length=200,
        help_text=gettext_lazy("Shown on the public pages, e.g. “Board 5: wrong contract entered for 3NS v 3EW”."),
    )
