"""USEBIO export: the command, the download, and the round trip: every demo session exported then imported again
is the same session (sections, pairs and players, every line with its matchpoints or IMPs, the standings)."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from events.demo import load_demo_sessions
from events.files.selectors.usebio_export import usebio_event
from events.files.services.usebio_import import import_usebio
from events.models import Pair, Session, TravellerLine
from interchange.usebio import read_usebio
from interchange.usebio_write import write_usebio

pytestmark = pytest.mark.django_db


def pairs_of(session):
    return sorted(
        (p.section.letter, p.number, p.direction, p.player1_id, p.player1_guest, p.player2_id, p.player2_guest,
         round(p.score, 6), p.place, p.boards)
        for p in Pair.objects.filter(section__session=session).select_related("section")
    )  # fmt: skip


def line_key(line):
    points = tuple(None if value is None else round(value, 6) for value in (line.ns_points, line.ew_points))
    pairs = (line.ns_pair.number, line.ns_pair.direction, line.ew_pair.number, line.ew_pair.direction)
    result = (line.contract, line.declarer, line.tricks, line.lead, line.adjusted, line.not_played, line.ns_score)
    return (line.board.section.letter, line.board.number, *pairs, *result, *points)


def lines_of(session):
    lines = TravellerLine.objects.filter(board__section__session=session)
    return sorted(line_key(line) for line in lines.select_related("board__section", "ns_pair", "ew_pair"))


def sections_of(session):
    return list(session.sections.values_list("letter", "kind", "tables", "boards_per_round", "first_board"))


def test_every_demo_session_survives_the_round_trip(director_user):
    load_demo_sessions(director_user)
    originals = list(Session.objects.order_by("pk"))
    assert originals
    for original in originals:
        data = write_usebio(usebio_event(original))
        copy = import_usebio(data=data)
        assert (
            copy.differences == []
            and copy.compared
            == TravellerLine.objects.filter(board__section__session=original, not_played=False).count()
        )
        assert (copy.session.name, copy.session.date, copy.session.scoring, copy.session.scale) == (
            original.name, original.date, original.scoring, original.scale
        )  # fmt: skip
        assert sections_of(copy.session) == sections_of(original)  # the movement is recognised
        assert lines_of(copy.session) == lines_of(original)
        assert pairs_of(copy.session) == pairs_of(original)


def test_the_file_carries_players_standings_and_points(make_session, enter):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, scoring="butler", status="final")
    enter(section, 1, "1NS", "4S", "N", "10")
    enter(section, 1, "2NS", "A61.8/38.2")
    event = read_usebio(write_usebio(usebio_event(session)))
    assert event.event_type == "BUTLER_PAIRS" and event.scoring == "butler" and event.sections == ("A",)
    assert {(line.board, line.ns, line.cells["SCORE"]) for line in event.lines} == {(1, 1, "420"), (1, 2, "A61.8/38.2")}
    assert {line.ns_points for line in event.lines} == {0, 3}  # 420 against its own datum; +3 for the adjusted score
    assert any(pair.place == "1" and pair.total == 3 for pair in event.pairs)


def test_the_command_writes_the_file(make_session, enter):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    enter(section, 1, "1NS", "4S", "N", "10")
    out = StringIO()
    call_command("export_usebio", str(session.pk), stdout=out)
    assert out.getvalue().startswith("<?xml") and "<SCORE>420</SCORE>" in out.getvalue()
    with pytest.raises(CommandError, match="no session 999"):
        call_command("export_usebio", "999", stdout=StringIO())


def test_the_download_is_for_directors(client, player_client, director_client, make_session):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2, status="final")
    url = reverse("events:usebio_export", args=[session.pk])
    response = director_client.get(url)
    assert response.status_code == 200 and response["Content-Type"].startswith("application/xml")
    assert b'EVENT_TYPE="MP_PAIRS"' in response.content and "attachment" in response["Content-Disposition"]
    assert director_client.get(reverse("events:usebio_export", args=[999])).status_code == 404
    assert player_client.get(url).status_code == 403
    assert client.get(url).status_code == 302
    assert url in director_client.get(reverse("events:session_setup", args=[session.pk])).content.decode()
