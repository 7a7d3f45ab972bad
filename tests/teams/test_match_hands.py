"""A teams match's deals: stored per board of the match (both rooms play them), checked, analysed once."""

import pytest

from club.hand_analysis import analyse_pending
from deals import DealRefused
from teams.models import MatchDeal
from teams.services.hands import import_match_hands, store_match_deals
from tests.builders.hands import PUBLISHED, SIX_BOARDS, pbn_text


@pytest.fixture
def match(make_event):
    event = make_event()  # round robin, 2 boards a match
    return event.matches.filter(away__isnull=False).select_related("event").first()


def test_a_match_s_deals_are_stored_with_their_analysis(match, cached_analysis):
    numbers = list(match.board_numbers(match.event.boards_per_match))
    analysed = store_match_deals(
        match=match, deals={number: SIX_BOARDS[index + 1] for index, number in enumerate(numbers)}
    )
    assert analysed == numbers and cached_analysis.calls == 0  # stored, analysis pending
    assert not MatchDeal.objects.get(match=match, board=numbers[0]).analysed
    assert analyse_pending() == 2 and cached_analysis.calls == 1
    record = MatchDeal.objects.get(match=match, board=numbers[0])
    assert record.deal == PUBLISHED and record.analysed
    assert store_match_deals(match=match, deals={numbers[0]: PUBLISHED}) == []  # unchanged: not analysed again
    assert analyse_pending() == 0 and cached_analysis.solved == 2


def test_a_board_outside_the_match_or_a_bad_file_is_refused_whole(match):
    numbers = list(match.board_numbers(match.event.boards_per_match))
    with pytest.raises(DealRefused) as refused:
        store_match_deals(match=match, deals={numbers[0]: PUBLISHED, 60: PUBLISHED})
    assert [problem.code for problem in refused.value.problems] == ["match.board"]
    bad = pbn_text({numbers[0]: PUBLISHED}).replace(PUBLISHED.north, PUBLISHED.north + "K")
    with pytest.raises(DealRefused):
        import_match_hands(match=match, text=bad)
    assert not MatchDeal.objects.exists()
