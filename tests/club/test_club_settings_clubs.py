"""Two clubs on one site (issue 31): each keeps its own settings on its own pages, its club admin edits only its
own, a custom movement's name is unique within a club only, and the history lookups (a drawn row's hidden field, the
checks' stale lines) find nothing of another club's."""

from __future__ import annotations

import pytest
from django import forms
from django.contrib.auth.models import User
from django.test import Client

from club.club_settings import save_club_settings
from club.clubs import create_club
from club.drawn_rows import compare_row
from club.models import Member
from club.tenancy import club_scope
from events.checks.selectors.check_problems import stale_checks
from events.checks.services.fixes import mark_checked
from events.models import TravellerLine
from movements.forms import CustomMovementForm
from movements.models import CustomMovement
from movements.services import save_custom
from tests.builders.accounts import logged_in_client, made_club_admin
from tests.builders.movements import SOUND
from tests.builders.sessions import club_night, enter

LINES = "board__section__session__club"


@pytest.fixture
def clubs(db, settings):
    """A site serving many clubs, with two: north and south."""
    settings.CLUBS = "many"
    return create_club(short_name="north", name="North Club"), create_club(short_name="south", name="South Club")


def admin_of(club) -> Client:
    with club_scope(club.pk):
        user = made_club_admin(User.objects.create_user(f"admin-{club.short_name}", password="x-long-password-1"))
        Member.objects.create(first_name="Ad", last_name=club.name, user=user)
    return logged_in_client(user)


def saved(club, **fields):
    values = {"name": club.name, "language": "", "time_zone": "", "preset": "", "conventions": {}}
    return save_club_settings(club_id=club.pk, **{**values, "colour": "", "accent_colour": "", **fields})


def test_each_club_keeps_its_own_settings_on_its_own_pages(clubs):
    north, south = clubs
    saved(north, language="es", colour="#1a3d6e")
    saved(south, time_zone="Europe/Bucharest")
    north_home, south_home = (Client().get(f"/c/{club.short_name}/").content.decode() for club in clubs)
    assert '<html lang="es">' in north_home and "North Club" in north_home
    assert '<link rel="stylesheet" href="/c/north/club/style/' in north_home
    assert '<html lang="en">' in south_home and "South Club" in south_home and "/club/style/" not in south_home


def test_a_club_admin_edits_only_their_own_clubs_settings(clubs):
    north, south = clubs
    north_admin = admin_of(north)
    data = {"name": "Taken Over", "language": "ro", "time_zone": "", "preset": "", "colour": "", "accent_colour": ""}
    assert north_admin.get("/c/north/club/settings/").status_code == 200
    assert north_admin.post("/c/south/club/settings/", data).status_code == 403
    assert north_admin.post("/c/north/club/settings/", data).status_code == 302
    north.refresh_from_db()
    south.refresh_from_db()
    assert (north.name, north.language, south.name, south.language) == ("Taken Over", "ro", "South Club", "")


def movement_form(name: str) -> CustomMovementForm:
    return CustomMovementForm({"name": name, "description": "", "csv_text": SOUND})


def test_a_custom_movements_name_is_unique_within_its_club_only(clubs):
    north, south = clubs
    for club in clubs:
        with club_scope(club.pk):
            form = movement_form("Club Howell")
            assert form.is_valid(), form.errors
            save_custom(form=form)
    with club_scope(north.pk):
        again = movement_form("Club Howell")
        assert not again.is_valid()
        assert again.errors["name"] == ["A custom movement called “Club Howell” already exists."]
    with club_scope(south.pk):
        assert CustomMovement.objects.get().name == "Club Howell"


def nothing(_record) -> dict:
    return {}


class Row(forms.Form):
    """A drawn row with no field of its own: sent as drawn, it is "untouched"."""


def north_line(north):
    """A line of north's, whose history names north's director."""
    with club_scope(north.pk):
        _session, section = club_night()
        line = enter(section, 1, "1NS", "3NT", "N", "9")
        nora = User.objects.create_user("nora", first_name="Nora", last_name="North")
        TravellerLine.history.filter(id=line.pk).update(history_user=nora)
    return line


def test_a_hidden_field_naming_another_clubs_line_finds_none_of_its_history(clubs):
    north, south = clubs
    line = north_line(north)
    sent = {"drawn": f"{line.pk}.{line.version}"}
    with club_scope(south.pk):
        row, took = compare_row(Row(sent), None, history=TravellerLine.history, club_path=LINES, initial=nothing)
    assert not took
    assert row.non_field_errors() == [
        "Another director removed this result after you opened the page. Save again to enter what you typed."
    ]
    with club_scope(north.pk):  # at its own club the record is found: the untouched row takes what is there now
        _row, took = compare_row(Row(sent), None, history=TravellerLine.history, club_path=LINES, initial=nothing)
    assert took


def test_the_checks_history_lookup_reads_only_the_clubs_own_lines(clubs):
    north, south = clubs
    line = north_line(north)
    with club_scope(north.pk):
        mark_checked(line=line)
        line = TravellerLine.objects.get(pk=line.pk)
        line.contract, line.tricks = "4S", 10
        line.save()  # changed since checked, the flag kept: stale
        assert stale_checks([line]) == {line.pk}
    with club_scope(south.pk):
        assert stale_checks([line]) == set()
