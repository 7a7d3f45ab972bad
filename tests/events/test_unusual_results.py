"""The "Unusual result" warning (events.checks.selectors.warnings): a score far from every other result on the board
while the others agree; three results that all differ flag none (not all three)."""

from types import SimpleNamespace

import pytest
from django.urls import reverse

from club.typed_result import read_typed_result as read_result
from events.checks.selectors.warnings import board_warnings
from events.entry.services.lines import save_line
from events.plans import section_plan
from tests.builders.sessions import make_session


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


@pytest.mark.django_db
def test_the_checks_page_writes_an_unusual_result_in_the_readers_notation(director_client):
    # Seen in the walk: the Spanish checks page read "1NT W =, -90" where every other page writes 1SA O =, EO +90.
    session, section = make_session("mitchell", tables=3, boards_per_round=1, name="Unusual")
    pairs = {pair.label: pair for pair in section.pairs.all()}
    board = section.boards.get(number=1)
    plays = [play for play in section_plan(section).schedule if play.board == 1]
    for play, typed in zip(plays, (("4S", "N", "="), ("4S", "N", "="), ("1NT", "W", "=")), strict=True):
        result = read_result(1, *typed)
        save_line(board=board, ns_pair=pairs[play.ns], ew_pair=pairs[play.ew], result=result)
    page = director_client.get(reverse("events:session_checks", args=[session.pk]), HTTP_ACCEPT_LANGUAGE="es")
    assert "1SA O =, EO +90." in page.content.decode()
