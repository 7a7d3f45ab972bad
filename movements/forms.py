"""Forms of the movement pages: choosing a movement to preview, and saving a custom movement from CSV."""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from club.bridge_messages import line_problem, translate
from movement_generators.api import COLUMNS, Movement, MovementError, check, parse_movement_csv
from movements import params
from movements.models import CustomMovement

MAX_FILE_SIZE = 256 * 1024
MAX_CSV_CHARS = 200_000
MAX_CUSTOM_TABLES = 60
MAX_CUSTOM_ROUNDS = 99
# Violations a director may accept with "save anyway": the movement can still be played and scored (pairs meet
# again on other boards).  Anything else (a board played twice, a pair in two places...) is always refused.
OVERRIDABLE = frozenset({"pairs_meet_again"})

KIND_CHOICES = [
    ("mitchell", gettext_lazy("Mitchell")),
    ("howell", gettext_lazy("Howell")),
    ("custom", gettext_lazy("Custom movement")),
]
EVEN_CHOICES = [
    ("skip", gettext_lazy("Skip after half the rounds")),
    ("relay", gettext_lazy("Share and relay (bye stand)")),
]
PHANTOM_CHOICES = [
    ("", gettext_lazy("No: every pair is present")),
    ("1", gettext_lazy("Yes: the usual pair (last East-West pair of a Mitchell, stationary pair of a Howell)")),
    ("ns", gettext_lazy("Yes, in a Mitchell: the last table's North-South pair (a fixed sit-out table)")),
]


def _number_input():
    # Text, not type="number": a browser empties a number box holding "abc", and what was typed must show again.
    return forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"})


class MovementChoiceForm(forms.Form):
    """The GET parameters of `movements.params`, shown as a form; `clean` builds the movement with `params`.

    Every field is text so that whatever was typed is shown again with its message; ``movement`` and
    ``choice`` are set when the form is valid.
    """

    kind = forms.CharField(label=gettext_lazy("Movement"), required=False, widget=forms.Select(choices=KIND_CHOICES))
    tables = forms.CharField(label=gettext_lazy("Tables"), required=False, widget=_number_input())
    boards_per_round = forms.CharField(label=gettext_lazy("Boards per round"), required=False, widget=_number_input())
    rounds = forms.CharField(
        label=gettext_lazy("Rounds"),
        required=False,
        widget=_number_input(),
        help_text=gettext_lazy("Leave empty to play the whole movement."),
    )
    first_board = forms.CharField(label=gettext_lazy("First board"), required=False, widget=_number_input())
    even = forms.CharField(
        label=gettext_lazy("Even number of tables (Mitchell)"),
        required=False,
        widget=forms.Select(choices=EVEN_CHOICES),
    )
    arrows = forms.CharField(
        label=gettext_lazy("Arrow-switch rounds (Mitchell)"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("Round numbers separated by commas, e.g. 6,7."),
    )
    phantom = forms.CharField(
        label=gettext_lazy("One pair missing (sit-out)"), required=False, widget=forms.Select(choices=PHANTOM_CHOICES)
    )
    custom = forms.CharField(label=gettext_lazy("Custom movement"), required=False, widget=forms.Select())

    def __init__(self, data=None, *, custom_choices=(), **kwargs):
        if data is not None:
            data = data.copy()
            phantom = str(data.get("phantom", "")).strip().lower()
            if phantom in params.YES:
                data["phantom"] = "1"
            elif phantom in params.NO:
                data["phantom"] = ""
        super().__init__(data, **kwargs)
        self.fields["custom"].widget.choices = [("", "—")] + [(str(pk), name) for pk, name in custom_choices]
        phantom = (self.data if self.is_bound else self.initial).get("phantom") or ""
        if phantom and phantom not in dict(PHANTOM_CHOICES):
            label = _("Pair %(pair)s") % {"pair": phantom}
            self.fields["phantom"].widget.choices = [*PHANTOM_CHOICES, (phantom, label)]
        self.choice: params.MovementChoice | None = None
        self.movement: Movement | None = None

    def clean(self):
        try:
            self.choice = params.parse_choice(self.data)
            self.movement = params.build_movement(self.choice)
        except params.ChoiceError as error:
            for name, messages in error.errors.items():
                self.add_error(name if name in self.fields else None, messages)
        return self.cleaned_data

    def error_list(self):
        """(label, message) of every error, for the summary above the form."""
        found = [("", message) for message in self.non_field_errors()]
        for name, field in self.fields.items():
            found += [(field.label, message) for message in self.errors.get(name, ())]
        return found


@dataclass(frozen=True)
class LineProblem:
    """A problem of a CSV movement, at a line of the CSV text (None: the movement as a whole)."""

    line: int | None
    message: str
    text: str = ""
    code: str = ""


def _tables(count: int) -> str:
    return ngettext("%(tables)s table", "%(tables)s tables", count) % {"tables": count}


def _rounds(count: int) -> str:
    return ngettext("%(rounds)s round", "%(rounds)s rounds", count) % {"rounds": count}


def validate_csv(text: str, name: str) -> tuple[Movement | None, list[LineProblem], list[LineProblem]]:
    """Reads and checks a CSV movement: (movement or None, problems of form, violations of `check`).

    Each problem carries its line number and the text of that line."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")

    def line_text(number):
        return lines[number - 1].strip() if number and 0 < number <= len(lines) else ""

    try:
        movement = parse_movement_csv(text, name=name or _("Custom movement"))
    except MovementError as error:
        return None, [LineProblem(p.line, translate(p.message), line_text(p.line)) for p in error.problems], []
    if movement.tables > MAX_CUSTOM_TABLES or movement.rounds > MAX_CUSTOM_ROUNDS:
        message = _("At most %(tables)s and %(rounds)s (this movement has %(found_tables)s and %(found_rounds)s).") % {
            "tables": _tables(MAX_CUSTOM_TABLES),
            "rounds": _rounds(MAX_CUSTOM_ROUNDS),
            "found_tables": _tables(movement.tables),
            "found_rounds": _rounds(movement.rounds),
        }
        return None, [LineProblem(None, message)], []
    violations = [
        LineProblem(v.row, translate(v.detail or v.message), line_text(v.row), v.code) for v in check(movement)
    ]
    return movement, [], violations


class NamePerClub:
    """A custom movement's name is unique within its club (`custommovement_name_per_club`): the model form leaves
    that constraint to the database (its club is no field of the form), so the form checks it among the club's own
    movements (the manager narrows to the request's club)."""

    def validate_unique(self):
        super().validate_unique()
        name = self.cleaned_data.get("name")
        if name and CustomMovement.objects.filter(name=name).exclude(pk=self.instance.pk).exists():
            self.add_error("name", _("A custom movement called “%(name)s” already exists.") % {"name": name})


class CustomMovementForm(NamePerClub, forms.ModelForm):
    """A custom movement from an uploaded file or pasted text; saved only when `check` finds it sound (or,
    for pairs meeting more than once only, when the director ticks "save anyway")."""

    csv_file = forms.FileField(
        label=gettext_lazy("CSV file"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.txt,text/csv,text/plain"}),
    )
    save_anyway = forms.BooleanField(
        label=gettext_lazy("I know these pairs meet more than once: save anyway"), required=False
    )

    class Meta:
        model = CustomMovement
        fields = ["name", "description", "csv_file", "csv_text", "save_anyway"]
        widgets = {
            "csv_text": forms.Textarea(
                attrs={"rows": 12, "spellcheck": "false", "class": "font-monospace", "placeholder": ",".join(COLUMNS)}
            )
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["csv_text"].required = False
        self.fields["csv_text"].strip = False  # line numbers count from the very first line pasted
        self.fields["csv_text"].label = _("or paste the CSV")
        self.fields["csv_text"].help_text = _(
            "Columns: %(columns)s (a header row first; an empty pair is a sit-out). "
            "The RoundData table of a Bridgemate .bws file, exported as CSV, loads as it is."
        ) % {"columns": ", ".join(COLUMNS)}
        self.problems: list[LineProblem] = []
        self.violations: list[LineProblem] = []
        self.can_save_anyway = False
        self.movement: Movement | None = None

    def clean_csv_file(self):
        upload = self.cleaned_data.get("csv_file")
        if not upload:
            return ""
        if upload.size > MAX_FILE_SIZE:
            raise forms.ValidationError(
                _("The file is too large (at most %(size)s kB).") % {"size": MAX_FILE_SIZE // 1024}
            )
        raw = upload.read()
        if b"\x00" in raw:
            raise forms.ValidationError(
                _("This is not a text file: export the movement (the RoundData table) as CSV first.")
            )
        for encoding in ("utf-8-sig", "cp1252"):
            try:
                return raw.decode(encoding)
            except UnicodeDecodeError:
                continue
        return raw.decode("latin-1")

    def clean(self):
        data = super().clean()
        uploaded, pasted = data.get("csv_file") or "", (data.get("csv_text") or "")
        if "csv_file" in self.errors:
            return data
        if uploaded and pasted.strip():
            self.add_error("csv_file", _("Upload a file or paste the text, not both."))
            return data
        text = uploaded or pasted
        if uploaded:  # shown again in the text box, so nothing is lost if it has problems
            self.data = self.data.copy()
            self.data[self.add_prefix("csv_text")] = uploaded
        if not text.strip():
            self.add_error("csv_text", _("Upload a CSV file or paste the movement."))
            return data
        if len(text) > MAX_CSV_CHARS:
            self.add_error(
                "csv_text", _("The movement is too long (at most %(count)s characters).") % {"count": MAX_CSV_CHARS}
            )
            return data
        data["csv_text"] = text
        self.movement, self.problems, self.violations = validate_csv(text, data.get("name", ""))
        if self.problems:
            self.add_error("csv_text", _("The CSV cannot be read: see the problems listed above."))
        elif self.violations:
            self.can_save_anyway = all(v.code in OVERRIDABLE for v in self.violations)
            if not (self.can_save_anyway and data.get("save_anyway")):
                self.add_error("csv_text", _("The movement is not sound: see the problems listed above."))
        return data

    def save(self, commit=True):
        self.instance.csv_text = self.cleaned_data["csv_text"]
        return super().save(commit)


class CustomMovementAdminForm(NamePerClub, forms.ModelForm):
    """The admin's form: the CSV must read and be sound (no "save anyway" here)."""

    class Meta:
        model = CustomMovement
        fields = ["name", "description", "csv_text"]

    def clean(self):
        data = super().clean()
        text = data.get("csv_text")
        if text:
            _movement, problems, violations = validate_csv(text, data.get("name", ""))
            found = problems + violations
            if found:
                self.add_error("csv_text", [line_problem(p.line, p.message) for p in found])
        return data
