"""What every app's table page shares (pairs sessions' tables, teams matches' rooms): the secret of a table's
link, its QR code, and the forms of a board typed at the table, confirmed by the other side, and of a correction
asked of the director.

A link's secret is an HMAC-SHA256 of what names the table (e.g. session, section, table) under the event's random
key (`new_key`, made when table entry is first opened) and the site's SECRET_KEY, cut to 22 base64 characters
(132 bits), compared with `hmac.compare_digest`. The QR codes are SVG made by segno (no outside service).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import secrets
from collections.abc import Callable
from typing import Any

import segno
from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse, QueryDict
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from club.form_errors import add_errors
from club.typed_result import notation

SECRET_LENGTH = 22  # 22 base64 characters: 132 bits of the HMAC
BIG = "form-control form-control-lg"
BOARD_COLUMN = 32_767  # a board number's column; each app's service refuses a board its table does not play
QR_BORDER, QR_SCALE = 4, 8  # the quiet zone of the standard (4 modules); pixels a module unscaled
SEATS = [("", "—"), ("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West"))]


def new_key() -> str:
    """An event's random key: every table's secret comes from it."""
    return secrets.token_urlsafe(32)


def table_secret(key: str, *parts: object) -> str:
    """The secret of the table named by `parts` under the event's `key` (and the site's)."""
    signing_key = f"{settings.SECRET_KEY}:{key}".encode()
    message = ":".join(str(part) for part in parts).encode()
    digest = hmac.new(signing_key, message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:SECRET_LENGTH]


def secret_matches(expected: str, given: str) -> bool:
    return hmac.compare_digest(expected.encode(), given.encode())


def qr_svg(url: str) -> bytes:
    """The link as a QR code in a standalone SVG file, as a browser draws it in an `<img>`: the XML declaration,
    the SVG namespace, a view box (the sheet scales it to 16 cm, a size a phone reads across a table) and a white
    background with the standard quiet zone of 4 modules (a dark page or a coloured card does not hide it)."""
    code = segno.make(url, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", border=QR_BORDER, light="#fff", xmldecl=True, svgns=True, omitsize=True)
    size = code.symbol_size(border=QR_BORDER)[0] * QR_SCALE  # its size unscaled: 8 px a module
    return out.getvalue().replace(b"<svg ", f'<svg width="{size}" height="{size}" '.encode(), 1)


def qr_response(url: str) -> HttpResponse:
    """The QR code of a table's link, sent as an SVG image."""
    return HttpResponse(qr_svg(url), content_type="image/svg+xml")


class TypedBoardForm(forms.Form):
    """A board typed at a table: which board (hidden on the page), and what was played, read by the site's one
    reader of typed results in the app's service."""

    board = forms.IntegerField(min_value=1, max_value=BOARD_COLUMN, widget=forms.HiddenInput)
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

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        shown = notation()  # the phone's language: 4P, 3SA in Spanish
        self.fields["contract"].widget.attrs["placeholder"] = f"{shown.contract('4S')}, {shown.contract('3NT')}"
        if self.initial.get("contract"):  # a saved board's code shown back as the phone's language writes it
            self.initial["contract"] = shown.contract(self.initial["contract"])


class ConfirmBoardForm(forms.Form):
    """The other side confirms the board as it saw it (`version`: changed meanwhile on another phone, refused)."""

    board = forms.IntegerField(min_value=1, max_value=BOARD_COLUMN, widget=forms.HiddenInput)
    version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class CorrectionForm(forms.Form):
    """A table asks the director to correct a board it played (templates/table/correction.html)."""

    board = forms.IntegerField(min_value=1, max_value=BOARD_COLUMN, widget=forms.HiddenInput)
    note = forms.CharField(
        label=_("What is wrong?"), max_length=200, required=False, widget=forms.TextInput(attrs={"class": BIG})
    )


# One kind of request a table's page takes: the form that reads it, and what to do with its cleaned data.
Action = tuple[type[forms.Form], Callable[[dict], Any]]


def run_action(post: QueryDict, actions: dict[str, Action]) -> tuple[int | None, forms.Form | None]:
    """Does what the table sent (its `action` names one of `actions`) → (board number, None), or (board number,
    the form with its errors) when the form or the service refused it."""
    name = post.get("action") or ""
    if name not in actions:
        form: forms.Form = TypedBoardForm(post)
        form.add_error(None, gettext("Use the Save or Confirm button."))
        return None, form
    form_class, do = actions[name]
    form = form_class(post)
    if not form.is_valid():
        return form.cleaned_data.get("board"), form
    try:
        do(form.cleaned_data)
    except ValidationError as error:
        add_errors(form, error)
        return form.cleaned_data["board"], form
    return form.cleaned_data["board"], None


def refused(request: HttpRequest, problem: str, closed: str) -> HttpResponse:
    """A link refused: `closed` (table entry switched off: 403) or not valid (404)."""
    if problem == "closed":
        message, status = closed, 403
    else:
        message, status = gettext("This table link is not valid: scan the code on your table again."), 404
    return render(request, "table/refused.html", {"message": message}, status=status)


def state_refused(problem: str) -> JsonResponse:
    """A phone's poll of a link that no longer acts: 'final' (it stops polling), 'closed' (it polls slowly, in
    case the director opens table entry again) or 'unknown', with the message its page shows."""
    messages = {
        "final": gettext("The session is final: its results are in, table entry is over."),
        "closed": gettext("Table entry is closed: ask the director."),
    }
    message = messages.get(problem, gettext("This table link is not valid: scan the code on your table again."))
    status = 404 if problem == "unknown" else 403
    return JsonResponse({"error": problem, "message": message}, status=status)


def state_tag(*parts: object) -> str:
    """A table's tag for its phones' polls, quoted as an ETag: what the app's one query read that moves whenever
    the table's page would change (`parts`), hashed."""
    text = "|".join(str(part) for part in parts)
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:20] + '"'


def polled_state(request: HttpRequest, tag: str, version: Callable[[], str]) -> HttpResponse:
    """The answer to a phone's poll of its table's page (every app's: `static/js/table.js`): `304 Not Modified`,
    the state unread, when the phone sends the tag it was given (If-None-Match) and nothing changed since; the
    page's version otherwise (`version()`: the state built), with the tag. Read the tag before the state: a change
    made meanwhile shows at the next poll. Private, asked afresh each time."""
    if tag in request.headers.get("If-None-Match", ""):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = JsonResponse({"version": version()})
    response["ETag"] = tag
    patch_cache_control(response, private=True, no_cache=True)
    return response


def typed_values(result: Any, *, contract: str, declarer: str, tricks: str, lead: str) -> dict:
    """What a table typed for a board, as it is kept until confirmed: the contract and declarer as the reader
    understood them (`result`: `4S`, `1NT`, `PASS`, `W`), not as typed (`1SA`, `O` on a Spanish phone), so that the
    other side's phone in another language reads the same board when it confirms."""
    return {
        "contract": result.contract or result.adjusted or contract.strip().upper(),
        "declarer": result.declarer or declarer.strip().upper(),
        "tricks": tricks.strip(),
        "lead": lead.strip().upper()[:3],
        "ns_score": result.ns_score,
    }
