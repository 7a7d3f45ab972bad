"""A match's board results as CSV: export, import, the round trip, and bad files refused whole."""

from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from club.csv_files import FileRefused
from teams.models import BoardResult, TeamEvent
from teams.services.transfer import import_match, match_csv

GOOD = """BOARD_NUMBER,ROOM,CONTRACT,PLAYED_BY,TRICKS,SCORE
1,1,4S,N,10,420
1,2,4S,N,-1,-50
2,open,3NT,E,=,-400
2,closed,PASS,,,
"""


@pytest.fixture
def match(make_event):
    event = make_event(teams=2, format=TeamEvent.Format.MATCH, boards_per_match=2)
    return event.matches.select_related("event", "home", "away").get()


def test_import_then_export_round_trip(match):
    assert import_match(match=match, text=GOOD) == 4
    match.refresh_from_db()
    # Board 1: 470 → 10 to home; board 2 (NS vul, EW not): -400 against a pass-out → 9 to away.
    assert (match.home_imps, match.away_imps, match.complete) == (10, 9, True)
    exported = match_csv(match)
    assert exported.splitlines() == [
        "BOARD_NUMBER,ROOM,CONTRACT,PLAYED_BY,TRICKS,SCORE,BOARD_HOME_IMPS,BOARD_AWAY_IMPS",
        "1,1,4S,N,10,420,10,0",
        "1,2,4S,N,9,-50,10,0",
        "2,1,3NT,E,9,-400,0,9",
        "2,2,PASS,,,0,0,9",
    ]
    BoardResult.objects.all().delete()
    assert import_match(match=match, text=exported) == 4
    assert match_csv(match) == exported


def test_import_replaces_the_previous_results(match):
    import_match(match=match, text=GOOD)
    import_match(match=match, text="BOARD_NUMBER,ROOM,CONTRACT,PLAYED_BY,TRICKS\n1,1,A+,,\n")
    assert list(BoardResult.objects.values_list("board", "room", "adjusted")) == [(1, 1, "A6040")]


def test_a_bad_file_is_refused_whole_with_line_numbers(match):
    import_match(match=match, text=GOOD)
    bad = (
        "board_number;room;contract;played_by;tricks;score\n"
        "1;1;4S;N;10;420\n"
        "\n"
        "1;3;4S;N;10;\n"  # line 4: no room 3
        "9;2;4S;N;10;\n"  # line 5: no board 9 in this match
        "2;1;4S;Q;10;\n"  # line 6: declarer
        "2;2;4S;N;10;999\n"  # line 7: the score does not agree
        "1;1;PASS;;;\n"
    )  # line 8: board 1 room 1 twice
    with pytest.raises(FileRefused) as refused:
        import_match(match=match, text=bad)
    lines = [(problem.line, problem.message.split(":")[0]) for problem in refused.value.problems]
    assert lines == [
        (4, "ROOM"),
        (5, "BOARD_NUMBER"),
        (6, "PLAYED_BY"),
        (7, "SCORE 999 does not agree with the contract, which scores 620 for NS."),
        (8, "board 1 room 1 is already on line 2."),
    ]
    assert str(refused.value.problems[0]).startswith("Line 4: ")
    assert BoardResult.objects.count() == 4  # nothing changed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("BOARD,ROOM\n1,1\n", "missing"),
        ("BOARD_NUMBER,ROOM,CONTRACT\n", "no results"),
    ],
)
def test_files_without_results(match, text, message):
    with pytest.raises(FileRefused, match=message):
        import_match(match=match, text=text)


def test_a_file_with_a_huge_cell_is_refused(match):
    import_match(match=match, text=GOOD)
    with pytest.raises(FileRefused) as refused:
        import_match(match=match, text=GOOD + '2,2,"' + "x" * 200_000 + '",N,10,\n')
    assert [str(problem) for problem in refused.value.problems] == [
        "Line 6: a cell is longer than 131072 characters: this is not a results file."
    ]
    assert BoardResult.objects.count() == 4  # nothing changed


def test_the_import_page_shows_why_a_huge_cell_is_refused(director_client, match):
    text = GOOD + '2,2,"' + "x" * 200_000 + '",N,10,\n'
    upload = SimpleUploadedFile("match.csv", text.encode(), content_type="text/csv")
    response = director_client.post(reverse("teams:match_import", args=[match.pk]), {"file": upload})
    assert response.status_code == 200
    assert "Line 6: a cell is longer than 131072 characters" in response.content.decode()


def test_management_commands(match, tmp_path):
    path = tmp_path / "match.csv"
    path.write_text(GOOD, encoding="utf-8")
    out = StringIO()
    call_command("import_match", str(match.pk), str(path), stdout=out)
    assert "Imported 4" in out.getvalue()
    out = StringIO()
    call_command("export_match", str(match.pk), stdout=out)
    assert out.getvalue() == match_csv(match)
    path.write_text("BOARD_NUMBER,ROOM,CONTRACT\n7,1,4S\n", encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError, match="not imported"):
        call_command("import_match", str(match.pk), str(path), stderr=err)
    assert "Line 2:" in err.getvalue()
    with pytest.raises(CommandError, match="no match"):
        call_command("export_match", "999999")


def test_import_and_export_pages(director_client, match):
    url = reverse("teams:match_import", args=[match.pk])
    assert director_client.get(url).status_code == 200
    upload = SimpleUploadedFile("match.csv", GOOD.encode(), content_type="text/csv")
    response = director_client.post(url, {"file": upload})
    assert response.status_code == 302 and BoardResult.objects.count() == 4
    bad = SimpleUploadedFile("match.csv", b"BOARD_NUMBER,ROOM,CONTRACT\n1,5,4S\n", content_type="text/csv")
    response = director_client.post(url, {"file": bad})
    page = response.content.decode()
    assert response.status_code == 200 and "Line 2: ROOM" in page and page.count("<h1") == 1
    latin = SimpleUploadedFile("match.csv", "BOARD_NUMBER,ROOM,CONTRACT\n1,1,4S é\n".encode("latin-1"))
    assert "not UTF-8" in director_client.post(url, {"file": latin}).content.decode()
    export = director_client.get(reverse("teams:match_export", args=[match.pk]))
    assert export["Content-Type"].startswith("text/csv") and "attachment" in export["Content-Disposition"]
    assert export.content.decode() == match_csv(match)
