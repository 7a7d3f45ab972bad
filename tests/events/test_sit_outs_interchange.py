"""Sit-outs in USEBIO (a TRAVELLER_LINE with only the sitting pair's number and BYE) and in PBN results (a
ScoreTable row with BYE and one pair): read, written, and a session's round trip exact."""

import pytest

from club.csv_files import FileRefused
from events.entry.services.sit_outs import add_sit_out
from events.files.selectors.usebio_export import usebio_event
from events.files.services.pbn_import import import_pbn
from events.files.services.usebio_import import import_usebio
from events.models import Pair, SitOut, TravellerLine
from events.plans import section_plan
from interchange.usebio import UsebioError, UsebioSitOut, read_usebio
from interchange.usebio_write import write_usebio
from tests.builders.sessions import DATA, club_night, enter_all

pytestmark = pytest.mark.django_db
RUTER = DATA / "pbn" / "ruter_mitchell.pbn"


def sat_out(session) -> list[tuple[str, int, str]]:
    rows = SitOut.objects.filter(board__section__session=session).select_related("board__section", "pair")
    return sorted((row.board.section.letter, row.board.number, row.pair.label) for row in rows)


def standings(session) -> list[tuple]:
    pairs = Pair.objects.filter(section__session=session)
    return sorted((p.number, p.direction, round(p.score, 6), round(p.maximum, 6), p.boards, p.place) for p in pairs)


def test_a_session_with_sit_outs_survives_the_usebio_round_trip():
    session, section = club_night()
    slot = section_plan(section).board_plays(1)[0]
    enter_all(section, skip=[slot])
    pairs = {pair.label: pair for pair in section.pairs.all()}
    board = section.boards.get(number=1)
    add_sit_out(board=board, pair=pairs[slot.ns])
    add_sit_out(board=board, pair=pairs[slot.ew])
    data = write_usebio(usebio_event(session))
    assert b"<EW_PAIR_NUMBER>" + slot.ew[:-2].encode() + b"</EW_PAIR_NUMBER>\n" in data
    number_ns = slot.ns[:-2]
    assert f"<NS_PAIR_NUMBER>{number_ns}</NS_PAIR_NUMBER>\n        <CONTRACT>BYE</CONTRACT>".encode() in data
    copy = import_usebio(data=data)
    assert copy.differences == [] and copy.pair_differences == []
    assert sat_out(copy.session) == sat_out(session) == sorted([("A", 1, slot.ns), ("A", 1, slot.ew)])
    assert standings(copy.session) == standings(session)
    assert TravellerLine.objects.filter(board__section__session=copy.session).count() == 17


def usebio(lines: str) -> bytes:
    return (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><DATE>30/11/2026</DATE><SECTION SECTION_ID="A">'
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>"
        "<PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>"
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT>"
        f"<PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE></TRAVELLER_LINE>{lines}"
        "</BOARD></SECTION></EVENT></USEBIO>"
    ).encode()


def test_a_usebio_bye_line_is_read_with_the_other_number_absent_empty_or_zero():
    data = usebio(
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><CONTRACT>BYE</CONTRACT></TRAVELLER_LINE>"
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>0</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER>"
        "<SCORE>Sit out</SCORE></TRAVELLER_LINE>"
    )
    event = read_usebio(data)
    assert event.sit_outs == (UsebioSitOut("A", 1, 5, "NS"), UsebioSitOut("A", 1, 6, "EW"))
    assert len(event.lines) == 2
    result = import_usebio(data=data)
    assert sat_out(result.session) == [("A", 1, "5"), ("A", 1, "6")]  # a Howell: pairs without a direction


@pytest.mark.parametrize(
    "line",
    [
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER>"
        "<CONTRACT>BYE</CONTRACT></TRAVELLER_LINE>",
        "<TRAVELLER_LINE><CONTRACT>BYE</CONTRACT></TRAVELLER_LINE>",
    ],
)
def test_a_usebio_bye_line_naming_two_pairs_or_none_is_refused(line):
    with pytest.raises(UsebioError, match="board 1: a BYE line names the one pair sitting out"):
        read_usebio(usebio(line))
    with pytest.raises(FileRefused) as refused:
        import_usebio(data=usebio(line))
    assert [problem.message for problem in refused.value.problems] == [
        "Board 1: a BYE line names the one pair sitting out, in NS_PAIR_NUMBER or EW_PAIR_NUMBER."
    ]
    assert not SitOut.objects.exists() and not TravellerLine.objects.exists()


def test_a_usebio_sit_out_of_a_pair_with_a_result_on_the_board_is_refused():
    line = "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><CONTRACT>BYE</CONTRACT></TRAVELLER_LINE>"
    with pytest.raises(FileRefused) as refused:
        import_usebio(data=usebio(line))
    assert "pair 1 already plays board 1" in refused.value.problems[0].message
    assert not SitOut.objects.exists()


RUTER_BOARD_2 = (
    " 1  3 3NT   S  9 S4    600     -  3.0  1.0  75  25\n"
    " 2  1 3NT   S  8 S4      -   100  0.0  4.0   0 100\n"
    " 3  2 3NT   S  9 H4    600     -  3.0  1.0  75  25\n"
)


def test_a_pbn_score_table_row_with_bye_is_a_sit_out():
    """Board 2 of the Ruter file loses its third line: pair 3NS sat out, and so did its opponent 2EW."""
    text = RUTER.read_text()
    assert RUTER_BOARD_2 in text
    board_2 = RUTER_BOARD_2.replace(
        " 3  2 3NT   S  9 H4    600     -  3.0  1.0  75  25\n",
        " 3  - BYE   - -  -      -     -    -    -   -   -\n -  2 ^BYE  - -  -      -     -    -    -   -   -\n",
    )
    result = import_pbn(data=text.replace(RUTER_BOARD_2, board_2).encode())
    assert sat_out(result.session) == [("A", 2, "2EW"), ("A", 2, "3NS")]
    assert result.lines == 5


def test_a_pbn_bye_row_naming_two_pairs_is_refused():
    text = RUTER.read_text()
    board_2 = RUTER_BOARD_2.replace(
        " 3  2 3NT   S  9 H4    600     -  3.0  1.0  75  25\n",
        " 3  2 BYE   - -  -      -     -    -    -   -   -\n",
    )
    with pytest.raises(FileRefused) as refused:
        import_pbn(data=text.replace(RUTER_BOARD_2, board_2).encode())
    assert [problem.message for problem in refused.value.problems] == [
        "Board 2: a BYE row names the one pair sitting out, in PairId_NS or PairId_EW."
    ]
    assert not SitOut.objects.exists()
