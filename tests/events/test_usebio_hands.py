"""USEBIO hands: the export writes the session's deals in a HANDSET, the import stores a file's HANDSET as the
hand records store deals; a session exported and imported again keeps its deals; a bad HANDSET is refused whole.
And the comparison of the pairs' totals and percentages printed in a USEBIO file."""

from pathlib import Path

import pytest

from club.csv_files import FileRefused
from club.hand_analysis import analyse_pending
from events.files.selectors.usebio_export import usebio_event
from events.files.services.usebio_import import import_usebio, summary
from events.hands.services.hands import import_hands
from events.models import BoardDeal, Session, TravellerLine
from interchange.usebio import read_usebio
from interchange.usebio_write import write_usebio
from tests.builders.hands import ONE_SUIT_EACH, PUBLISHED, SIX_BOARDS, pbn_text
from tests.builders.sessions import club_night, enter

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data" / "usebio"
HANDSET = (
    "<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
    "<HAND><DIRECTION>North</DIRECTION><SPADES>4</SPADES><HEARTS>KJ32</HEARTS><DIAMONDS>842</DIAMONDS>"
    "<CLUBS>AQ743</CLUBS></HAND>"
    "<HAND><DIRECTION>East</DIRECTION><SPADES>JT987</SPADES><HEARTS>Q876</HEARTS><DIAMONDS>AK5</DIAMONDS>"
    "<CLUBS>2</CLUBS></HAND>"
    "<HAND><DIRECTION>South</DIRECTION><SPADES>AK532</SPADES><HEARTS>T</HEARTS><DIAMONDS>JT6</DIAMONDS>"
    "<CLUBS>T985</CLUBS></HAND>"
    "<HAND><DIRECTION>West</DIRECTION><SPADES>Q6</SPADES><HEARTS>A954</HEARTS><DIAMONDS>Q973</DIAMONDS>"
    "<CLUBS>KJ6</CLUBS></HAND>"
    "</BOARD></HANDSET>"
)


def with_handset(handset: str = HANDSET) -> bytes:
    text = (DATA / "compscore_short_board.xml").read_text()
    return text.replace("<DATE>25/11/2026</DATE>", "<DATE>25/11/2026</DATE>" + handset).encode()


def test_a_session_with_its_deals_survives_the_round_trip():
    session, section = club_night(status="final")
    enter(section, 1, "1NS", "4S", "N", "10")
    enter(section, 2, "1NS", "3NT", "S", "9")
    import_hands(session=session, text=pbn_text({1: PUBLISHED, 2: ONE_SUIT_EACH}))
    data = write_usebio(usebio_event(session))
    assert b"<HANDSET>" in data and b"<DIRECTION>North</DIRECTION>" in data
    assert read_usebio(data).hands == {1: PUBLISHED, 2: ONE_SUIT_EACH}  # a void is an empty suit
    copy = import_usebio(data=data).session
    deals = BoardDeal.objects.filter(board__section__session=copy)
    assert {deal.board.number: deal.deal for deal in deals} == {1: PUBLISHED, 2: ONE_SUIT_EACH}
    assert not any(deal.analysed for deal in deals)  # stored with the analysis pending, as any uploaded deal
    assert analyse_pending() == 4  # then analysed by analyse_hands (this session's two deals and the first's)
    assert all(deal.analysed for deal in deals.all())


def test_a_session_without_deals_lists_its_boards_in_the_handset_without_hands():
    session, section = club_night()
    enter(section, 1, "1NS", "4S", "N", "10")
    data = write_usebio(usebio_event(session))
    assert b"<HANDSET>" in data and b"<HAND>" not in data  # readers in use list the boards from the HANDSET
    assert import_usebio(data=data).deals == 0


def test_a_file_with_hands_stores_them_and_one_without_stores_none():
    result = import_usebio(data=with_handset(), source_name="wednesday.xml")
    assert result.deals == 1 and BoardDeal.objects.get().deal == PUBLISHED
    assert BoardDeal.objects.get().source_name == "wednesday.xml"
    assert import_usebio(data=with_handset("")).deals == 0 and BoardDeal.objects.count() == 1


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("<CLUBS>AQ743</CLUBS>", "<CLUBS>AQ74</CLUBS>", "Board 1: North has 12 cards"),
        (
            "<CLUBS>KJ6</CLUBS>",
            "<CLUBS>KJ5</CLUBS>",
            "Board 1: West holds “",
        ),
        ("<DIRECTION>West</DIRECTION>", "<DIRECTION>Up</DIRECTION>", "HAND DIRECTION “UP” is not North"),
        ("<BOARD_NUMBER>1</BOARD_NUMBER><HAND>", "<BOARD_NUMBER>7</BOARD_NUMBER><HAND>", "board 7, which has no"),
        ("</BOARD></HANDSET>", "</BOARD>" + HANDSET[9:], "The hands of board 1 are given twice"),
    ],
)
def test_a_bad_handset_is_refused_whole(old, new, message):
    assert old in HANDSET
    with pytest.raises(FileRefused) as caught:
        import_usebio(data=with_handset(HANDSET.replace(old, new, 1)))
    problems = " ".join(str(problem) for problem in caught.value.problems)
    assert message in problems or (message == "Board 1: West holds “" and "in two hands" in problems), problems
    assert not Session.objects.exists() and not BoardDeal.objects.exists() and not TravellerLine.objects.exists()


def test_the_pairs_totals_are_compared_with_the_file():
    result = import_usebio(data=(DATA / "mitchell_two_sections.xml").read_bytes())
    assert result.pairs_compared > 0 and result.pair_differences == []
    text = (DATA / "mitchell_two_sections.xml").read_text()
    changed = text.replace("<PLACE>1</PLACE><TOTAL_SCORE>2</TOTAL_SCORE><PERCENTAGE>50.00</PERCENTAGE>",
                           "<PLACE>1</PLACE><TOTAL_SCORE>3</TOTAL_SCORE><PERCENTAGE>75.00</PERCENTAGE>", 1)  # fmt: skip
    result = import_usebio(data=changed.encode())
    assert [(item.what, item.file_figure, item.site_figure) for item in result.pair_differences] == [
        ("total", 3, 2),
        ("percentage", 75, 50),
    ]
    assert "boards played fewer times or not played" in result.pair_differences[0].reason
    assert any(line.startswith("Section A, pair 1NS, total: the file 3, the site 2") for line in summary(result))


def test_only_the_deals_of_played_boards_are_written():
    session, section = club_night()
    enter(section, 1, "1NS", "4S", "N", "10")
    import_hands(session=session, text=pbn_text(SIX_BOARDS))
    assert list(usebio_event(session).hands) == [1]  # only board 1 was played
    copy = import_usebio(data=write_usebio(usebio_event(session))).session
    assert BoardDeal.objects.get(board__section__session=copy).deal == PUBLISHED
