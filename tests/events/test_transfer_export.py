"""Exporting a session's traveller lines: the USEBIO columns plus each side's matchpoints or IMPs."""

import csv
import datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from events.files.services.transfer import COLUMNS, export_csv, export_rows, import_travellers
from events.models import Board, Pair, Section, TravellerLine
from tests.builders.sessions import HOWELL, MITCHELL


def imported(path=HOWELL, scoring_method="matchpoints", text=None):
    return import_travellers(
        text=path.read_text() if text is None else text,
        name="Tuesday pairs",
        date=datetime.date(2025, 3, 4),
        scoring_method=scoring_method,
    ).session


def export_command(session_id) -> list[list[str]]:
    out = StringIO()
    call_command("export_travellers", str(session_id), stdout=out)
    return list(csv.reader(StringIO(out.getvalue())))


def board_rows(rows, board):
    return [row for row in rows[1:] if row[0] == str(board)]


@pytest.mark.django_db
@pytest.mark.parametrize("path", [HOWELL, MITCHELL])
def test_round_trip_gives_back_the_file_columns(path):
    session = imported(path)
    rows = export_command(session.pk)
    source = list(csv.reader(StringIO(path.read_text())))
    assert rows[0] == list(COLUMNS) + ["NS_MATCH_POINTS", "EW_MATCH_POINTS"]
    assert [row[:8] for row in rows[1:]] == source[1:]  # same lines, same order, same cells


@pytest.mark.django_db
def test_exported_matchpoints_agree_with_hand_computed_values():
    rows = export_command(imported().pk)
    # Board 1 played 3 times on the 2-per-beat scale (top 4): 420 beats -50 → 2 and 2;
    # 450 beats 420 and -50 → NS 4, EW 0; -50 beats none → NS 0, EW 4.
    assert [row[7:] for row in board_rows(rows, 1)] == [
        ["420", "2.00", "2.00"],
        ["450", "4.00", "0.00"],
        ["-50", "0.00", "4.00"],
    ]
    # Board 4: A6040 is 60 % / 40 % of top 4; 1440 and -100 are factored by Neuberg (3 expected, 2 played).
    assert [row[3:] for row in board_rows(rows, 4)] == [
        ["6NT", "N", "", "12", "1440", "3.50", "0.50"],
        ["", "", "", "", "A6040", "2.40", "1.60"],
        ["6NT", "N", "", "11", "-100", "0.50", "3.50"],
    ]
    assert board_rows(rows, 3)[1][3:] == ["PASS", "", "", "", "0", "2.00", "2.00"]  # between -110 and 200


@pytest.mark.django_db
def test_butler_export_has_imp_columns():
    rows = export_command(imported(scoring_method="butler").pk)
    assert rows[0][-2:] == ["NS_IMPS", "EW_IMPS"]
    # Board 1: 3 results, none discarded: datum = (420 + 450 - 50) / 3 = 273.3 → 270.
    # 420 - 270 = +150 → 4 IMPs; 450 - 270 = +180 → 5 IMPs; -50 - 270 = -320 → -8 IMPs.
    assert [row[-2:] for row in board_rows(rows, 1)] == [["4.00", "-4.00"], ["5.00", "-5.00"], ["-8.00", "8.00"]]
    assert board_rows(rows, 4)[1][-3:] == ["A6040", "3.00", "-3.00"]  # an A6040 is worth 3 IMPs to NS


@pytest.mark.django_db
def test_cross_imp_export_has_averaged_imps():
    rows = export_command(imported(scoring_method="cross-imps").pk)
    assert rows[0][-2:] == ["NS_IMPS", "EW_IMPS"]
    # Board 1, each result against the two others, averaged over 2 comparisons:
    # 420: -30 v 450 → -1, +470 v -50 → +10: 9 / 2 = 4.5;  450: +30 → +1, +500 → +11: 12 / 2 = 6;
    # -50: -470 → -10, -500 → -11: -21 / 2 = -10.5.
    assert [row[-2:] for row in board_rows(rows, 1)] == [["4.50", "-4.50"], ["6.00", "-6.00"], ["-10.50", "10.50"]]


@pytest.mark.django_db
def test_an_export_can_be_imported_again_with_the_same_points():
    first = imported()
    text = export_csv(first)
    second = imported(text=text)
    assert export_csv(second) == text


@pytest.mark.django_db
def test_a_line_not_played_is_exported_as_np():
    session = imported(
        text="BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,LEAD,TRICKS,SCORE\n"
        "1,1,2,4S,N,,10,420\n1,3,4,NP,,,,\n"
    )
    assert export_rows(session)[2] == ["1", "3", "4", "NP", "", "", "", "", "", ""]


@pytest.mark.django_db
def test_a_session_with_two_sections_gets_a_section_column():
    session = imported()
    section = Section.objects.create(session=session, letter="B", kind=Section.Kind.NONE, tables=1)
    ns, ew = Pair.objects.create(section=section, number=1), Pair.objects.create(section=section, number=2)
    board = Board.objects.create(section=section, number=1)
    TravellerLine.objects.create(board=board, ns_pair=ns, ew_pair=ew, contract="PASS", ns_score=0)
    rows = export_rows(session)
    assert rows[0][:2] == ["SECTION", "BOARD_NUMBER"]
    assert [row[:2] for row in rows[1:]].count(["A", "1"]) == 3
    assert rows[-1][:5] == ["B", "1", "1", "2", "PASS"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "text",
    [None, "BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,LEAD,TRICKS,SCORE\n1,1,2,4S,N,,10,420\n"],
)
def test_the_export_uses_a_constant_number_of_queries(django_assert_max_num_queries, text):
    session = imported(text=text)
    with django_assert_max_num_queries(3):  # the number of sections, the lines with their pairs and boards, sit-outs
        export_rows(session)
    with django_assert_max_num_queries(4):  # and the session itself
        export_command(session.pk)


@pytest.mark.django_db
def test_the_command_refuses_an_unknown_session():
    with pytest.raises(CommandError, match="There is no session 999"):
        export_command(999)


@pytest.mark.django_db
def test_a_mitchell_entered_through_the_movement_exports_and_imports_again_with_the_same_points(make_session, enter):
    from events.plans import section_plan

    session, section = make_session(kind="mitchell", tables=3, boards_per_round=1)
    plan = section_plan(section)
    for board in plan.played_boards:
        for tricks, slot in enumerate(plan.board_plays(board), start=8):
            enter(section, board, slot.ns, "3NT", "N", str(tricks))
    text = export_csv(session)
    rows = list(csv.reader(StringIO(text)))
    assert len(rows) == 1 + len(plan.schedule)
    assert {row[1][-2:] for row in rows[1:]} == {"NS"} and {row[2][-2:] for row in rows[1:]} == {"EW"}
    again = imported(text=text)
    assert export_csv(again) == text
