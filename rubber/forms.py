"""The scorepad's forms: starting a rubber at a table, one deal, the club's choices, a season."""

from __future__ import annotations

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

import scoring
from club.bridge_messages import translate
from club.forms import LimitedModelForm
from club.typed_result import notation

from . import sheet as pad
from .models import ClubChoices, Member, Season, Seat, Side
from .models import GameKind as KindChoice

GUEST_LENGTH = 40
_TRICKS = re.compile(r"[0-9]{1,2}")
SEAT_NAMES = dict(Seat.choices)
OUT_OF_DATE = _("The page was out of date: reload it, then enter the deal again.")


class StartForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("Game"), choices=KindChoice.choices, widget=forms.RadioSelect, initial=KindChoice.RUBBER
    )
    played_on = forms.DateField(label=_("Evening"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}))
    first_dealer = forms.ChoiceField(label=_("First dealer"), choices=Seat.choices, initial="N")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["played_on"].initial = timezone.localdate()
        members = Member.objects.active()
        for seat, _name in Seat.choices:
            self.fields[f"{seat}_member"] = forms.ModelChoiceField(
                label=_("Member"), queryset=members, required=False, empty_label=_("(a guest)")
            )
            self.fields[f"{seat}_guest"] = forms.CharField(
                label=_("or a guest's name"),
                max_length=GUEST_LENGTH,
                required=False,
                widget=forms.TextInput(attrs={"autocomplete": "off"}),
            )

    def seat_fields(self):
        return [(SEAT_NAMES[seat], self[f"{seat}_member"], self[f"{seat}_guest"]) for seat in pad.SEATS]

    def clean(self):
        data = super().clean()
        players, seen = {}, {}
        for seat in pad.SEATS:
            member, guest = data.get(f"{seat}_member"), " ".join(data.get(f"{seat}_guest", "").split())
            if member and guest:
                self.add_error(f"{seat}_guest", _("Choose a member or type a guest's name, not both."))
                continue
            if not member and not guest:
                if f"{seat}_guest" not in self.errors:
                    self.add_error(f"{seat}_guest", _("Who sits here? Choose a member or type a guest's name."))
                continue
            key = f"m{member.pk}" if member else "g" + guest.casefold()
            if key in seen:
                self.add_error(
                    f"{seat}_guest",
                    _("%(name)s already sits %(seat)s.") % {"name": member or guest, "seat": SEAT_NAMES[seen[key]]},
                )
                continue
            seen[key] = seat
            players[seat] = (member, member.real_name[:130] if member else guest)
        data["players"] = players
        return data


class DealForm(forms.Form):
    side = forms.ChoiceField(label=_("Declaring side"), choices=Side.choices, widget=forms.RadioSelect, required=False)
    contract = forms.CharField(
        label=_("Contract"),
        max_length=12,
        help_text=_("e.g. 4S, 3NTX, or PASS"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters", "size": 6}),
    )
    tricks = forms.CharField(
        label=_("Tricks"),
        max_length=3,
        required=False,
        help_text=_("declarer's tricks, 0 to 13, or the result: =, +1, -2"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "size": 3}),
    )
    honours = forms.ChoiceField(
        label=_("Honours"),
        required=False,
        choices=[
            ("", _("None")),
            ("We 100", _("We 100")),
            ("We 150", _("We 150")),
            ("They 100", _("They 100")),
            ("They 150", _("They 150")),
        ],
    )
    version = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=0,
        max_value=2**31 - 1,
        error_messages=dict.fromkeys(("required", "invalid", "min_value", "max_value"), OUT_OF_DATE),
    )

    def clean(self):
        data = super().clean()
        text = data.get("contract")
        if text is None:
            return data
        try:
            typed = " ".join(text.upper().split())
            read = notation().read_contract(typed)  # the reader's suit letters: 4C is 4♥ in Spanish
            contract = scoring.parse_contract(text if read == typed else read)
        except ValueError as error:
            self.add_error("contract", translate(error))
            return data
        if contract is None:
            if data.get("honours"):
                self.add_error("honours", _("A passed-out deal scores no honours."))
            data["deal"] = pad.DealIn(data.get("side") or "We", "PASS", None, None)
            return data
        tricks = read_tricks(contract, data.get("tricks", ""))
        if isinstance(tricks, str):
            self.add_error("tricks", tricks)
            return data
        if not data.get("side"):
            self.add_error("side", _("Who declared: We or They?"))
        honours = read_honours(data.get("honours", ""))
        if honours and contract.strain == "NT" and honours[1] != 150:
            self.add_error("honours", _("At notrump only the four aces in one hand count as honours: 150."))
        if not self.errors:
            data["deal"] = pad.DealIn(data["side"], contract.code, tricks, honours)
        return data


def read_tricks(contract: scoring.Contract, text: str) -> int | str:
    """Declarer's tricks from ``10`` or a result (``=``, ``+1``, ``-2``); a message when it is neither."""
    text = text.strip()
    if not text:
        return str(_("Enter the tricks taken (0 to 13) or the result (=, +1, -2)."))
    if _TRICKS.fullmatch(text):
        tricks = int(text)
        if tricks > 13:
            return str(_("%(tricks)s tricks: declarer takes 0 to 13 tricks.") % {"tricks": tricks})
        return tricks
    try:
        return scoring.tricks_from_result(contract, text)
    except ValueError as error:
        return translate(error)


def read_honours(text: str) -> tuple[str, int] | None:
    """``We 100`` → ("We", 100); empty → None; ValidationError otherwise."""
    words = text.split()
    if not words:
        return None
    if len(words) == 2 and words[0] in pad.SIDES and words[1] in ("100", "150"):
        return words[0], int(words[1])
    raise ValidationError(
        _("%(text)s: honours are written We 100, We 150, They 100 or They 150.") % {"text": text[:20]}
    )


class VersionForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=2**31 - 1)


class ChoicesForm(LimitedModelForm):
    class Meta:
        model = ClubChoices
        fields = ["chicago_bonus", "rounding", "rotate"]
        widgets = {"chicago_bonus": forms.RadioSelect, "rounding": forms.RadioSelect}


class SeasonForm(LimitedModelForm):
    class Meta:
        model = Season
        fields = ["name", "starts", "ends"]
        widgets = {
            "starts": forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
            "ends": forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
        }
