"""Importing USEBIO 1.2 XML files as the scorers write them: a new session scored by the site and compared with
the figures the file prints, or nothing at all."""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from club.csv_files import FileRefused
from club.models import Member
from events.files.services.usebio_import import import_usebio, summary
from events.models import Board, Pair, Section, Session, TravellerLine

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data" / "usebio"


def nothing_written():
    return not any(model.objects.exists() for model in (Session, Section, Pair, Board, TravellerLine))


def refused(data: bytes) -> str:
    with pytest.raises(FileRefused) as caught:
        import_usebio(data=data)
    assert nothing_written()
    return "\n".join(str(problem) for problem in caught.value.problems)


def test_a_two_section_mitchell_is_imported_and_agrees_with_the_file():
    Member.objects.create(first_name="Ana", last_name="Garcia", number="1001")
    Member.objects.create(first_name="Carl", last_name="Smith", number="2002")
    result = import_usebio(data=(DATA / "mitchell_two_sections.xml").read_bytes())
    session = result.session
    assert (session.name, str(session.date), session.scoring, session.scale) == (
        "Monday pairs",
        "2026-11-30",
        "matchpoints",
        "ebu",
    )
    assert list(session.sections.values_list("letter", flat=True)) == ["A", "B"]
    assert result.lines == 8 and result.compared == 8 and result.differences == []
    ana = Pair.objects.get(section__letter="A", number=1, direction="NS")
    assert ana.player1.number == "1001" and ana.player2_guest == "Bea Lopez"  # 1002 is no member: a guest
    carl = Pair.objects.get(section__letter="A", number=2, direction="NS")
    assert carl.player1.last_name == "Smith" and carl.player2_guest == "Dora Visitor"  # matched by name
    hows = {(match.name, match.how) for match in result.players}
    assert {("Ana Garcia", "number"), ("Carl Smith", "name"), ("Dora Visitor", "guest")} <= hows
    adjusted = TravellerLine.objects.get(board__section__letter="B", adjusted="A6040")
    assert (adjusted.ns_points, adjusted.ew_points) == pytest.approx((1.2, 0.8))
    assert Pair.objects.get(section__letter="A", number=2, direction="NS").score == 2  # standings stored


def test_a_howell_butler_file_with_an_artificial_score():
    result = import_usebio(data=(DATA / "howell_butler.xml").read_bytes())
    assert result.session.scoring == "butler" and result.differences == [] and result.compared == 6
    assert set(Pair.objects.values_list("direction", flat=True)) == {""}
    line = TravellerLine.objects.get(adjusted="A6040")
    assert (line.ns_points, line.ew_points) == (3, -3)


def test_the_comparison_names_boards_scored_with_other_conventions():
    data = (DATA / "compscore_short_board.xml").read_bytes()
    result = import_usebio(data=data)
    # Board 2 was played twice: Compscore scores it on its own top of 2 (600 -> 2, -100 -> 0); the site's
    # default factors it to the three results of board 1: (2 + 1) x 3 / 2 - 1 = 3.5 and (0 + 1) x 3 / 2 - 1 = 0.5.
    found = sorted((item.board, item.file_points, item.site_points) for item in result.differences)
    assert found == [(2, 0, 0.5), (2, 2, 3.5)]
    assert all("played fewer times" in item.reason for item in result.differences)
    text = summary(result)
    assert text[0] == "5 lines imported; 5 figures compared with the file, 2 differ."
    assert "Section A, board 2, 1 v 4: the file 2, the site 3.5" in text[1] + text[2]
    # With the Compscore preset the site reproduces the file.
    assert import_usebio(data=data, preset="compscore").differences == []


def test_an_average_the_file_does_not_mark_is_named():
    text = (DATA / "compscore_short_board.xml").read_text()
    text = text.replace(
        "<SCORE>110</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS>",
        "<SCORE>110</SCORE><NS_MATCH_POINTS>3</NS_MATCH_POINTS>",
    ).replace(
        "<EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>\n    </BOARD>",
        "<EW_MATCH_POINTS>3</EW_MATCH_POINTS></TRAVELLER_LINE>\n    </BOARD>",
        1,
    )
    result = import_usebio(data=text.encode(), preset="compscore")
    assert [item.reason for item in result.differences if item.board == 1] == [
        "the file gives an average on a played result: an adjusted score the file does not mark"
    ]


@pytest.mark.parametrize(
    "replace, message",
    [
        (('EVENT_TYPE="MP_PAIRS"', 'EVENT_TYPE="MP_SNAKES"'), "Unknown EVENT_TYPE “MP_SNAKES”"),
        (('EVENT_TYPE="MP_PAIRS"', 'EVENT_TYPE="SWISS_TEAMS"'), "SWISS_TEAMS is a teams event"),
        (("<DATE>25/11/2026</DATE>", "<DATE>yesterday</DATE>"), "DATE “yesterday” is not a date"),
        (("<DATE>25/11/2026</DATE>", ""), "no DATE"),
        (("<SCORE>600</SCORE>", "<SCORE>610</SCORE>"), "SCORE 610 does not agree with 3NT by S"),
        (("<CONTRACT>2S</CONTRACT>", "<CONTRACT>8S</CONTRACT>"), "level must be 1 to 7"),
        (("<NS_PAIR_NUMBER>5</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>five</NS_PAIR_NUMBER>"), "NS_PAIR_NUMBER “five”"),
        (("<NS_MATCH_POINTS>4</NS_MATCH_POINTS>", "<NS_MATCH_POINTS>lots</NS_MATCH_POINTS>"), "“lots”"),
        (('Version="1.2"', 'Version="0.9"'), "version 0.9 is not read"),
        (("</EVENT>", ""), "not readable XML"),
    ],
)
def test_a_bad_file_is_refused_whole(replace, message):
    text = (DATA / "compscore_short_board.xml").read_text().replace(*replace)
    assert message in refused(text.encode())


def test_files_that_are_not_usebio_are_refused():
    assert "not a USEBIO file" in refused(b"<?xml version='1.0'?><PBN><Deal/></PBN>")
    assert "not readable XML" in refused(b"BOARD_NUMBER,NS_PAIR_NUMBER\n1,2\n")
    assert "no <EVENT>" in refused(b"<USEBIO Version='1.2'></USEBIO>")
    assert "no traveller lines" in refused(b"<USEBIO Version='1.2'><EVENT EVENT_TYPE='MP_PAIRS'/></USEBIO>")


def test_entity_expansion_is_refused():
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
        b"<USEBIO Version='1.2'><EVENT EVENT_TYPE='MP_PAIRS'><EVENT_DESCRIPTION>&lol2;</EVENT_DESCRIPTION>"
        b"</EVENT></USEBIO>"
    )
    assert "entities or a DTD" in refused(bomb)


def test_a_file_too_big_is_refused():
    assert "larger than" in refused(b" " * 5_000_001)


def test_the_command_prints_the_comparison_and_the_id_last(tmp_path):
    out = StringIO()
    call_command("import_usebio", str(DATA / "compscore_short_board.xml"), stdout=out)
    lines = out.getvalue().strip().splitlines()
    assert lines[0].startswith("5 lines imported") and "2 differ" in lines[0]
    assert lines[-1] == str(Session.objects.get().pk)
    broken = tmp_path / "broken.xml"
    broken.write_text("<USEBIO Version='1.2'><EVENT EVENT_TYPE='TEAMS'>")
    with pytest.raises(CommandError):
        call_command("import_usebio", str(broken), stdout=StringIO(), stderr=StringIO())
    with pytest.raises(CommandError):
        call_command("import_usebio", str(tmp_path / "missing.xml"), stdout=StringIO(), stderr=StringIO())
    assert Session.objects.count() == 1


def test_a_section_without_traveller_lines_is_refused_with_its_letter():
    # A file whose section B has pairs but no boards: refused whole (it was an IndexError, a 500 on the upload).
    lines = (DATA / "mitchell_two_sections.xml").read_text().splitlines(keepends=True)
    text = "".join(lines[:40] + lines[48:])  # section B keeps its participants, loses its two boards
    assert "Section B has no traveller lines." in refused(text.encode())


def test_the_lines_history_names_who_imported_them(director_user):
    result = import_usebio(data=(DATA / "howell_butler.xml").read_bytes(), user=director_user)
    records = TravellerLine.history.filter(board__section__session=result.session)
    assert records.exists() and set(records.values_list("history_user", flat=True)) == {director_user.pk}
