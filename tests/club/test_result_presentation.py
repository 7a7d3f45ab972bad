"""One presentation of a result everywhere (club.templatetags.bridge: result_line, side_score): 4♥ N = before a
confirmation and after it, EW +630 from the side that scored it, in the reader's notation."""

from types import SimpleNamespace

import pytest
from django.utils import translation
from django.utils.html import strip_tags

from club.templatetags.bridge import result_line, side_score


def record(contract, declarer="", tricks=None, **fields):
    return SimpleNamespace(contract=contract, declarer=declarer, tricks=tricks, **fields)


@pytest.mark.parametrize(
    ("language", "line", "shown"),
    [
        ("en", record("4H", "N", 10), "4♥ N ="),  # a saved line: total tricks
        ("en", record("4H", "N", "="), "4♥ N ="),  # as typed at a table, before confirmation: the same
        ("en", record("4H", "N", "10"), "4♥ N ="),
        ("en", record("3NT", "W", 8), "3NT W -1"),
        ("es", record("3NT", "W", 8), "3SA O -1"),
        ("ro", record("4S", "E", 11), "4♠ E +1"),
        ("en", record("PASS"), "Pass"),
        ("en", record("", not_played=True), "not played"),
        ("en", record("", adjusted="A6040"), "A6040"),
    ],
)
def test_a_result_reads_the_same_wherever_it_is_shown(language, line, shown):
    with translation.override(language):
        assert strip_tags(str(result_line(line))) == shown


@pytest.mark.parametrize(
    ("language", "score", "shown"),
    [("en", 620, "NS +620"), ("en", -630, "EW +630"), ("es", -630, "EO +630"), ("ro", 0, "NS +0"), ("en", None, "")],
)
def test_a_score_is_given_from_the_side_that_scored_it(language, score, shown):
    with translation.override(language):
        assert side_score(score) == shown
