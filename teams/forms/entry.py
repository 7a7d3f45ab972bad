"""What the director types for a match: one room of one board per row, or the match's totals."""

from django import forms
from django.utils.translation import gettext_lazy as _

from teams.models import BoardResult
from teams.services.entry import room_initial


def _text(size: int, **attrs) -> forms.TextInput:
    return forms.TextInput(attrs={"size": size, "autocomplete": "off", **attrs})


class RoomForm(forms.Form):
    contract = forms.CharField(
        label=_("Contract"), max_length=12, required=False, widget=_text(6, autocapitalize="characters")
    )
    declarer = forms.CharField(
        label=_("By"), max_length=1, required=False, widget=_text(1, autocapitalize="characters")
    )
    tricks = forms.CharField(label=_("Tricks"), max_length=3, required=False, widget=_text(3))


def room_form(data, prefix: str, result: BoardResult | None) -> RoomForm:
    """A room's row of the match entry page, drawn from its result."""
    return RoomForm(data, prefix=prefix, initial=room_initial(result))


class TotalsForm(forms.Form):
    """A match's totals only: IMPs (or board-a-match points) of each team; both empty to clear."""

    home = forms.DecimalField(label=_("Home"), required=False, min_value=0, max_digits=6, decimal_places=2)
    away = forms.DecimalField(label=_("Away"), required=False, min_value=0, max_digits=6, decimal_places=2)

    def __init__(self, *args, match=None, **kwargs):
        super().__init__(*args, **kwargs)
        if match is not None and not match.is_bye:
            self.fields["home"].label, self.fields["away"].label = match.home.name, match.away.name
