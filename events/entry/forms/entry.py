"""One row of a traveller or a table's score slip: what the director types for one result."""

from django import forms
from django.utils.translation import gettext_lazy as _

from events.entry.services.versions import line_initial
from events.models import TravellerLine


class LineRowForm(forms.Form):
    contract = forms.CharField(
        label=_("Contract"),
        max_length=40,  # a weighted score: 60% 4S N =, 40% 4S N -1
        required=False,
        widget=forms.TextInput(attrs={"size": 6, "autocomplete": "off", "autocapitalize": "characters"}),
    )
    declarer = forms.CharField(
        label=_("By"),
        max_length=1,
        required=False,
        widget=forms.TextInput(attrs={"size": 1, "autocomplete": "off", "autocapitalize": "characters"}),
    )
    tricks = forms.CharField(
        label=_("Tricks"),
        max_length=3,
        required=False,
        widget=forms.TextInput(attrs={"size": 3, "autocomplete": "off", "inputmode": "text"}),
    )
    lead = forms.CharField(
        label=_("Lead"),
        max_length=3,
        required=False,
        widget=forms.TextInput(attrs={"size": 3, "autocomplete": "off", "autocapitalize": "characters"}),
    )
    score = forms.CharField(
        label=_("Score"),
        max_length=7,
        required=False,
        help_text=_("The NS score of the slip: alone when the slip has no contract, or checked against it."),
        widget=forms.TextInput(attrs={"size": 5, "autocomplete": "off", "inputmode": "numeric"}),
    )


class FreeLineRowForm(LineRowForm):
    """A row without a movement: the director types the pair numbers too."""

    ns_pair = forms.CharField(
        label=_("NS pair"),
        max_length=5,
        required=False,
        widget=forms.TextInput(attrs={"size": 4, "autocomplete": "off"}),
    )
    ew_pair = forms.CharField(
        label=_("EW pair"),
        max_length=5,
        required=False,
        widget=forms.TextInput(attrs={"size": 4, "autocomplete": "off"}),
    )
    field_order = ["ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead", "score"]


def row_form(data, prefix: str, line: TravellerLine | None, free: bool) -> LineRowForm:
    """A traveller's or slip's row, drawn from its line (`free`: the pairs typed, without a movement's slot)."""
    form_class = FreeLineRowForm if free else LineRowForm
    return form_class(data, prefix=prefix, initial=line_initial(line))


class SitOutForm(forms.Form):
    """The traveller page's sit-out: the pair that does not play the board (a Bye)."""

    pair = forms.CharField(
        label=_("Pair sitting out"),
        max_length=5,
        required=False,
        help_text=_("The pair that does not play this board (a Bye), e.g. 5NS or 5EW (in a Howell, 5)."),
        widget=forms.TextInput(attrs={"size": 4, "autocomplete": "off"}),
    )
