"""The club admin's form of the club's own settings (issue 31): its name, language, time zone, default scoring
preset and conventions, colours and logo. What it checks: a known language, time zone and preset; conventions
`scoring` accepts; colours written #rrggbb that white text can be read on (and that read on white); a logo that is a
PNG, JPEG or WebP image of at most LOGO_BYTES and LOGO_PIXELS a side."""

from __future__ import annotations

import io
import re
from dataclasses import replace

from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from club.look import time_zones, valid_zone

LOGO_BYTES = 256 * 1024
LOGO_PIXELS = 1000
LOGO_FORMATS = {"PNG": "png", "JPEG": "jpg", "WEBP": "webp"}  # Pillow's format: the stored file's extension
MIN_CONTRAST = 4.5  # WCAG AA for text: white on the bar, links on white
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
PRESET_NAMES = {"ebu": "EBU", "acbl": "ACBL", "compscore": "Compscore", "magic-contest": "Magic Contest / Ruter"}
CLUB_CONVENTIONS = ("short_boards", "datum_discard", "datum_from")  # the conventions a club sets over its preset
YES_NO = (("", gettext_lazy("— as the preset —")), ("yes", gettext_lazy("Yes")), ("no", gettext_lazy("No")))


def contrast_with_white(colour: str) -> float:
    """The WCAG contrast ratio of `colour` (#rrggbb) against white."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    return 1.05 / (luminance + 0.05)


def read_logo(upload) -> tuple[bytes, str]:
    """The logo's bytes and extension; ValidationError for a file that is not a small PNG, JPEG or WebP image."""
    from PIL import Image, UnidentifiedImageError

    if upload.size > LOGO_BYTES:
        raise forms.ValidationError(_("The logo is too large (at most %(size)s kB).") % {"size": LOGO_BYTES // 1024})
    data = upload.read()
    try:
        with Image.open(io.BytesIO(data)) as image:
            kind, (width, height) = image.format, image.size
            image.verify()
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        raise forms.ValidationError(_("The logo must be a PNG, JPEG or WebP image.")) from None
    if kind not in LOGO_FORMATS:
        raise forms.ValidationError(_("The logo must be a PNG, JPEG or WebP image."))
    if max(width, height) > LOGO_PIXELS:
        raise forms.ValidationError(
            _("The logo is too large (at most %(pixels)s pixels a side).") % {"pixels": LOGO_PIXELS}
        )
    return data, LOGO_FORMATS[kind]


class ClubSettingsForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("name"), max_length=120)
    language = forms.ChoiceField(label=gettext_lazy("language"), required=False)
    time_zone = forms.ChoiceField(label=gettext_lazy("time zone"), required=False)
    preset = forms.ChoiceField(label=gettext_lazy("default scoring preset"), required=False)
    short_boards_neuberg = forms.ChoiceField(
        label=gettext_lazy("Neuberg for boards played fewer times"), choices=YES_NO, required=False
    )
    datum_discard = forms.IntegerField(
        label=gettext_lazy("Butler datum: results set aside at each end"), min_value=0, max_value=20, required=False
    )
    datum_from = forms.IntegerField(
        label=gettext_lazy("Butler datum: set them aside from this many results"),
        min_value=1,
        max_value=99,
        required=False,
    )
    colour = forms.CharField(label=gettext_lazy("colour"), max_length=7, required=False)
    accent_colour = forms.CharField(label=gettext_lazy("accent colour"), max_length=7, required=False)
    logo = forms.FileField(
        label=gettext_lazy("logo"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": "image/png,image/jpeg,image/webp"}),
    )
    remove_logo = forms.BooleanField(label=gettext_lazy("Remove the logo"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        site = _("the site's (%(value)s)")
        self.fields["language"].choices = [("", site % {"value": settings.LANGUAGE_CODE}), *settings.LANGUAGES]
        self.fields["time_zone"].choices = [("", site % {"value": settings.TIME_ZONE})] + [
            (zone, zone) for zone in time_zones()
        ]
        self.fields["preset"].choices = [("", _("— none —")), *PRESET_NAMES.items()]
        self.fields["colour"].help_text = _("The bar at the top of the club's pages, as #rrggbb (white text on it).")
        self.fields["accent_colour"].help_text = _("The links of the club's pages, as #rrggbb (on white).")
        logo_help = _("A PNG, JPEG or WebP image of at most %(size)s kB, %(pixels)s pixels a side.")
        self.fields["logo"].help_text = logo_help % {"size": LOGO_BYTES // 1024, "pixels": LOGO_PIXELS}
        for name in ("colour", "accent_colour"):
            self.fields[name].widget.attrs["placeholder"] = "#146c43"

    def clean_time_zone(self):
        zone = self.cleaned_data["time_zone"]
        if zone and not valid_zone(zone):
            raise forms.ValidationError(_("Choose a time zone from the list."))
        return zone

    def _colour(self, name: str) -> str:
        text = self.cleaned_data[name].strip()
        if not text:
            return ""
        if not COLOUR.fullmatch(text):
            raise forms.ValidationError(_("Write the colour as # and six hexadecimal digits, such as #146c43."))
        if contrast_with_white(text) < MIN_CONTRAST:
            raise forms.ValidationError(
                _("This colour is too light: text on it (or it on white) could not be read. Choose a darker one.")
            )
        return text.lower()

    def clean_colour(self):
        return self._colour("colour")

    def clean_accent_colour(self):
        return self._colour("accent_colour")

    def clean_logo(self):
        upload = self.cleaned_data.get("logo")
        return read_logo(upload) if upload else None

    def clean(self):
        data = super().clean()
        conventions = conventions_chosen(data)
        try:
            default_conventions(data.get("preset") or "", conventions)
        except ValueError:
            self.add_error(
                "datum_from",
                _("Setting %(count)s aside at each end needs more results: at least %(least)s.")
                % {"count": data.get("datum_discard"), "least": 2 * (data.get("datum_discard") or 0) + 1},
            )
        data["conventions"] = conventions
        return data


def conventions_chosen(data: dict) -> dict[str, object]:
    """The conventions the form sets (`scoring.Conventions`' names), leaving the others to the preset."""
    chosen: dict[str, object] = {}
    if data.get("short_boards_neuberg"):
        chosen["short_boards"] = "neuberg" if data["short_boards_neuberg"] == "yes" else "own-top"
    for name in ("datum_discard", "datum_from"):
        if data.get(name) is not None:
            chosen[name] = data[name]
    return chosen


def default_conventions(preset: str, conventions: dict) -> tuple[str | None, scoring.Conventions]:
    """The scale (or None) and conventions a club's default preset and conventions give; ValueError when they do
    not go together."""
    scale, base = scoring.preset(preset) if preset else (None, scoring.Conventions())
    known = {name: value for name, value in conventions.items() if name in CLUB_CONVENTIONS}
    return scale, replace(base, **known)


def initial_of(club) -> dict:
    """The form's values for `club` as it is stored."""
    conventions = club.conventions or {}
    neuberg = {"neuberg": "yes", "own-top": "no"}.get(conventions.get("short_boards"), "")
    return {
        "name": club.name,
        "language": club.language,
        "time_zone": club.time_zone,
        "preset": club.preset,
        "short_boards_neuberg": neuberg,
        "datum_discard": conventions.get("datum_discard"),
        "datum_from": conventions.get("datum_from"),
        "colour": club.colour,
        "accent_colour": club.accent_colour,
    }
