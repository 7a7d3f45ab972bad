"""Table entry, the director's side: switching it on, links and QR codes, the printable sheet, the live grid,
who may get in; and `manage.py create_session`."""

import datetime
from io import StringIO
from xml.etree import ElementTree

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from events.models import Session, TableEntry, TableResult
from events.plans import section_plan
from events.tables.selectors.table_live import live_view
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, save_post

pytestmark = pytest.mark.django_db


def assert_standalone_svg(content: bytes) -> None:
    """An SVG file a browser draws as an image: the XML declaration, the SVG namespace, a view box and a size."""
    assert content.startswith(b'<?xml version="1.0" encoding="utf-8"?>')
    root = ElementTree.fromstring(content)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") and int(root.get("width")) >= 200


def director_pages(session):
    section = session.sections.get()
    return [
        reverse("events:table_entry_setup", args=[session.pk]),
        reverse("events:table_sheet", args=[session.pk]),
        reverse("events:table_qr", args=[session.pk, section.pk, 1, "ns"]),
        reverse("events:live_view", args=[session.pk]),
        reverse("events:live_grid", args=[session.pk]),
    ]


def test_the_director_opens_table_entry_and_gets_a_link_and_qr_code_per_table(director_client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    url = reverse("events:table_entry_setup", args=[session.pk])
    response = director_client.post(url, {"is_open": "on", "late_minutes": "15"})
    assert response.status_code == 302
    entry = TableEntry.objects.get(session=session)
    assert entry.is_open and len(entry.key) >= 40 and entry.late_minutes == 15
    page = director_client.get(url).content.decode()
    assert page.count("/qr.svg") == 6 and f"http://testserver/t/{session.pk}/A/3/ns/" in page
    assert f"http://testserver/t/{session.pk}/A/3/ew/" in page  # a link and a code for each side
    qr = director_client.get(reverse("events:table_qr", args=[session.pk, section.pk, 2, "ew"]))
    assert qr["Content-Type"] == "image/svg+xml"
    assert_standalone_svg(qr.content)
    sheet = director_client.get(reverse("events:table_sheet", args=[session.pk])).content.decode()
    assert sheet.count('class="table-qr"') == 3 and "Table A2" in sheet
    director_client.post(url, {"late_minutes": "15"})  # the box unticked: closed
    assert not TableEntry.objects.get(session=session).is_open


def test_table_entry_needs_a_movement_and_a_session_not_final(director_client):
    free, _section = make_session("none", tables=3, boards_per_round=2, rounds=2)
    response = director_client.post(
        reverse("events:table_entry_setup", args=[free.pk]), {"is_open": "on", "late_minutes": "20"}
    )
    assert response.status_code == 400 and "needs a section with a movement" in response.content.decode()
    final, _section = make_session("mitchell", tables=3, boards_per_round=2, status="final")
    response = director_client.post(
        reverse("events:table_entry_setup", args=[final.pk]), {"is_open": "on", "late_minutes": "20"}
    )
    assert response.status_code == 400 and not TableEntry.objects.exists()


@pytest.mark.parametrize("data", [{"late_minutes": "-1"}, {"late_minutes": "abc"}, {}])
def test_bad_input_on_the_switch_is_refused(director_client, data):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2)
    response = director_client.post(reverse("events:table_entry_setup", args=[session.pk]), data)
    assert response.status_code == 400


def test_a_qr_code_of_a_table_that_does_not_exist_is_not_found(director_client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    assert director_client.get(reverse("events:table_qr", args=[session.pk, section.pk, 1, "ns"])).status_code == 404
    open_tables(session)
    assert director_client.get(reverse("events:table_qr", args=[session.pk, section.pk, 9, "ns"])).status_code == 404
    assert director_client.get(reverse("events:table_qr", args=[session.pk, section.pk, 1, "xx"])).status_code == 404
    other = reverse("events:table_qr", args=[session.pk + 1, section.pk, 1, "ns"])
    assert director_client.get(other).status_code == 404


def test_players_and_visitors_do_not_get_in(player_client, anonymous_client):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2)
    open_tables(session)
    for url in director_pages(session):
        assert player_client.get(url).status_code == 403
        assert anonymous_client.get(url).status_code == 302
    assert (
        anonymous_client.post(reverse("events:table_entry_setup", args=[session.pk]), {"is_open": ""}).status_code
        == 302
    )
    assert TableEntry.objects.get().is_open


def cells(session):
    grid = live_view(session, {}).grids[0]
    return {(table, cell.round): cell.state for table, row, _path in grid.rows for cell in row}, grid


def test_the_live_grid_shows_each_tables_state(anonymous_client, director_client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    paths = open_tables(session)
    plan = section_plan(section)
    for play in plan.plays_at(1, 1):
        anonymous_client.post(paths["1"], save_post(play, "PASS", "", ""))
        anonymous_client.post(ew(paths["1"]), confirm_post(play))
    anonymous_client.post(paths["2"], save_post(plan.plays_at(2, 1)[0], "PASS", "", ""))
    states, grid = cells(session)
    assert states[1, 1] == "done" and states[1, 2] == "waiting" and states[1, 3] == "waiting"
    assert states[2, 1] == "entering" and states[3, 1] == "waiting"
    assert grid.missing == len(plan.schedule) - 2
    TableEntry.objects.update(opened_at=timezone.now() - datetime.timedelta(minutes=60))
    states, _grid = cells(session)
    assert states[3, 1] == "waiting"  # opened an hour ago, but play began (the first result typed) a moment ago
    TableResult.objects.update(updated_at=timezone.now() - datetime.timedelta(minutes=30))
    states, _grid = cells(session)
    assert states[2, 1] == "late" and states[3, 1] == "late"  # play began 30 minutes ago
    assert states[1, 2] == "waiting"  # its round began when round 1 was done, a moment ago
    page = director_client.get(reverse("events:live_view", args=[session.pk])).content.decode()
    assert 'data-state="late"' in page and 'data-state="done"' in page and "Ranking so far" in page


def test_create_session_prints_the_new_id_on_its_last_line():
    out = StringIO()
    call_command(
        "create_session",
        "--name",
        "Tuesday",
        "--date",
        "2026-12-01",
        "--movement",
        "howell",
        "--tables",
        "3",
        "--scoring",
        "butler",
        stdout=out,
    )
    session = Session.objects.get(pk=int(out.getvalue().strip().splitlines()[-1]))
    section = session.sections.get()
    assert (session.name, session.scoring, section.kind, section.tables) == ("Tuesday", "butler", "howell", 3)
    assert section.pairs.count() == 6 and section.boards.count() == len(section_plan(section).played_boards)


def test_create_session_refuses_a_movement_that_cannot_be_made():
    with pytest.raises(CommandError, match="cannot be made"):
        call_command("create_session", "--name", "X", "--date", "2026-12-01", "--movement", "howell", "--tables", "40")
    assert not Session.objects.exists()


def test_table_links_opens_table_entry_and_prints_a_line_per_table(anonymous_client):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2)
    out = StringIO()
    call_command("table_links", str(session.pk), stdout=out)
    lines = out.getvalue().strip().splitlines()
    assert [line.split()[:2] for line in lines] == [
        [name, side] for name in ("A1", "A2", "A3") for side in ("NS", "EW")
    ]
    assert TableEntry.objects.get().is_open
    assert anonymous_client.get(lines[5].split()[2]).status_code == 200
    with pytest.raises(CommandError, match="no session"):
        call_command("table_links", str(session.pk + 100))
