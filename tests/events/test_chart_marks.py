"""The member chart's gridlines and ticks drawn in Python (events/templatetags/chart_marks.py) write the very bytes the
template loops they replaced wrote, for a chart of years and one of days, in each language."""

import datetime

import pytest
from django.template import Context, Template
from django.utils import translation

from events.results.selectors.member_history import Chart, Tick

LOOPS = Template(
    """{% load l10n %}{% localize off %}
      {% for y, value in chart.gridlines %}
        <line x1="{{ chart.left }}" x2="{{ chart.plot_right }}" y1="{{ y|floatformat:'1u' }}" y2="{{ y|floatformat:'1u' }}"{% if value == 50 %} class="fifty"{% endif %}></line>
        <text x="{{ chart.left|add:'-6' }}" y="{{ y|floatformat:'1u' }}" text-anchor="end" dominant-baseline="middle">{{ value }} %</text>
      {% endfor %}
      {% for tick in chart.ticks %}
        <line x1="{{ tick.x|floatformat:'1u' }}" x2="{{ tick.x|floatformat:'1u' }}" y1="{{ chart.plot_bottom }}" y2="{{ chart.plot_bottom|add:'4' }}"></line>
        <text x="{{ tick.x|floatformat:'1u' }}" y="{{ chart.plot_bottom|add:'18' }}" text-anchor="{{ tick.anchor }}">{% localize on %}{{ tick.date|date:tick.format }}{% endlocalize %}</text>
      {% endfor %}
{% endlocalize %}"""  # noqa: E501 - the template's own lines
)
TAGS = Template(
    """{% load chart_marks l10n %}{% localize off %}
      {% chart_grid chart %}
      {% chart_ticks chart %}
{% endlocalize %}"""
)


def chart(ticks: list[Tick]) -> Chart:
    gridlines = [(210.0, 40), (144.04999, 50), (78.25, 60), (12.0, 70)]
    return Chart(720, 240, 58, 24, 12, 30, 40, 70, [], "", gridlines, ticks, 10)


@pytest.mark.parametrize("language", ["en", "es", "ro"])
@pytest.mark.parametrize(
    "ticks",
    [
        [Tick(58.0, datetime.date(2017, 1, 1), "Y", "start"), Tick(371.55, datetime.date(2021, 1, 1), "Y")],
        [
            Tick(58.0, datetime.date(2026, 11, 2), "j M Y", "start"),
            Tick(696.0, datetime.date(2026, 5, 26), "j M Y", "end"),
        ],
    ],
)
def test_the_marks_are_the_template_loops_bytes(language, ticks):
    with translation.override(language):
        drawn = chart(ticks)
        assert TAGS.render(Context({"chart": drawn})) == LOOPS.render(Context({"chart": drawn}))
        assert "fifty" in TAGS.render(Context({"chart": drawn}))
