"""Template filters for bridge notation: contracts with suit symbols, points, signed scores."""

from django import template
from django.utils.formats import get_format
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

import scoring
from club.limits import MAX_PROBLEMS
from club.typed_result import notation

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
        return format_html("{}{}{}", parsed.level, notation().notrump, doubled)
    symbol, css = SUITS[parsed.strain]
    return format_html('{}<span class="{}">{}</span>{}', parsed.level, css, symbol, doubled)


@register.filter
def line_result(line):
    """The result column of a traveller line: '=', '+1', '-2', or nothing."""
    return scoring.shown_result(line.contract, line.tricks)


@register.filter
def points(value, places=2):
    """Matchpoints or IMPs: at most two decimals, no trailing zeros, with the language's decimal separator (as
    `floatformat` writes them on the public pages)."""
    if value is None or value == "":
        return ""
    text = f"{float(value):.{int(places)}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text.replace(".", get_format("DECIMAL_SEPARATOR"))


@register.filter
def pair_label(label: str) -> str:
    """A pair's label in the reader's language: '6EW' is '6EO' in Spanish, '6EV' in Romanian."""
    return notation().pair_label(str(label or ""))


@register.filter
def seat(letter: str) -> str:
    """A seat's initial in the reader's language: 'W' is 'O' in Spanish, 'V' in Romanian (`scoring.notation`)."""
    return notation().seat(letter or "")


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
def suit(letter: str):
    """A suit letter (S H D C) as its symbol, coloured by its CSS class; NT as NT."""
    if letter not in SUITS:
        return _("NT") if letter == "NT" else letter
    symbol, css = SUITS[letter]
    return format_html('<span class="{}" title="{}">{}</span>', css, SUIT_NAMES[letter], symbol)


SUIT_NAMES = {
    "S": pgettext_lazy("suit", "spades"),
    "H": pgettext_lazy("suit", "hearts"),
    "D": pgettext_lazy("suit", "diamonds"),
    "C": pgettext_lazy("suit", "clubs"),
}


@register.filter
def cards(ranks: str) -> str:
    """A suit's cards as players write them: T as 10, a void as a dash."""
    return (ranks or "").replace("T", "10") or "—"


@register.filter
def seats(letters: str) -> str:
    """Seats such as 'EW' as their initials in the reader's language, joined: E/W (E/O in Spanish)."""
    return "/".join(seat(letter) for letter in letters or "")


@register.filter
def first_shown(items):
    """The first MAX_PROBLEMS items of a list of problems (the page lists those and counts the rest)."""
    return list(items)[:MAX_PROBLEMS]


@register.filter
def not_shown(items) -> int:
    """How many problems `first_shown` leaves out."""
    return max(len(items) - MAX_PROBLEMS, 0)


@register.simple_tag
def typing_help() -> dict:
    """What the entry help shows, in the reader's notation (`scoring.notation`): example contracts ("4S, 3NTX,
    PASS"; "4P, 3SAX, PASO" in Spanish), the seat letters and each suit's letter with its symbol."""
    shown = notation()
    passed = min(shown.passes, key=len) if shown.passes else "PASS"
    symbols = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))
    return {
        "contracts": f"{shown.contract('4S')}, {shown.contract('3NTX')}, {passed}",
        "seats": " ".join(shown.seat(letter) for letter in "NESW"),
        "suits": ", ".join(f"{shown.suit_letter(strain)} {symbol}" for strain, symbol in symbols),
        "notrump": shown.notrump,
        "weighted": f"60% {shown.contract('4S')} N =, 40% {shown.contract('4S')} N -1",
        # One-letter suits only: the page's script reads the attribute two characters at a time (letter, symbol).
        "letters": {
            letter: dict(symbols)[strain] for letter, strain in shown.suit_letters().items() if len(letter) == 1
        },
    }


@register.filter
def result_line(record) -> str:
    """One presentation of a result everywhere (a traveller line, a line's history, a board typed at a table):
    contract with its suit symbol, declarer and result against the contract, in the reader's notation: 4♥ N =,
    3SA O -1, Pass; "not played", or the adjusted score's code. ``record.tricks`` may be the total (10) or as
    typed at a table (``=``, ``+1``); ``record`` may be a dict (a side's version in a disagreement)."""
    field = record.get if isinstance(record, dict) else lambda name, default=None: getattr(record, name, default)
    if field("not_played", False):
        return _("not played")
    if field("adjusted", ""):
        return field("adjusted")
    code = field("contract") or ""
    if not code or code == "PASS":
        return contract(code)
    tricks = field("tricks")
    if isinstance(tricks, str):
        shown = tricks.strip()
        tricks = int(shown) if shown.isdigit() else None
    else:
        shown = ""
    result = scoring.shown_result(code, tricks) if tricks is not None else shown
    return format_html("{} {} {}", contract(code), seat(field("declarer") or ""), result)


@register.filter
def side_score(ns_score) -> str:
    """A board's score from the side that scored it, as the slips write it: NS +620, EW +630 (EO in Spanish)."""
    if ns_score is None or ns_score == "":
        return ""
    value = int(ns_score)
    if value >= 0:
        return _("NS +%(score)s") % {"score": value}
    return _("EW +%(score)s") % {"score": -value}
