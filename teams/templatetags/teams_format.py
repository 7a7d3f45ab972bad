"""Template filters of the teams pages: victory points as the event's scale writes them."""

from django import template

from teams.models import TeamEvent

register = template.Library()


@register.filter
def vp(value, event: TeamEvent):
    """VPs of the WBF continuous scale always with two decimals (17.50); other scales and
    board-a-match points without trailing zeros (15, 1.2)."""
    if value is None or value == "":
        return ""
    if event.scale == TeamEvent.Scale.WBF and not event.is_board_a_match:
        return f"{value:.2f}"
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
