"""The row tags' figures are written exactly as `floatformat` writes them, and `{{ value }}` as the template does:
in every language, for the values the results pages show (rounding halves, negatives, whole numbers, none)."""

import random
from decimal import Decimal

import pytest
from django.template import Context, Template
from django.template.defaultfilters import floatformat
from django.utils import translation
from django.utils.formats import get_format

from events.templatetags.result_rows import number, text

random.seed(32)
VALUES = [
    None,
    0,
    0.0,
    -0.0,
    -0.001,
    -0.004,
    0.005,
    0.125,
    0.135,
    1.005,
    2.675,
    12.345,
    -12.345,
    26,
    26.0,
    15.8,
    -7.5,
    100.0,
    66.66666666666667,
    1430,
    Decimal("4.50"),
    Decimal("-3.125"),
    *[round(random.uniform(-2000, 2000), random.randint(0, 5)) for _ in range(300)],
    *[random.randint(0, 10_000) / 8 for _ in range(100)],  # halves, quarters and eighths
]


@pytest.mark.parametrize("language", ["en", "es", "ro"])
@pytest.mark.parametrize("places", [2, -2, 0])
def test_number_is_floatformat(language, places):
    with translation.override(language):
        separator = get_format("DECIMAL_SEPARATOR")
        for value in VALUES:
            assert number(value, places, separator) == floatformat(value, places), (value, places)


@pytest.mark.parametrize("language", ["en", "es"])
def test_text_is_what_the_template_writes(language):
    template = Template("{{ value }}")
    with translation.override(language):
        for value in [0, 7, 1430, -90, "4♠ <b>&", "O'Brien", 62.5, Decimal("1.50"), None]:
            assert text(value) == template.render(Context({"value": value})), value
