"""Storing a session's deals: from a PBN file or typed in, checked, analysed once, refused whole."""

import pytest

from club.hand_analysis import analyse_pending
from deals import DealRefused
from events.hands.services.hands import import_hands, store_deals, store_typed_deal
from events.models import BoardDeal, Section
from events.setup.services.setup import prepare_section
from tests.builders.hands import PUBLISHED, SIX_BOARDS, pbn_text
from tests.builders.sessions import club_night


@pytest.fixture
def night(db):
    session, _section = club_night()  # boards 1-6
    return session


def test_a_file_stores_every_deal_with_its_analysis(night, cached_analysis):
    stored = import_hands(session=night, text=pbn_text(SIX_BOARDS), source_name="night.pbn")
    assert stored.numbers == [1, 2, 3, 4, 5, 6] and stored.pending == 6 and stored.warnings == []
    assert cached_analysis.calls == 0 and not any(deal.analysed for deal in BoardDeal.objects.all())
    assert analyse_pending() == 6
    assert cached_analysis.calls == 1  # one batch call for the whole session
    deal = BoardDeal.objects.get(board__number=1)
    assert deal.deal == PUBLISHED and deal.source == "pbn" and deal.source_name == "night.pbn"
    assert deal.dd_tricks["W"] == {"C": 3, "D": 7, "H": 8, "S": 7, "NT": 7}
    assert deal.par_score == 100 and deal.par_contracts == [{"contract": "3HX", "declarers": "EW", "result": -1}]


def test_storing_the_same_deals_again_analyses_only_what_changed(night, cached_analysis):
    import_hands(session=night, text=pbn_text(SIX_BOARDS))
    analyse_pending()
    again = import_hands(session=night, text=pbn_text({**SIX_BOARDS, 2: SIX_BOARDS[3], 3: SIX_BOARDS[2]}))
    assert again.pending == 2 and analyse_pending() == 2 and cached_analysis.solved == 6 + 2
    assert BoardDeal.objects.get(board__number=2).deal == SIX_BOARDS[3]
    assert BoardDeal.objects.count() == 6


def test_every_section_gets_the_deal_of_its_board(night):
    section_b = Section.objects.create(session=night, letter="B", kind="mitchell", tables=3, boards_per_round=2)
    prepare_section(section=section_b)
    import_hands(session=night, text=pbn_text({1: PUBLISHED}))
    assert sorted(BoardDeal.objects.values_list("board__section__letter", "board__number")) == [("A", 1), ("B", 1)]


def test_a_file_with_one_bad_deal_is_refused_whole_and_nothing_is_saved(night, cached_analysis):
    bad = pbn_text(SIX_BOARDS).replace(SIX_BOARDS[5].north, SIX_BOARDS[5].north[:-1])
    with pytest.raises(DealRefused) as refused:
        import_hands(session=night, text=bad)
    assert [(problem.line, problem.code) for problem in refused.value.problems] == [(14, "hand.count")]
    assert BoardDeal.objects.count() == 0 and cached_analysis.calls == 0


def test_a_board_the_session_does_not_play_is_left_out_with_a_warning(night):
    # A dealing machine's file deals more boards than the night plays: the boards played are stored.
    stored = import_hands(session=night, text=pbn_text({1: PUBLISHED, 40: PUBLISHED}))
    assert [(warning.line, str(warning)) for warning in stored.warnings] == [
        (5, "board 40 is not played in this session: its deal is left out")
    ]
    assert list(BoardDeal.objects.values_list("board__number", flat=True).distinct()) == [1]


def test_a_file_of_boards_the_session_does_not_play_only_is_refused_with_its_lines(night):
    with pytest.raises(DealRefused) as refused:
        import_hands(session=night, text=pbn_text({40: PUBLISHED}))
    assert [(problem.line, str(problem)) for problem in refused.value.problems] == [
        (2, "board 40 is not played in this session")
    ]
    assert not BoardDeal.objects.exists()


def test_the_file_s_dealer_and_vulnerability_are_warnings(night):
    text = f'[Board "2"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{PUBLISHED.pbn()}"]\n'
    stored = import_hands(session=night, text=text)
    assert [warning.code for warning in stored.warnings] == ["pbn.dealer", "pbn.vulnerable"]
    assert BoardDeal.objects.get().board.number == 2


def test_a_typed_deal_is_checked_and_stored(night):
    hands = dict(zip("NESW", PUBLISHED.hands.values(), strict=True))
    store_typed_deal(session=night, number=3, hands={**hands, "N": "4.KJ32.842.AQ7 43"})
    deal = BoardDeal.objects.get(board__number=3)
    assert deal.deal == PUBLISHED and deal.source == "typed"
    with pytest.raises(DealRefused) as refused:
        store_typed_deal(session=night, number=3, hands={**hands, "N": hands["E"]})
    assert "Board 3: the " in str(refused.value) and "(North, East)" in str(refused.value)
    assert BoardDeal.objects.get(board__number=3).deal == PUBLISHED


def test_no_deal_no_analysis(night, cached_analysis):
    assert store_deals(session=night, deals={}).count == 0
    assert analyse_pending() == 0 and cached_analysis.solved == 0 and not BoardDeal.objects.exists()
