"""The director's forms for hand records, for a pairs session and a teams match alike: a PBN file to preview,
the confirmed text, one deal typed in; and what the preview page shows of a file read (`preview_context`)."""

from collections.abc import Callable

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from club.bridge_messages import error_lines, line_problem
from club.numbers import whole_number
from deals import DealRefused, PbnDeals, decode
from deals.view import hand_view

PREVIEW_BOARDS = 4
# A session's deals with full play records stay well under this; the confirm page sends the text back in a hidden
# field, where form encoding can treble it (every character a %XX): 800 kB stays under Django's 2.5 MB post limit.
MAX_PBN_SIZE = 800 * 1024
HAND_HELP = _(
    "Spades.hearts.diamonds.clubs, e.g. AKQ.JT9.876.5432 (10 or T for the ten; nothing between dots for a void)."
)


class HandsUploadForm(forms.Form):
    file = forms.FileField(
        label=_("PBN file"),
        help_text=_("From a dealing program or BridgeComposer (PBN 1.0, 2.0 or 2.1)."),
        widget=forms.FileInput(attrs={"accept": ".pbn,text/plain"}),
    )

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_PBN_SIZE:
            raise forms.ValidationError(_("The file is larger than %(size)s kB.") % {"size": MAX_PBN_SIZE // 1024})
        return decode(upload.read())


class HandsConfirmForm(forms.Form):
    """The previewed file's text, sent back to be stored."""

    text = forms.CharField(widget=forms.HiddenInput, strip=False, max_length=MAX_PBN_SIZE)
    source_name = forms.CharField(widget=forms.HiddenInput, required=False, max_length=120)


class TypedDealForm(forms.Form):
    board = forms.IntegerField(label=_("Board"), min_value=1, max_value=999)
    north = forms.CharField(label=_("North"), max_length=40, help_text=HAND_HELP)
    east = forms.CharField(label=_("East"), max_length=40)
    south = forms.CharField(label=_("South"), max_length=40)
    west = forms.CharField(label=_("West"), max_length=40)

    def hands(self) -> dict[str, str]:
        data = self.cleaned_data
        return {"N": data["north"], "E": data["east"], "S": data["south"], "W": data["west"]}


def preview_context(found: PbnDeals, text: str, name: str) -> dict[str, object]:
    """The preview page's context for a file read: its first boards (no analysis yet), how many deals it holds,
    its warnings in the reader's language, and the form that sends its text back to be stored."""
    numbers = sorted(found.deals)[:PREVIEW_BOARDS]
    return {
        "preview": [hand_view(number, found.deals[number], None, None) for number in numbers],
        "count": len(found.deals),
        "warnings": [line_problem(warning.line, warning) for warning in found.warnings],
        "confirm_form": HandsConfirmForm(initial={"text": text, "source_name": name}),
        "file_name": name,
    }


def uploaded_preview(request, read: Callable[[str], PbnDeals]) -> tuple[HandsUploadForm, dict | None, list[str]]:
    """The upload form bound to ``request``; the preview context of its file as ``read`` reads it (None when the
    form is invalid or the file refused), and the file's problems in the reader's language."""
    form = HandsUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return form, None, []
    try:
        found = read(form.cleaned_data["file"])
    except DealRefused as refused:
        return form, None, error_lines(refused)
    return form, preview_context(found, form.cleaned_data["file"], request.FILES["file"].name), []


def stored_message(count: int) -> str:
    return ngettext(
        "%(count)s deal stored; its double-dummy analysis follows within a few minutes.",
        "%(count)s deals stored; their double-dummy analysis follows within a few minutes.",
        count,
    ) % {"count": count}


def typed_message(board: int) -> str:
    return gettext("Board %(board)s: deal stored; its double-dummy analysis follows within a few minutes.") % {
        "board": board
    }


def typed_initial(board: str | None, records: dict) -> dict[str, object]:
    """The typed-deal form filled with the stored deal of board ``board`` (``?board=N``: anything but a board
    number is ignored) among ``records`` ({board number: hand record}); empty without one."""
    number = whole_number(board, low=1)
    record = records.get(number) if number is not None else None
    if record is None:
        return {"board": number} if number is not None else {}
    return {"board": number, "north": record.north, "east": record.east, "south": record.south, "west": record.west}
