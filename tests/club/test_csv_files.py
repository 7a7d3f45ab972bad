"""The one CSV writer: text that a spreadsheet would run as a formula is neutralised, numbers stay numbers."""

import csv
import io

import pytest

from club.csv_files import csv_response, csv_text, records, safe_cell, spreadsheet_place


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("=3", "'=3"),
        ("-", "'-"),
        ("-1-1", "'-1-1"),
        ("-420", "-420"),
        ("-3.50", "-3.50"),
        ("420", "420"),
        ("Ana García", "Ana García"),
        ("", ""),
        (-420, -420),
        (-3.5, -3.5),
        (7, 7),
        (None, None),
    ],
)
def test_safe_cell(cell, written):
    assert safe_cell(cell) == written


def test_csv_text_and_csv_response_neutralise_text_but_keep_numbers():
    rows = [["Name", "Score"], ["=1+1", -420], ["@x", "-50"], ["+y", 3.5]]
    expected = [["Name", "Score"], ["'=1+1", "-420"], ["'@x", "-50"], ["'+y", "3.5"]]
    assert list(csv.reader(io.StringIO(csv_text(rows)))) == expected
    response = csv_response(rows, "x.csv")
    assert list(csv.reader(io.StringIO(response.content.decode()))) == expected


def test_the_reader_reads_back_what_the_writer_writes():
    rows = [["BOARD", "SCORE", "NAME"], ["1", "-420", "=x"]]
    assert [cells for _line, cells in records(csv_text(rows))] == [["BOARD", "SCORE", "NAME"], ["1", "-420", "'=x"]]


def test_ties_are_written_as_the_ebu_does():
    assert [spreadsheet_place(place) for place in ("1", "=3", "12")] == ["1", "3=", "12"]
