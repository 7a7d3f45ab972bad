"""The member page's percentage chart: its gridlines and its date ticks drawn in Python (`{% chart_grid %}`,
`{% chart_ticks %}`), the very bytes the template loops they replace wrote (tests/events/test_page_bytes.py), without
the template engine's lookups and filters for each mark."""

from __future__ import annotations

from django import template
from django.template.defaultfilters import date, floatformat
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def chart_grid(chart) -> str:
    """Each gridline: a line across the plot at its height, and its percentage at the left (50 % drawn apart)."""
    left, right = chart.left, chart.plot_right
    marks = []
    for y, value in chart.gridlines:
        height = floatformat(y, "1u")
        fifty = ' class="fifty"' if value == 50 else ""
        marks.append(
            f'\n        <line x1="{left}" x2="{right}" y1="{height}" y2="{height}"{fifty}></line>\n'
            f'        <text x="{left - 6}" y="{height}" text-anchor="end" dominant-baseline="middle">{value} %</text>\n'
            "      "
        )
    return mark_safe("".join(marks))


@register.simple_tag
def chart_ticks(chart) -> str:
    """Each date tick: a short line below the plot and its date (a year, or a day), in the reader's language."""
    bottom = chart.plot_bottom
    marks = []
    for tick in chart.ticks:
        x = floatformat(tick.x, "1u")
        marks.append(
            f'\n        <line x1="{x}" x2="{x}" y1="{bottom}" y2="{bottom + 4}"></line>\n'
            f'        <text x="{x}" y="{bottom + 18}" text-anchor="{escape(tick.anchor)}">'
            f"{escape(date(tick.date, tick.format))}</text>\n      "
        )
    return mark_safe("".join(marks))
