"""The "Unusual result" warning (events.selectors.warnings): a score far from every other result on the board
while the others agree; three results that all differ flag none (not all three)."""

from types import SimpleNamespace

import pytest

from events.selectors.warnings import board_warnings


def lines(*scores):
    return [SimpleNamespace(pk=index, ns_score=score, adjusted="") for index, score in enumerate(scores, 1)]


@pytest.mark.parametrize(
    ("scores", "flagged"),
    [
        ((420, 450, 1440), {3}),  # a slam bid at one table, game at the others
        ((420, -100, 1100), set()),  # every result differs: no usual result to stand out from
        ((420, 420, 450), set()),
        ((420, 1100), set()),  # two results: which one is unusual?
        ((-100, 420, 450, 420, 2210), {1, 5}),
    ],
)
def test_only_a_result_far_from_results_that_agree_is_flagged(scores, flagged):
    assert set(board_warnings(lines(*scores))) == flagged
