"""Table entry of teams matches, the director's side: the switch, each room side's link and QR code, the printable
sheet, the settling of a room's disagreement, who may get in."""

import pytest
from django.urls import reverse

from teams.models import TeamTableEntry
from tests.builders.team_tables import open_rooms

pytestmark = pytest.mark.django_db


def test_the_director_opens_table_entry_and_gets_a_link_and_qr_code_per_room(director_client, make_event):
    event = make_event(teams=4, boards_per_match=2)
    url = reverse("teams:event_tables", args=[event.pk])
    assert "Table entry" in director_client.get(reverse("teams:event_setup", args=[event.pk])).content.decode()
    assert director_client.post(url, {"is_open": "on"}).status_code == 302
    entry = TeamTableEntry.objects.get(event=event)
    assert entry.is_open and len(entry.key) >= 40
    matches = event.matches.filter(away__isnull=False).count()
    page = director_client.get(url).content.decode()
    assert page.count("/qr.svg") == 4 * matches and page.count("http://testserver/teams/t/") == 4 * matches
    match = event.matches.filter(away__isnull=False).first()
    assert f"/teams/t/{match.pk}/2/ns/" in page and f"/teams/t/{match.pk}/2/ew/" in page
    qr = director_client.get(reverse("teams:room_qr", args=[match.pk, 2, "ew"]))
    assert qr["Content-Type"] == "image/svg+xml"
    assert qr.content.startswith(b"<?xml") and b'xmlns="http://www.w3.org/2000/svg"' in qr.content
    assert qr.content != director_client.get(reverse("teams:room_qr", args=[match.pk, 2, "ns"])).content
    sheet = director_client.get(url + "?sheet=1").content.decode()
    assert sheet.count('class="table-qr"') == 4 * matches and "Room 2" in sheet
    assert match.home.name in sheet and "North-South" in sheet and "East-West" in sheet
    director_client.post(url, {})  # the box unticked: closed
    assert not TeamTableEntry.objects.get(event=event).is_open


def test_a_final_event_stays_closed(director_client, make_event):
    event = make_event(teams=4, boards_per_match=2, status="final")
    response = director_client.post(reverse("teams:event_tables", args=[event.pk]), {"is_open": "on"})
    assert response.status_code == 400 and "published final" in response.content.decode()
    assert not TeamTableEntry.objects.filter(is_open=True).exists()


def test_a_qr_code_of_a_room_that_does_not_exist_is_not_found(director_client, make_event):
    event = make_event(teams=3, boards_per_match=2)  # three teams: a bye each round
    match = event.matches.filter(away__isnull=False).first()
    assert director_client.get(reverse("teams:room_qr", args=[match.pk, 1, "ns"])).status_code == 404  # not opened
    open_rooms(event)
    bye = event.matches.filter(away__isnull=True).first()
    assert director_client.get(reverse("teams:room_qr", args=[match.pk, 3, "ns"])).status_code == 404
    assert director_client.get(reverse("teams:room_qr", args=[match.pk, 1, "xx"])).status_code == 404
    assert director_client.get(reverse("teams:room_qr", args=[bye.pk, 1, "ew"])).status_code == 404
    assert director_client.get(reverse("teams:event_tables", args=[event.pk + 99])).status_code == 404


def test_players_and_visitors_do_not_get_in(player_client, anonymous_client, make_event):
    event = make_event(teams=4, boards_per_match=2)
    open_rooms(event)
    match = event.matches.first()
    for url in (reverse("teams:event_tables", args=[event.pk]), reverse("teams:room_qr", args=[match.pk, 1, "ns"])):
        assert player_client.get(url).status_code == 403
        assert anonymous_client.get(url).status_code == 302  # to the login page
    assert player_client.post(reverse("teams:event_tables", args=[event.pk]), {}).status_code == 403
    assert TeamTableEntry.objects.get(event=event).is_open


def test_the_match_page_links_to_its_rooms_while_table_entry_is_open(director_client, make_event):
    event = make_event(teams=4, boards_per_match=2)
    match = event.matches.filter(away__isnull=False).first()
    url = reverse("teams:match_entry", args=[match.pk])
    assert 'id="room-links"' not in director_client.get(url).content.decode()
    paths = open_rooms(event)
    page = director_client.get(url).content.decode()
    assert all(paths[match.pk, room, side] in page for room in (1, 2) for side in ("NS", "EW"))
