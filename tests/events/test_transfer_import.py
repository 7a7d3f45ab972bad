"""Importing a CSV file of traveller lines: a whole new session, or nothing at all with every problem listed."""

import datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from club.csv_files import FileRefused
from events.files.services.transfer import import_travellers, parse_travellers
from events.models import Board, Pair, Seating, Section, Session, TravellerLine
from tests.builders.sessions import HOWELL, MITCHELL

HEADER = "BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,LEAD,TRICKS,SCORE\n"
DATE = datetime.date(2025, 3, 4)


def run_import(text, **fields):
    fields = {"name": "Tuesday pairs", "date": DATE, "scoring_method": "matchpoints", **fields}
    return import_travellers(text=text, **fields)


def points(session, board):
    """(NS score or adjusted code, NS points, EW points) of every line of a board, in file order."""
    lines = TravellerLine.objects.filter(board__section__session=session, board__number=board).order_by("pk")
    return [(line.adjusted or line.ns_score, line.ns_points, line.ew_points) for line in lines]


def nothing_written():
    return not any(model.objects.exists() for model in (Session, Section, Pair, Board, TravellerLine, Seating))


def refused(text, **fields):
    with pytest.raises(FileRefused) as caught:
        run_import(text, **fields)
    assert nothing_written()
    return [(problem.line, problem.message) for problem in caught.value.problems]


# --- a good file ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_howell_file_becomes_a_session_with_one_free_entry_section():
    imported = run_import(HOWELL.read_text())
    session = imported.session
    assert (session.name, session.date, session.scoring, session.scale) == ("Tuesday pairs", DATE, "matchpoints", "ebu")
    assert session.status == Session.Status.IN_PROGRESS
    section = session.sections.get()
    assert (section.letter, section.kind, section.tables) == ("A", Section.Kind.NONE, 3)  # 6 pairs / 2
    assert [pair.label for pair in section.pairs.order_by("number")] == ["1", "2", "3", "4", "5", "6"]
    assert list(section.boards.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    assert (imported.lines, imported.boards, imported.pairs) == (18, 6, 6)
    assert Seating.objects.count() == 36  # two per line: the database guard against a pair twice on a board
    first = TravellerLine.objects.order_by("pk").first()
    assert (first.contract, first.declarer, first.tricks, first.lead, first.ns_score) == ("4S", "N", 10, "HK", 420)
    assert (first.ns_pair.label, first.ew_pair.label, first.round, first.table) == ("1", "2", None, None)
    passed = TravellerLine.objects.get(board__number=3, ns_pair__number=2)
    assert (passed.contract, passed.declarer, passed.tricks, passed.ns_score) == ("PASS", "", None, 0)
    adjusted = TravellerLine.objects.get(board__number=4, ns_pair__number=2)
    assert (adjusted.contract, adjusted.adjusted, adjusted.ns_score) == ("", "A6040", None)


@pytest.mark.django_db
def test_matchpoints_of_board_1_on_the_ebu_scale():
    session = run_import(HOWELL.read_text()).session
    # Board 1 was played 3 times (420, 450, -50): top 2 x (3 - 1) = 4, 2 per score beaten.
    # 420 beats -50 only: NS 2, EW 2; 450 beats both: NS 4, EW 0; -50 beats none: NS 0, EW 4.
    assert points(session, 1) == [(420, 2, 2), (450, 4, 0), (-50, 0, 4)]
    # Board 2 (600, 630, 600): 630 beats both: 4; each 600 ties the other: 1 (EW: beats 630 and ties: 3).
    assert points(session, 2) == [(600, 1, 3), (630, 4, 0), (600, 1, 3)]


@pytest.mark.django_db
def test_an_adjusted_score_takes_its_percentage_and_the_played_results_are_factored_up():
    session = run_import(HOWELL.read_text()).session
    # Board 4: 1440, A6040, -100, scored against 3 expected results (top 4).
    # A6040: 60 % and 40 % of 4 = 2.4 and 1.6.  The two played results (1440 beats -100, 2 mps on a
    # top of 2) are factored by Neuberg: ((M + 1) x 3 / 2) - 1, so 1440: (2+1)x1.5-1 = 3.5, -100: 0.5.
    assert points(session, 4) == [(1440, 3.5, 0.5), ("A6040", pytest.approx(2.4), pytest.approx(1.6)), (-100, 0.5, 3.5)]


@pytest.mark.django_db
def test_a_mitchell_file_has_a_pair_3_in_each_direction():
    text = MITCHELL.read_text()
    assert text.startswith("Board_Number,NS_Pair_Number")  # the header's case does not matter
    session = run_import(text).session
    section = session.sections.get()
    assert section.tables == 3  # its NS pairs
    labels = sorted(section.pairs.values_list("number", "direction"))
    assert labels == [(1, "EW"), (1, "NS"), (2, "EW"), (2, "NS"), (3, "EW"), (3, "NS")]
    line = TravellerLine.objects.select_related("ns_pair", "ew_pair").get(board__number=1, ns_pair__number=3)
    assert (line.ns_pair.direction, line.ew_pair.label) == ("NS", "2EW")
    assert TravellerLine.objects.filter(board__section=section).count() == 18


@pytest.mark.django_db
def test_results_may_be_written_as_the_director_types_them_and_scores_may_be_left_out():
    text = (
        HEADER + "1,1,2,4s,n,hk,=,\n"  # "=": made exactly; the score is computed: 420
        "1,3,4,A6040,,,,\n"  # an adjusted score in the CONTRACT column
        "1,5,6,NP,,,,\n"  # not played
        "2,1,2,,,,,A+\n"  # adjusted in SCORE: A+ is A6040
        "2,3,4,3NT,S,,-1,-100\n"
    )  # board 2 is NS vulnerable: one down is -100
    run_import(text)
    lines = list(TravellerLine.objects.order_by("pk"))
    assert [(line.contract, line.declarer, line.tricks, line.lead, line.ns_score) for line in lines[:1]] == [
        ("4S", "N", 10, "HK", 420)
    ]
    assert (lines[1].adjusted, lines[2].not_played, lines[3].adjusted) == ("A6040", True, "A6040")
    assert (lines[4].tricks, lines[4].ns_score) == (8, -100)
    assert (lines[2].ns_points, lines[2].ew_points) == (None, None)  # not played: not scored


def test_a_byte_order_mark_semicolons_spaces_and_extra_columns_are_accepted():
    text = (
        "\ufeffBoard Number;NS_PAIR_NUMBER;EW_PAIR_NUMBER;CONTRACT;PLAYED_BY;TRICKS;SCORE;NS_MATCH_POINTS\n"
        "1; 1 ; 2;4S;N;10;420;2.00\n\n"
    )  # no LEAD column; a blank line at the end
    rows, problems = parse_travellers(text)
    assert problems == []
    assert [(row.line, row.board, row.ns, row.ew, row.result.ns_score, row.lead) for row in rows] == [
        (2, 1, (1, ""), (2, ""), 420, "")
    ]


# --- a bad file ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_bad_file_is_refused_whole_with_every_problem_and_its_line_number():
    text = (
        HEADER
        + "1,1,2,4S,N,HK,10,420\n"  # line 2: good
        + "1,3,4,8S,N,,10,\n"  # line 3: bad contract
        + "1,5,6,4S,N,,10,450\n"  # line 4: 4S making 10 tricks on board 1 scores 420, not 450
        + "0,1,2,4S,N,,10,420\n"  # line 5: no board 0
        + "2,1,2,3NT,S,,9,600\n"  # line 6: good
        + "2,1,3,3NT,S,,9,600\n"  # line 7: pair 1 already plays board 2 (line 6)
        + "3,4,4,1NT,N,,7,90\n"  # line 8: NS and EW the same pair
        + "3,5,6,1NT,X,,14,\n"  # line 9: declarer X and 14 tricks
        + "3,6,1,1NT,N,,7,100\n"
    )  # line 10: 1NT= scores 90; and pair 6 already plays board 3 (line 9)
    problems = refused(text)
    assert [line for line, _message in problems] == [3, 4, 5, 7, 8, 9, 9, 10, 10]
    messages = dict(problems[:5])
    assert "CONTRACT: 8S: a contract level must be 1 to 7" in messages[3]
    assert messages[4] == (
        "SCORE 450 does not agree with 4S by N taking 10 tricks on board 1, which scores 420 for NS."
    )
    assert messages[5].startswith("BOARD_NUMBER: “0” is not a board number")
    assert messages[7] == "pair 1 already plays board 2 on line 6."
    assert messages[8] == "NS and EW are the same pair (4)."
    assert problems[5][1].startswith("PLAYED_BY:") and problems[6][1].startswith("TRICKS:")
    assert problems[7][1].startswith("SCORE 100 does not agree with 1NT by N taking 7 tricks on board 3")
    assert problems[8][1] == "pair 6 already plays board 3 on line 9."


@pytest.mark.django_db
def test_problems_read_with_their_line_number():
    with pytest.raises(FileRefused) as caught:
        run_import(HEADER + "1,1,2,4S,N,,10,450\n")
    assert str(caught.value.problems[0]).startswith("Line 2: SCORE 450 does not agree")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", [(None, "The file is empty.")]),
        (HEADER, [(None, "The file has a header but no traveller lines.")]),
        (
            "1,1,2,4S,N,,10,420\n",
            [
                (
                    1,
                    "the first line must be the header naming the columns BOARD_NUMBER, "
                    "NS_PAIR_NUMBER, EW_PAIR_NUMBER, CONTRACT, PLAYED_BY, LEAD, TRICKS, SCORE; "
                    "missing: BOARD_NUMBER, NS_PAIR_NUMBER, EW_PAIR_NUMBER, CONTRACT, PLAYED_BY, "
                    "TRICKS, SCORE.",
                )
            ],
        ),
        (
            "BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,TRICKS\n1,1,2,4S,N,10\n",
            [
                (
                    1,
                    "the first line must be the header naming the columns BOARD_NUMBER, NS_PAIR_NUMBER, "
                    "EW_PAIR_NUMBER, CONTRACT, PLAYED_BY, LEAD, TRICKS, SCORE; missing: SCORE.",
                )
            ],
        ),
        (HEADER + "1,1,2,4S,N,,10,420,,oops\n", [(2, "10 values where the header names 8 columns.")]),
    ],
)
def test_a_file_without_lines_or_header_is_refused(text, expected):
    assert refused(text) == expected


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("3,1,2,PASS,,,,50", "SCORE 50 does not agree with a passed-out board on board 3, which scores 0 for NS."),
        ("3,1,2,,,,10,420", "CONTRACT: the score 420 with PLAYED_BY or TRICKS needs its contract too."),
        ("3,1,2,,,,,425", "SCORE: 425: no contract scores that on board 3"),
        (
            "3,1,2,,,,,",
            "CONTRACT: give a contract (or PASS), an adjusted score in SCORE such as A6040, or NP for a "
            "board not played.",
        ),
        ("3,1,2,A6040,,,,A5050", "SCORE A5050 does not agree with CONTRACT A6040."),
        (
            "3,1,2,4S,N,,10,lots",
            "SCORE: “lots” is neither an NS score (e.g. 620, -100) nor an adjusted score (e.g. A6040) nor NP.",
        ),
        ("3,1,2,4S,N,SKQJ,10,", "LEAD: “SKQJ” is not a card of at most 3 characters (write e.g. SA or H10)."),
        ("3,1x,2,4S,N,,10,", "NS_PAIR_NUMBER: “1x” is not a pair number such as 3 (Howell) or 3NS, 5EW (Mitchell)."),
        ("x,1,2,4S,N,,10,", "BOARD_NUMBER: “x” is not a board number (a whole number from 1 to 999)."),
    ],
)
def test_a_line_that_does_not_add_up_is_refused(line, message):
    assert refused(HEADER + line + "\n") == [(2, message)]


@pytest.mark.django_db
def test_howell_and_mitchell_pair_numbers_cannot_be_mixed():
    problems = refused(HEADER + "1,1NS,1EW,4S,N,,10,420\n1,2NS,2,4S,N,,10,420\n1,3NS,3EW,4S,N,,10,420\n")
    assert problems == [
        (
            3,
            "pair 2: pair numbers must all have a direction (3NS, 5EW: a Mitchell) or none "
            "(3: a Howell), like most of the file.",
        )
    ]


@pytest.mark.django_db
def test_the_session_fields_are_checked_with_the_file():
    problems = refused(HEADER + "1,1,1,4S,N,,10,420\n", name=" ", scoring_method="rubber", scale="half")
    assert [line for line, _message in problems] == [None, None, None, 2]
    assert problems[0][1] == "The session needs a name of 1 to 100 characters."


# --- queries ------------------------------------------------------------------------------------


def howell_file(tables: int) -> str:
    """Boards 1-6, each played at every table: pairs 1 v 2, 3 v 4 ... (NS makes 4S with 8 + table tricks)."""
    lines = [HEADER]
    for board in range(1, 7):
        for table in range(1, tables + 1):
            lines.append(f"{board},{2 * table - 1},{2 * table},4S,N,,{min(13, 6 + table)},\n")
    return "".join(lines)


@pytest.mark.django_db
@pytest.mark.parametrize("tables", [3, 7])
def test_the_import_does_not_query_per_line(django_assert_max_num_queries, tables):
    # A constant for the session, then two queries per board when scoring: the same bound for 3 or 7 tables.
    with django_assert_max_num_queries(20 + 2 * 6):
        imported = run_import(howell_file(tables))
    assert imported.lines == 6 * tables
    assert TravellerLine.objects.filter(ns_points__isnull=True).count() == 0


# --- the command --------------------------------------------------------------------------------


def command(*args, stdout=None, stderr=None):
    return call_command("import_travellers", *args, stdout=stdout or StringIO(), stderr=stderr or StringIO())


@pytest.mark.django_db
def test_the_command_prints_the_new_session_id_alone_on_its_last_line():
    out = StringIO()
    command(str(HOWELL), "--session", "Tuesday pairs", "--date", "2025-03-04", "--scoring", "matchpoints", stdout=out)
    session = Session.objects.get()
    assert out.getvalue().splitlines()[-1] == str(session.pk)
    assert (session.name, session.date, session.scoring, session.scale) == ("Tuesday pairs", DATE, "matchpoints", "ebu")
    assert session.director is None


@pytest.mark.django_db
def test_the_command_with_the_acbl_scale_gives_1_per_score_beaten():
    out = StringIO()
    command(
        str(HOWELL),
        "--session",
        "Club",
        "--date",
        "2025-03-04",
        "--scoring",
        "matchpoints",
        "--scale",
        "acbl",
        stdout=out,
    )
    session = Session.objects.get(pk=int(out.getvalue().splitlines()[-1]))
    assert session.scale == "acbl"
    # Board 1 (420, 450, -50) on a top of 3 - 1 = 2, 1 per score beaten: 420 → 1, 450 → 2, -50 → 0.
    assert points(session, 1) == [(420, 1, 1), (450, 2, 0), (-50, 0, 2)]


@pytest.mark.django_db
def test_the_command_refuses_a_bad_file_with_every_problem_and_a_non_zero_exit(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text(HEADER + "1,1,2,4S,N,,10,450\n1,3,4,9NT,N,,10,\n")
    err = StringIO()
    with pytest.raises(CommandError) as caught:
        command(str(bad), "--session", "Club", "--date", "2025-03-04", "--scoring", "butler", stderr=err)
    assert caught.value.returncode == 1
    assert str(caught.value) == "The file was not imported: 2 problems."
    assert err.getvalue().splitlines() == [
        "Line 2: SCORE 450 does not agree with 4S by N taking 10 tricks on board 1, which scores 420 for NS.",
        "Line 3: CONTRACT: 9NT: a contract level must be 1 to 7",
    ]
    assert nothing_written()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "args",
    [
        ["missing.csv", "--session", "Club", "--date", "2025-03-04", "--scoring", "matchpoints"],
        [str(HOWELL), "--session", "Club", "--date", "4/3/2025", "--scoring", "matchpoints"],
        [str(HOWELL), "--session", "Club", "--date", "2025-03-04", "--scoring", "rubber"],
        [str(HOWELL), "--date", "2025-03-04", "--scoring", "matchpoints"],
    ],
)
def test_the_command_refuses_bad_arguments(args):
    with pytest.raises(CommandError):
        command(*args)
    assert nothing_written()


@pytest.mark.django_db
def test_the_command_refuses_a_file_that_is_not_utf8(tmp_path):
    latin = tmp_path / "latin.csv"
    latin.write_bytes((HEADER + "1,1,2,4S,N,,10,420\n").encode() + b"\xe9\n")
    with pytest.raises(CommandError, match="is not UTF-8 text"):
        command(str(latin), "--session", "Club", "--date", "2025-03-04", "--scoring", "matchpoints")


def test_a_file_that_is_not_csv_text_is_refused():
    rows, problems = parse_travellers(HEADER + '1,1,2,4S,N,"' + "x" * 200_000 + '",10,420\n')
    assert rows == []
    assert [str(problem) for problem in problems] == [
        "Line 2: a cell is longer than 131072 characters: this is not a results file."
    ]
