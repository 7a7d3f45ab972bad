"""The forms of a table's page on a phone (a board's result, its confirmation; the correction request is
`club.table_entry.CorrectionForm`) and the director's switches."""

from django import forms
from django.utils.translation import gettext_lazy as _

from club.table_entry import ConfirmBoardForm, TypedBoardForm

BIG = "form-control form-control-lg"


class TableResultForm(TypedBoardForm):
    """A board of a round typed at the table (`club.table_entry.TypedBoardForm` with the round)."""

    round = forms.IntegerField(min_value=1, max_value=99, widget=forms.HiddenInput)
    field_order = ["round", "board"]


class TableConfirmForm(ConfirmBoardForm):
    round = forms.IntegerField(min_value=1, max_value=99, widget=forms.HiddenInput)


class SettleForm(forms.Form):
    """The director settles a table's disagreement: the result of one side (the version the grid showed)."""

    side = forms.ChoiceField(choices=[("NS", _("North-South")), ("EW", _("East-West"))])
    version = forms.IntegerField(min_value=1)


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
