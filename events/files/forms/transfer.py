"""The director's forms for importing a CSV file of traveller lines, a USEBIO file or a PBN results file as a new
session."""

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from events.models import Session
from events.setup.forms.setup import PRESET_CHOICES
from interchange.usebio import MAX_BYTES

MAX_FILE_SIZE = 2 * 1024 * 1024  # a club night is a few kilobytes


class TravellersImportForm(forms.Form):
    """Session name, date, scoring, scale and the file; `clean_file` gives the file's text."""

    name = forms.CharField(label=_("Session name"), max_length=Session._meta.get_field("name").max_length)
    date = forms.DateField(
        label=_("Date"), initial=timezone.localdate, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    scoring = forms.ChoiceField(
        label=_("Scoring"), choices=Session.Scoring.choices, initial=Session.Scoring.MATCHPOINTS
    )
    scale = forms.ChoiceField(label=_("Matchpoint scale"), choices=Session.Scale.choices, initial=Session.Scale.EBU)
    file = forms.FileField(
        label=_("Traveller file (CSV)"),
        help_text=_(
            "A header row naming the columns BOARD_NUMBER, NS_PAIR_NUMBER, EW_PAIR_NUMBER, CONTRACT, "
            "PLAYED_BY, LEAD, TRICKS, SCORE, then one line per result."
        ),
        widget=forms.FileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
    )

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_SIZE:
            raise forms.ValidationError(_("The file is larger than %(size)s MB.") % {"size": MAX_FILE_SIZE // 2**20})
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not UTF-8 text: save it as CSV UTF-8.")) from None


class UsebioImportForm(forms.Form):
    """A USEBIO XML file and the scorer's conventions for what it does not say; `clean_file` gives its bytes."""

    file = forms.FileField(
        label=_("USEBIO file (XML)"),
        help_text=_("The USEBIO 1.2 XML file your scorer writes (EBUScore, ScoreBridge, Compscore ...)."),
        widget=forms.FileInput(attrs={"accept": ".xml,text/xml,application/xml"}),
    )
    preset = forms.ChoiceField(
        label=_("Scoring conventions of a scorer"),
        choices=[("", _("— the site's defaults —")), *PRESET_CHOICES[1:]],
        required=False,
        help_text=_("How to score what the file does not say: boards played fewer times, the Butler datum ..."),
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than %(limit)s bytes.") % {"limit": MAX_BYTES})
        self.file_name = str(upload.name)[:120]
        return upload.read()


class PbnImportForm(UsebioImportForm):
    """A PBN results file, how to score it, and the scorer's conventions; `clean_file` gives its bytes."""

    file = forms.FileField(
        label=_("PBN results file"),
        help_text=_(
            "A PBN file with a ScoreTable for each board naming the pairs (PairId_NS, PairId_EW), as Ruter, "
            "Magic Contest and BridgeComposer write it; its deals and TotalScoreTable are read too."
        ),
        widget=forms.FileInput(attrs={"accept": ".pbn,text/plain"}),
    )
    scoring = forms.ChoiceField(
        label=_("Scoring"),
        choices=[("", _("— as the file's Scoring tag says (else matchpoints) —")), *Session.Scoring.choices],
        required=False,
    )
    field_order = ["file", "scoring", "preset"]
