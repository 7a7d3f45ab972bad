"""One row of a traveller or a table's score slip: what the director types for one result."""

from django import forms
from django.utils.translation import gettext_lazy as _

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
    field_order = ["ns_pair", "ew_pair", "contract", "declarer", "tricks", "lead"]


def line_initial(line: TravellerLine | None) -> dict:
    if line is None:
        return {}
    if line.not_played:
        contract = "NP"
    else:
        contract = line.adjusted or line.contract
    return {
        "contract": contract,
        "declarer": line.declarer,
        "tricks": "" if line.tricks is None else str(line.tricks),
        "lead": line.lead,
        "ns_pair": line.ns_pair.label,
        "ew_pair": line.ew_pair.label,
    }
