"""The forms of a table's page on a phone: a board's result, its confirmation, a correction request."""

from django import forms
from django.utils.translation import gettext_lazy as _

from events.models import TravellerLine

SEATS = [("", "—")] + [(seat.value, seat.label) for seat in TravellerLine.Seat]
BIG = "form-control form-control-lg"


class TableBoardForm(forms.Form):
    """Which board of which round (hidden on the page), and with `TableResultForm` what was played."""

    round = forms.IntegerField(min_value=1, max_value=99, widget=forms.HiddenInput)
    board = forms.IntegerField(min_value=1, max_value=999, widget=forms.HiddenInput)


class TableResultForm(TableBoardForm):
    contract = forms.CharField(
        label=_("Contract"),
        max_length=12,
        widget=forms.TextInput(
            attrs={"class": BIG, "autocomplete": "off", "autocapitalize": "characters", "placeholder": "4S, 3NT"}
        ),
    )
    declarer = forms.ChoiceField(
        label=_("Declarer"),
        choices=SEATS,
        required=False,
        widget=forms.Select(attrs={"class": "form-select form-select-lg"}),
    )
    tricks = forms.CharField(
        label=_("Result"),
        max_length=3,
        required=False,
        widget=forms.TextInput(attrs={"class": BIG, "autocomplete": "off", "placeholder": "=, +1, -2"}),
    )
    lead = forms.CharField(
        label=_("Lead"),
        max_length=3,
        required=False,
        widget=forms.TextInput(attrs={"class": BIG, "autocomplete": "off", "autocapitalize": "characters"}),
    )


class TableConfirmForm(TableBoardForm):
    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class CorrectionForm(forms.Form):
    board = forms.IntegerField(min_value=1, max_value=999, widget=forms.HiddenInput)
    note = forms.CharField(
        label=_("What is wrong?"), max_length=200, required=False, widget=forms.TextInput(attrs={"class": BIG})
    )


class TableEntryForm(forms.Form):
    """The director's switch of table entry."""

    is_open = forms.BooleanField(label=_("Table entry open"), required=False)
    late_minutes = forms.IntegerField(
        label=_("A round is late after (minutes)"), min_value=1, max_value=240, initial=20
    )


class LiveResultsForm(forms.Form):
    """The director's switch of the public live results."""

    live_results = forms.BooleanField(
        label=_("Show the live ranking publicly (marked provisional)"),
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )
