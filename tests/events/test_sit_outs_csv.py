"""Sit-outs in the traveller CSV: read from a BYE row, written back by the export, the round trip exact."""

import csv
import datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from club.csv_files import FileRefused
from events.files.services.transfer import export_csv, import_travellers, parse_file
from events.models import Pair, SitOut, TravellerLine

HEADER = "BOARD_NUMBER,NS_PAIR_NUMBER,EW_PAIR_NUMBER,CONTRACT,PLAYED_BY,LEAD,TRICKS,SCORE\n"
# A Mitchell night, boards 1-2: on board 2 pair 3NS sat out (so pair 3EW's opponent had none: it sat out too).
FILE = HEADER + (
    "1,1NS,1EW,4S,N,,10,420\n"
    "1,2NS,2EW,4S,N,,9,-50\n"
    "1,3NS,3EW,3NT,S,,9,400\n"
    "2,1NS,2EW,2H,E,,8,-110\n"
    "2,2NS,3EW,2H,E,,9,-140\n"
    "2,3NS,,BYE,,,,\n"
    "2,,1EW,Sit out,,,,\n"
)


def run_import(text=FILE):
    return import_travellers(
        text=text, name="Tuesday pairs", date=datetime.date(2025, 3, 4), scoring_method="matchpoints"
    ).session


def sat_out(session) -> list[tuple[int, str]]:
    rows = SitOut.objects.filter(board__section__session=session)
    return sorted((sit_out.board.number, sit_out.pair.label) for sit_out in rows.select_related("board", "pair"))


def test_a_bye_row_is_a_sit_out_and_the_board_is_left_out_of_the_pairs_total(db):
    """Board 1 is played three times (top 4 matchpoints on the EBU scale), board 2 twice: a free-entry section is
    scored against its most results on a board, so board 2's two results are factored to a top of 4 with Neuberg:
    -110 beats -140, raw 2 and 0 of a top of 2, then (M + 1) × 3 ÷ 2 − 1: 3.5 and 0.5 for NS.
    Pair 3NS: board 1 only (400 is beaten by 420, beats -50: 2 of 4); board 2, sat out, in neither its score nor
    its maximum: 2 out of 4.  Pair 1EW (sat out board 2): board 1, 420 against it: 0 of 4."""
    session = run_import()
    assert sat_out(session) == [(2, "1EW"), (2, "3NS")]
    assert TravellerLine.objects.filter(board__section__session=session).count() == 5
    standings = {pair.label: (pair.score, pair.maximum, pair.boards) for pair in Pair.objects.all()}
    assert standings["3NS"] == (pytest.approx(2), pytest.approx(4), 1)
    assert standings["1EW"] == (pytest.approx(0), pytest.approx(4), 1)
    assert standings["1NS"] == (pytest.approx(4 + 3.5), pytest.approx(8), 2)


def test_the_export_writes_the_sit_outs_back_and_imports_again_the_same(db):
    session = run_import()
    text = export_csv(session)
    rows = list(csv.reader(StringIO(text)))
    assert ["2", "3NS", "", "BYE", "", "", "", "", "", ""] in rows
    assert ["2", "", "1EW", "BYE", "", "", "", "", "", ""] in rows
    again = run_import(text)
    assert sat_out(again) == sat_out(session)
    mine = TravellerLine.objects.filter(board__section__session=again).order_by("board__number", "ns_pair__number")
    theirs = TravellerLine.objects.filter(board__section__session=session).order_by("board__number", "ns_pair__number")
    assert [(line.ns_score, line.ns_points) for line in mine] == [(line.ns_score, line.ns_points) for line in theirs]


def test_the_commands_carry_sit_outs(db, tmp_path):
    path = tmp_path / "night.csv"
    path.write_text(FILE)
    out = StringIO()
    call_command(
        "import_travellers", str(path), "--session", "Tuesday", "--date", "2025-03-04", "--scoring", "matchpoints",
        stdout=out,
    )  # fmt: skip
    session_id = out.getvalue().split()[-1]
    assert sat_out(int(session_id)) == [(2, "1EW"), (2, "3NS")]
    exported = StringIO()
    call_command("export_travellers", session_id, stdout=exported)
    assert "2,3NS,,BYE," in exported.getvalue()


@pytest.mark.parametrize(
    "row, message",
    [
        ("2,3NS,1EW,BYE,,,,", "a sit-out (BYE) names the one pair sitting out"),
        ("2,,,BYE,,,,", "a sit-out (BYE) names the one pair sitting out"),
        ("2,3NS,,BYE,N,,9,", "a sit-out (BYE) has no PLAYED_BY, TRICKS."),
        ("2,3NS,,BYE,,,,400", "a sit-out (BYE) has no SCORE."),
        ("1,3NS,,BYE,,,,", "pair 3NS already plays board 1 on line 4."),
        ("2,3,,BYE,,,,", "pair 3: pair numbers must all have a direction"),
    ],
)
def test_a_bad_bye_row_refuses_the_file(db, row, message):
    text = HEADER + "1,1NS,1EW,4S,N,,10,420\n1,2NS,2EW,4S,N,,9,-50\n1,3NS,3EW,3NT,S,,9,400\n" + row + "\n"
    lines, sit_outs, problems = parse_file(text)
    assert not lines and not sit_outs
    assert [problem.line for problem in problems] == [5] and problems[0].message.startswith(message)
    with pytest.raises(FileRefused):
        run_import(text)
    assert not SitOut.objects.exists() and not TravellerLine.objects.exists()


def test_the_upload_page_imports_sit_outs(director_client, player_client):
    url = reverse("events:travellers_import")
    upload = {"name": "Upload night", "date": "2025-03-04", "scoring": "matchpoints", "scale": "ebu"}
    file = StringIO(FILE)
    file.name = "night.csv"
    assert player_client.post(url, {**upload, "file": file}).status_code == 403
    file.seek(0)
    response = director_client.post(url, {**upload, "file": file})
    assert response.status_code == 302
    assert SitOut.objects.count() == 2
