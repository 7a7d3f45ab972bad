"""A club's own settings (issue 31, club/look.py, club/club_settings.py): its club admin's page (saved, bad input,
posted twice, refused to others), and each setting seen on the club's pages: its language the default of a reader
who chose none, dates in its time zone, new sessions from its default preset, its colours and logo at versioned
addresses with the kept pages moved."""

from __future__ import annotations

import datetime
import io
import re
from functools import partial

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from PIL import Image

from club.club_settings import save_club_settings
from club.models import Club
from club.tenancy import single_club_id
from events.models import Session
from tests.builders.accounts import logged_in_client, made_club_admin
from tests.builders.concurrency import run_at_once

SETTINGS = reverse("club:settings")
KEPT = {"name": "Bridge club", "language": "", "time_zone": "", "preset": "", "conventions": {}}


def png(size: int = 40, kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (size, size), (20, 108, 67)).save(out, kind)
    return out.getvalue()


def posted(**fields) -> dict:
    """The settings form as the club admin sends it, with `fields` changed."""
    data = {"name": "Riverside Bridge", "language": "", "time_zone": "", "preset": "", "short_boards_neuberg": ""}
    data.update({"datum_discard": "", "datum_from": "", "colour": "", "accent_colour": ""})
    return {**data, **fields}


def saved(**fields) -> Club:
    """The club's settings saved through the service (the site's defaults but for `fields`)."""
    values = {**KEPT, "colour": "", "accent_colour": "", **fields}
    return save_club_settings(club_id=single_club_id(), **values)


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def test_the_club_admin_saves_the_clubs_settings(club_admin_client, media):
    assert club_admin_client.get(SETTINGS).status_code == 200
    logo = SimpleUploadedFile("logo.png", png(), content_type="image/png")
    data = posted(language="es", time_zone="Europe/Madrid", preset="compscore", datum_from="5", colour="#1A3D6E")
    response = club_admin_client.post(SETTINGS, {**data, "logo": logo}, follow=True)
    page = response.content.decode()
    assert "The club&#x27;s settings are saved." in page and '<html lang="es">' in page  # the club's language at once
    club = Club.objects.get(pk=single_club_id())
    assert (club.name, club.language, club.time_zone) == ("Riverside Bridge", "es", "Europe/Madrid")
    assert club.preset == "compscore"
    assert club.conventions == {"datum_from": 5} and club.colour == "#1a3d6e"
    assert club.logo.name.startswith("club-logos/") and (media / club.logo.name).read_bytes() == png()


def test_bad_input_is_told_field_by_field_and_nothing_typed_is_lost(club_admin_client, media):
    data = posted(name="Riverside", time_zone="Mars/Olympus", colour="pink", accent_colour="#ffff00", datum_discard="3")
    logo = SimpleUploadedFile("logo.png", b"<svg onload=alert(1)>", content_type="image/png")
    response = club_admin_client.post(SETTINGS, {**data, "datum_from": "4", "logo": logo})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Choose a time zone from the list." in page or "Select a valid choice" in page
    assert "Write the colour as # and six hexadecimal digits, such as #146c43." in page
    assert "This colour is too light" in page
    assert "Setting 3 aside at each end needs more results: at least 7." in page
    assert "The logo must be a PNG, JPEG or WebP image." in page
    assert 'value="Riverside"' in page and 'value="pink"' in page and 'value="3"' in page
    assert Club.objects.get(pk=single_club_id()).name == "Bridge club"  # nothing saved
    too_big = SimpleUploadedFile("big.png", png(1200), content_type="image/png")
    page = club_admin_client.post(SETTINGS, {**posted(), "logo": too_big}).content.decode()
    assert "The logo is too large (at most 1000 pixels a side)." in page


def test_the_form_posted_twice_saves_once_and_stores_one_logo(club_admin_client, media):
    data = posted(colour="#1a3d6e")
    for _twice in range(2):
        logo = SimpleUploadedFile("logo.png", png(), content_type="image/png")
        assert club_admin_client.post(SETTINGS, {**data, "logo": logo}).status_code == 302
    assert len(list((media / "club-logos").iterdir())) == 1
    assert Club.objects.count() == 1 and Club.objects.get().colour == "#1a3d6e"


def test_only_the_club_admin_gets_in(anonymous_client, player_client, director_client):
    client = anonymous_client
    assert client.get(SETTINGS).status_code == 302  # to the login page
    for other in (player_client, director_client):
        assert other.get(SETTINGS).status_code == 403
        assert other.post(SETTINGS, posted()).status_code == 403
    assert Club.objects.get().name == "Bridge club"


def test_the_clubs_language_is_the_default_and_the_readers_choice_wins(anonymous_client):
    client = anonymous_client
    saved(language="ro")
    home = reverse("events:home")
    assert '<html lang="ro">' in client.get(home, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    assert '<html lang="es">' in client.get(home).content.decode()
    english = Client()
    english.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert '<html lang="en">' in english.get(home).content.decode()
    assert '<html lang="ro">' in Client().get(home).content.decode()  # kept pages stay apart by language


def test_dates_and_times_are_shown_in_the_clubs_time_zone(anonymous_client):
    client = anonymous_client
    until = datetime.datetime(2026, 11, 30, 20, 0, tzinfo=datetime.UTC)
    session = Session.objects.create(
        name="Provisional", date=datetime.date(2026, 11, 30), status=Session.Status.PROVISIONAL, corrections_until=until
    )
    url = reverse("events:session", args=[session.pk])
    assert re.search(r"Corrections accepted until [^<]*20:00", client.get(url).content.decode())
    saved(time_zone="America/New_York")
    assert re.search(r"Corrections accepted until [^<]*15:00", client.get(url).content.decode())


def test_new_sessions_start_from_the_clubs_default_preset(director_client):
    saved(preset="compscore", conventions={"datum_from": 5})
    form = director_client.get(reverse("events:session_create")).content.decode()
    assert re.search(r'name="datum_from"[^>]*value="5"', form)
    assert re.search(r'name="factor_totals"[^>]*checked', form)
    out = io.StringIO()
    call_command("create_session", "--name", "Tuesday", "--date", "2026-12-01", "--movement", "mitchell",
                 "--tables", "3", stdout=out)  # fmt: skip
    session = Session.objects.get(pk=int(out.getvalue().split()[-1]))
    assert (session.factor_totals, session.short_boards_neuberg, session.datum_from) == (True, False, 5)


def test_colours_and_logo_are_served_and_the_kept_pages_move(anonymous_client, media):
    client = anonymous_client
    home = reverse("events:home")
    before = client.get(home).content.decode()
    assert "/club/style/" not in before and client.get(home).content.decode() == before  # kept
    assert client.get(reverse("club:style", args=["0"])).status_code == 404  # no colour set: no sheet
    assert client.get(reverse("club:logo", args=["0"])).status_code == 404
    assert client.get("/club/logo/..%2F..%2Fsettings.py/").status_code == 404
    club = saved(colour="#1a3d6e", accent_colour="#8a1c1c")
    page = client.get(home).content.decode()
    stylesheet = re.search(r'<link rel="stylesheet" href="(/club/style/\w+\.css)">', page)[1]
    css = client.get(stylesheet)
    assert css["Content-Type"].startswith("text/css") and "immutable" in css["Cache-Control"]
    assert ".site-nav { background-color: #1a3d6e; }" in css.content.decode()
    logo = SimpleUploadedFile("logo.png", png(), content_type="image/png")
    club_admin = logged_in_client(a_club_admin("riverside-admin"))
    club_admin.post(SETTINGS, {**posted(name=club.name, colour="#1a3d6e"), "logo": logo})
    page = client.get(home).content.decode()
    logo_url = re.search(r'<img class="club-logo" src="(/club/logo/\w+/)"', page)[1]
    assert stylesheet not in page  # a new version: browsers fetch the new sheet
    image = client.get(logo_url)
    assert image["Content-Type"] == "image/png" and image["X-Content-Type-Options"] == "nosniff"
    assert b"".join(image) == png() and "sandbox" in image["Content-Security-Policy"]
    assert client.get(stylesheet).status_code == 302  # an old version's address goes to the current sheet
    assert client.get(reverse("club:logo", args=["0"]))["Location"] == logo_url


def a_club_admin(username: str) -> User:
    return made_club_admin(User.objects.create_user(username, password="x-long-password-1"))


def test_two_club_admins_saving_at_once_leave_one_whole_set_of_settings(database, media):
    admins = [logged_in_client(a_club_admin(name)) for name in ("first-admin", "second-admin")]

    def save(client, colour, language):
        logo = SimpleUploadedFile("logo.png", png(), content_type="image/png")
        data = {**posted(name=f"Club {language}", colour=colour, language=language), "logo": logo}
        return client.post(SETTINGS, data).status_code

    jobs = [partial(save, admins[0], "#1a3d6e", "es"), partial(save, admins[1], "#8a1c1c", "ro")]
    results, errors = run_at_once(jobs, database)
    assert errors == [] and results == [302, 302]
    club = Club.objects.get()
    assert (club.name, club.colour, club.language) in {("Club es", "#1a3d6e", "es"), ("Club ro", "#8a1c1c", "ro")}
    assert (media / club.logo.name).read_bytes() == png()
