"""Template filters for bridge notation: contracts with suit symbols, points, signed scores."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

import scoring
from club.limits import MAX_PROBLEMS

register = template.Library()

SUITS = {"S": ("♠", "suit-s"), "H": ("♥", "suit-h"), "D": ("♦", "suit-d"), "C": ("♣", "suit-c")}


@register.filter
def contract(code: str):
    """'4SX' → 4♠X with the suit coloured; PASS and empty codes pass through."""
    if not code or code == "PASS":
        return _("Pass") if code == "PASS" else ""
    try:
        parsed = scoring.parse_contract(code)
    except ValueError:
        return code
    doubled = "X" * parsed.doubled
    if parsed.strain == "NT":
        return format_html("{}NT{}", parsed.level, doubled)
    symbol, css = SUITS[parsed.strain]
    return format_html('{}<span class="{}">{}</span>{}', parsed.level, css, symbol, doubled)


@register.filter
def line_result(line):
    """The result column of a traveller line: '=', '+1', '-2', or nothing."""
    return scoring.shown_result(line.contract, line.tricks)


@register.filter
def points(value, places=2):
    """Matchpoints or IMPs: at most two decimals, no trailing zeros."""
    if value is None or value == "":
        return ""
    text = f"{float(value):.{int(places)}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


SEAT_INITIALS = {
    "N": pgettext_lazy("seat initial", "N"),
    "E": pgettext_lazy("seat initial", "E"),
    "S": pgettext_lazy("seat initial", "S"),
    "W": pgettext_lazy("seat initial", "W"),
}


@register.filter
def seat(letter: str) -> str:
    """A seat's initial in the reader's language: 'W' is 'O' in Spanish, 'V' in Romanian."""
    return str(SEAT_INITIALS.get(letter, letter or ""))


@register.filter
def dealer(number: int) -> str:
    return seat(scoring.board_dealer(int(number)))


@register.filter
def vulnerability(number: int) -> str:
    names = {"None": _("none"), "NS": _("NS"), "EW": _("EW"), "Both": _("both")}
    return names[scoring.board_vulnerability(int(number))]


@register.filter
def lead(card: str):
    """An opening lead as typed ('SA', 'H7', 'D10', '7H') with its suit symbol: ♠A, ♥7, ♦10."""
    text = (card or "").strip().upper()
    if len(text) < 2:
        return text
    if text[0] in SUITS and text[1:] not in SUITS:
        suit, rank = text[0], text[1:]
    elif text[-1] in SUITS:
        suit, rank = text[-1], text[:-1]
    else:
        return text
    symbol, css = SUITS[suit]
    return format_html('<span class="{}">{}</span>{}', css, symbol, rank)


@register.filter
def first_shown(items):
    """The first MAX_PROBLEMS items of a list of problems (the page lists those and counts the rest)."""
    return list(items)[:MAX_PROBLEMS]


@register.filter
def not_shown(items) -> int:
    """How many problems `first_shown` leaves out."""
    return max(len(items) - MAX_PROBLEMS, 0)
