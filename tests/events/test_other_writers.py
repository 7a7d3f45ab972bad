"""Classes of files other writers send, beyond the samples in ../shared/real-files: USEBIO 1.1 as Jeff Smith's Scorer
(New Zealand) is converted to it (Version 1.1, a PUBLIC document type line, pair numbers ``1 NS``, masterpoints
inside MASTER_POINTS, the percentage written as TOTAL_SCORE too), and PBN as scorers in other languages and
programs write it (no trumps as SA/BA/UT, ``[Event "?"]``, a byte order mark, CRLF, ISO 8859-1, doubled contracts in
lower case, passed-out boards without a declarer, only the East-West score given, tabs between the columns)."""

from decimal import Decimal
from pathlib import Path

import pytest

from club.csv_files import FileRefused
from events.files.services.pbn_import import import_pbn
from events.files.services.usebio_import import import_usebio
from events.models import Pair, Session, TravellerLine
from tests.builders.across_field import usebio_file

pytestmark = pytest.mark.django_db
RUTER = (Path(__file__).parent / "data" / "pbn" / "ruter_mitchell.pbn").read_text()

# Two tables, two boards. Board 1 (nobody vulnerable): 1 NS v 1 EW 4S= 420, 2 NS v 2 EW 4S-1 -50: on the EBU scale
# (top 2) NS 2 and 0. Board 2 (NS vulnerable): 1 NS v 2 EW 3NT= 600 (2), 2 NS v 1 EW 3NT-1 -100 (0).
# Percentages: 1 NS 4 of 4 = 100; 2 NS 0; 1 EW 0 + 2 = 50; 2 EW 2 + 0 = 50. Scorer writes them as TOTAL_SCORE too.
SCORER = """<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE USEBIO PUBLIC "-//EBU//DTD USEBIO 1.1//EN" "http://www.usebio.org/files/usebio_v1_1.dtd">
<USEBIO Version="1.1">
<CLUB><CLUB_NAME>Waikanae Bridge Club</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>Scorer</PROGRAM_NAME><EVENT_DESCRIPTION>Tuesday Pairs</EVENT_DESCRIPTION>
<DATE>07/01/2014</DATE><WINNER_TYPE>2</WINNER_TYPE><BOARDS_PLAYED>2</BOARDS_PLAYED>
<PARTICIPANTS>{pairs}</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{board1}</BOARD>
<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>{board2}</BOARD>
</EVENT></USEBIO>"""
PAIRS = [("1 NS", "NS", "100.00", "6"), ("2 NS", "NS", "0.00", "0"), ("1 EW", "EW", "50.00", "3"),
         ("2 EW", "EW", "50.00", "3")]  # fmt: skip


def scorer_file(percentages=None) -> bytes:
    pairs = ""
    for index, (number, direction, percentage, points) in enumerate(PAIRS):
        percentage = (percentages or {}).get(number, percentage)
        awarded = (
            f"<MASTER_POINTS><MASTER_POINTS_AWARDED>{points}</MASTER_POINTS_AWARDED>"
            "<MASTER_POINT_TYPE>a</MASTER_POINT_TYPE></MASTER_POINTS>"
            if points != "0"
            else ""
        )
        pairs += (
            f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION><BOARDS_PLAYED>2"
            f"</BOARDS_PLAYED><PLAYER><PLAYER_NAME>Søren {index}</PLAYER_NAME><NATIONAL_ID_NUMBER>{900 + index}"
            f"</NATIONAL_ID_NUMBER></PLAYER><PLAYER><PLAYER_NAME>Ngaio {index}</PLAYER_NAME></PLAYER>"
            f"<PLACE>{index + 1}</PLACE><TOTAL_SCORE>{percentage}</TOTAL_SCORE><PERCENTAGE>{percentage}</PERCENTAGE>"
            f"{awarded}</PAIR>"
        )

    def line(ns, ew, contract, tricks, score, ns_mp, ew_mp):
        return (
            f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
            f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
            f"<NS_MATCH_POINTS>{ns_mp}</NS_MATCH_POINTS><EW_MATCH_POINTS>{ew_mp}</EW_MATCH_POINTS></TRAVELLER_LINE>"
        )

    board1 = line("1 NS", "1 EW", "4S", 10, 420, 2, 0) + line("2 NS", "2 EW", "4S", 9, -50, 0, 2)
    board2 = line("1 NS", "2 EW", "3NT", 9, 600, 2, 0) + line("2 NS", "1 EW", "3NT", 8, -100, 0, 2)
    return SCORER.format(pairs=pairs, board1=board1, board2=board2).encode("latin-1")


def test_a_scorer_usebio_1_1_file_imports_and_agrees():
    result = import_usebio(data=scorer_file())
    assert result.lines == 4 and result.compared == 4 and result.differences == []
    # the percentages compared (TOTAL_SCORE is the percentage again: no matchpoint total to compare)
    assert result.pairs_compared == 4 and result.pair_differences == []
    pair = Pair.objects.get(section__session=result.session, number=1, direction="NS")
    assert (pair.masterpoints, pair.masterpoint_type) == (Decimal(6), "a")
    assert pair.player1_guest == "Søren 0"  # ISO 8859-1, as the declaration says


def test_a_scorer_file_s_percentage_that_differs_is_named():
    result = import_usebio(data=scorer_file({"2 EW": "62.50"}))
    assert [(item.pair, item.what, item.file_figure) for item in result.pair_differences] == [
        ("2EW", "percentage", 62.5)
    ]


def test_a_usebio_version_the_site_does_not_read_is_refused_with_the_versions_it_reads():
    with pytest.raises(FileRefused) as refused:
        import_usebio(data=scorer_file().replace(b'Version="1.1"', b'Version="2.0"'))
    assert "versions 1.0 to 1.2" in str(refused.value.problems[0])
    assert not Session.objects.exists()


def ruter(*replacements: tuple[str, str]) -> str:
    text = RUTER
    for old, new in replacements:
        assert old in text
        text = text.replace(old, new)
    return text


LINE_1 = " 1  3 3NT   S  9 S4"  # board 2, 1 NS v 3 EW
LINE_2 = " 2  2 4S    N  9 HK      -    50"  # board 1, 2 NS v 2 EW, 4S down one


@pytest.mark.parametrize("word", ["3SA", "3BA", "3UT", "3sa"])
def test_no_trumps_in_the_scorer_s_language(word):
    result = import_pbn(data=ruter((LINE_1, f" 1  3 {word:<5} S  9 S4")).encode())
    assert result.differences == []
    line = TravellerLine.objects.get(board__number=2, ns_pair__number=1)
    assert (line.contract, line.ns_score) == ("3NT", 600)


@pytest.mark.parametrize("event", ["?", "#", ""])
def test_an_unknown_event_name_is_not_the_session_s_name(event):
    result = import_pbn(data=ruter(('[Event "Thursday pairs"]', f'[Event "{event}"]')).encode())
    assert result.session.name == "Imported session" and result.differences == []


@pytest.mark.parametrize(
    "label, data",
    [
        ("byte order mark", ("\ufeff" + RUTER).encode("utf-8")),
        ("CRLF", RUTER.replace("\n", "\r\n").encode()),
        ("ISO 8859-1, undeclared", ruter(("Ana Garcia", "Åsa Öberg")).encode("latin-1")),
        ("UTF-8 names", ruter(("Ana Garcia", "Åsa Öberg")).encode("utf-8")),
        ("doubled, lower case", ruter((LINE_2, " 2  2 4Sx   N  9 HK      -   100")).encode()),
        ("redoubled, lower case, declarer too", ruter((LINE_2, " 2  2 4sxx  n  9 HK      -   200")).encode()),
        ("result as a change from the contract", ruter((LINE_2, " 2  2 4S    N -1 HK      -    50")).encode()),
        ("the score signed with +", ruter((" 1  1 4S    N 10 HK    420", " 1  1 4S    N 10 HK   +420")).encode()),
        ("tabs between the columns", ruter((" 1  1 4S    N 10 HK", "\t1\t1\t4S\tN\t10\tHK")).encode()),
        ("no Site tag", ruter(('[Site "Club"]\n', "")).encode()),
    ],
)
def test_pbn_as_other_writers_write_it_imports_and_agrees(label, data):
    result = import_pbn(data=data)
    assert result.lines == 6 and result.compared == 6 and result.differences == [], label
    assert result.pair_differences == [], label


def test_a_passed_out_board_without_a_declarer():
    # board 1: 2 NS v 2 EW passed it out (no declarer, no tricks, 0): 420 and 110 beat it, EW 4 on it
    data = ruter((LINE_2 + "  0.0  4.0", ' 2  2 Pass  "" -  -       0     0  0.0  4.0')).encode()
    result = import_pbn(data=data)
    line = TravellerLine.objects.get(board__number=1, ns_pair__number=2)
    assert (line.contract, line.declarer, line.ns_score) == ("PASS", "", 0)
    assert result.differences == []


def pairs_event(data: bytes, *methods: tuple[str, str]) -> bytes:
    """A file laid out as other USEBIO 1.2 writers lay it out: EVENT_TYPE "PAIRS" with its scoring methods as
    elements, the sections in a SESSION (one SECTION A made where the file had none)."""
    text = data.decode("latin-1").replace('Version="1.1"', 'Version="1.2"')
    for kind in ("MP_PAIRS", "CROSS_IMP"):
        text = text.replace(f'EVENT_TYPE="{kind}">', 'EVENT_TYPE="PAIRS">')
    stated = "".join(f"<{tag}>{value}</{tag}>" for tag, value in methods)
    start = text.index("<PARTICIPANTS>") if "<SECTION" not in text else text.index("<SECTION")
    end = text.index("</EVENT>")
    body = text[start:end] if "<SECTION" in text else f'<SECTION SECTION_ID="A">{text[start:end]}</SECTION>'
    return (text[:start] + stated + f"<SESSION>{body}</SESSION>" + text[end:]).encode("latin-1")


def test_a_pairs_event_with_its_board_scoring_method_and_a_session_imports_and_agrees():
    data = pairs_event(scorer_file(), ("BOARD_SCORING_METHOD", "MATCH_POINTS"))
    result = import_usebio(data=data)
    assert result.session.scoring == "matchpoints" and result.compared == 4 and result.differences == []
    assert result.pairs_compared == 4 and result.pair_differences == []


def test_a_pairs_event_scored_by_cross_imps_with_three_sections_in_a_session():
    data = pairs_event(usebio_file("CROSS_IMP"), ("BOARD_SCORING_METHOD", "IMPS"),
                       ("PAIRWISE_SCORING_METHOD", "CROSS_IMPS"))  # fmt: skip
    result = import_usebio(data=data)
    assert result.session.scoring == "cross-imps" and result.lines == 17
    assert sorted(result.session.sections.values_list("letter", flat=True)) == ["A", "B", "C"]


def test_a_pairs_event_with_a_method_the_site_does_not_read_is_refused():
    with pytest.raises(FileRefused) as refused:
        import_usebio(data=pairs_event(scorer_file(), ("BOARD_SCORING_METHOD", "AGGREGATE")))
    assert "PAIRS" in str(refused.value.problems[0])


def test_names_in_windows_1252_without_a_declared_encoding_are_read():
    # Windows scorers write <?xml version="1.0"?> (UTF-8 by XML's rule) and their names in Windows-1252
    name = "Ngaio \u2013 Müller".encode("cp1252")  # the dash is byte 0x96, which is no character in ISO 8859-1
    data = scorer_file().replace(b' encoding="ISO-8859-1"', b"").replace(b"Ngaio 1", name)
    result = import_usebio(data=data)
    assert result.differences == [] and result.pair_differences == []
    pair = Pair.objects.get(section__session=result.session, number=2, direction="NS")
    assert (pair.player1_guest, pair.player2_guest) == ("Søren 1", "Ngaio – Müller")


def test_an_entity_in_a_windows_1252_file_is_still_refused():
    data = scorer_file().replace(b' encoding="ISO-8859-1"', b"")
    data = data.replace(b"<!DOCTYPE USEBIO PUBLIC", b'<!DOCTYPE USEBIO [<!ENTITY x "y">]><!-- ').replace(
        b'usebio_v1_1.dtd">', b"usebio_v1_1.dtd -->", 1
    )
    with pytest.raises(FileRefused) as refused:
        import_usebio(data=data.replace(b"Tuesday Pairs", b"Tuesday &x;"))
    assert str(refused.value.problems[0]) == "The file declares entities or a DTD, which are refused."
    assert not Session.objects.exists()


def test_pbn_names_in_windows_1252_undeclared():
    data = ruter(("Ana Garcia - Bea Lopez", "Ana Garcia \u2013 Bea \u201cBee\u201d Lopez")).encode("cp1252")
    result = import_pbn(data=data)
    assert result.differences == [] and result.pair_differences == []
    pair = Pair.objects.get(section__session=result.session, number=1, direction="NS")
    assert (pair.player1_guest, pair.player2_guest) == ("Ana Garcia", "Bea \u201cBee\u201d Lopez")  # an en dash between
