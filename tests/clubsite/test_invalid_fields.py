"""A refused field is marked for assistive technology (aria-invalid, its message tied by aria-describedby) on
the forms Django renders and on the hand-written ones (the traveller's, tested in tests/events)."""

import re

from django.urls import reverse

from tests.builders.teams import make_event


def test_a_refused_roster_field_is_aria_invalid(admin_client):
    page = admin_client.post(reverse("roster:member_add"), {"first_name": "", "last_name": "Stan"}).content.decode()
    field = re.search(r"<input[^>]*name=\"first_name\"[^>]*>", page).group()
    assert 'aria-invalid="true"' in field and "aria-describedby" in field


def test_a_refused_team_player_is_aria_invalid(director_client, db):
    event = make_event(teams=2, start=False)
    url = reverse("teams:team_create", args=[event.pk])
    page = director_client.post(url, {"name": "Four", "player_1": "Nobody Known", "captain": "1"}).content.decode()
    field = re.search(r"<input[^>]*name=\"player_1\"[^>]*>", page).group()
    assert 'aria-invalid="true"' in field and 'aria-describedby="id_player_1-error"' in field
    assert 'id="id_player_1-error"' in page
