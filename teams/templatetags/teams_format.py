"""Template filters of the teams pages: victory points as the event's scale writes them."""

from django import template
from django.utils.formats import number_format

from club.templatetags.bridge import points
from teams.models import TeamEvent

register = template.Library()


@register.filter
def vp(value, event: TeamEvent):
    """VPs of the WBF continuous scale always with two decimals (17.50); other scales and
    board-a-match points without trailing zeros (15, 1.2)."""
    if value is None or value == "":
        return ""
    if event.scale == TeamEvent.Scale.WBF and not event.is_board_a_match:
        return number_format(value, 2)
    return points(value)  # no trailing zeros, the reader's decimal separator: 1,5 in Spanish
