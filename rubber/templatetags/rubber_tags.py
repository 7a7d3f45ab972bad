"""Scoresheet notation: sides, kinds of figures, scores in hundreds, vulnerability."""

from decimal import Decimal

from django import template
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

register = template.Library()

SIDES = {"We": pgettext_lazy("scoresheet column", "We"), "They": pgettext_lazy("scoresheet column", "They")}
KINDS = {
    "contract": _("contract points"),
    "overtricks": _("overtricks"),
    "slam": _("slam bonus"),
    "insult": _("bonus for making a doubled contract"),
    "undertricks": _("undertricks"),
    "honours": _("honours"),
    "game": _("game bonus"),
    "part-score": _("part-score bonus"),
    "rubber": _("rubber bonus"),
    "unfinished game": _("unfinished rubber: a game up"),
    "unfinished part-score": _("unfinished rubber: a part-score"),
}


@register.filter
def side(name: str) -> str:
    return str(SIDES.get(name, name))


@register.filter
def figure_kind(kind: str) -> str:
    return str(KINDS.get(kind, kind))


@register.filter
def hundreds(points, signed=True) -> str:
    """Points as a score in hundreds: 900 → +9, 870 → +8.7, -50 → -0.5, 0 → 0."""
    if points is None or points == "":
        return ""
    value = Decimal(int(points)) / 100 if not isinstance(points, float) else Decimal(str(round(points / 100, 2)))
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    if text in ("-0", "0", ""):
        return "0"
    return f"+{text}" if signed and value > 0 else text


@register.filter
def vulnerability(vulnerable: dict) -> str:
    we, they = vulnerable.get("We"), vulnerable.get("They")
    if we and they:
        return str(_("both sides"))
    if we or they:
        return str(SIDES["We" if we else "They"])
    return str(_("neither side"))


@register.filter
def vulnerability_short(vulnerable: dict) -> str:
    """A deal's vulnerability in a table column: None, We, They, Both."""
    we, they = vulnerable.get("We"), vulnerable.get("They")
    if we and they:
        return str(pgettext_lazy("vulnerable", "Both"))
    if we or they:
        return str(SIDES["We" if we else "They"])
    return str(pgettext_lazy("vulnerable", "None"))


@register.filter
def honours(deal) -> str:
    if not deal.honours:
        return ""
    return f"{SIDES[deal.honours[0]]} {deal.honours[1]}"


SEAT_NAMES = {"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}


@register.filter
def seat_name(letter: str) -> str:
    return str(SEAT_NAMES.get(letter, letter or ""))


@register.filter
def seated(seats: dict, letter: str):
    """The player at a seat (``seats`` maps N/E/S/W to players)."""
    return seats.get(letter, "") if seats else ""


@register.filter
def points_of(row, side_name: str):
    """A deal row's points for one side, or nothing."""
    return row.points(side_name) or ""


@register.filter
def neg(value):
    return -int(value)
