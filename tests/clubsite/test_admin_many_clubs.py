"""The Django admin on a site serving many clubs (issue 31, club/admin_site.py): at a club's address it lists and
edits that club's records only (another club's are not found, their history neither), for the host's admin and a
staff login holding a role at that club; the host's /admin/ is the host admin's, with the clubs (read-only) and no
club-owned model (refused, never a 500). Small: two clubs with a few records; run on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model

from club.admin_site import club_owned
from club.clubs import create_club
from club.models import Club, Member
from club.tenancy import club_scope
from events.models import Session
from tests.builders.accounts import director, logged_in_client, made_club_admin


def records(club, name: str) -> tuple[Member, Session]:
    login = get_user_model().objects.create_user(f"{name.lower()}-login", password="x-long-password-3")
    with club_scope(club.pk):
        member = Member.objects.create(number="5", first_name=name, last_name=f"{name}son", user=login)
        session = Session.objects.create(name=f"{name} pairs", date=datetime.date(2026, 12, 1))
        session.name = f"{name} pairs renamed"  # a second state in its history
        session.save()
    return member, session


@pytest.fixture
def clubs(db, settings):
    """Two clubs, each with a member and a session (two states in its history); the host's admin's client."""
    settings.CLUBS = "many"
    north, south = create_club(short_name="north", name="North"), create_club(short_name="south", name="South")
    boss = get_user_model().objects.create_superuser("boss", "boss@example.org", "A long pass phrase 42")
    return north, records(north, "Nora"), south, records(south, "Sid"), logged_in_client(boss)


def change(model, pk: int, club: str = "north", what: str = "change") -> str:
    return f"/c/{club}/admin/{model._meta.app_label}/{model._meta.model_name}/{pk}/{what}/"


def test_a_clubs_admin_lists_and_edits_only_its_own_records(clubs):
    north, (member, session), south, (their_member, their_session), boss = clubs
    listed = boss.get("/c/north/admin/club/member/").content.decode()
    assert "Norason" in listed and "Sidson" not in listed
    listed = boss.get("/c/north/admin/events/session/").content.decode()
    assert "Nora pairs" in listed and "Sid pairs" not in listed
    page = boss.get(change(Member, member.pk)).content.decode()
    assert "nora-login" in page and "sid-login" not in page  # its login shown, no other club's offered
    edit = {"first_name": "Nora", "last_name": "Renamed", "number": "5", "active": "on", "privacy": member.privacy}
    assert boss.post(change(Member, member.pk), {**edit, "_save": "Save"}).status_code == 302  # through save_member
    with club_scope(north.pk):
        assert Member.objects.get(pk=member.pk).last_name == "Renamed"
    assert boss.get(change(Session, session.pk, what="history")).status_code == 200
    for model, pk in ((Member, their_member.pk), (Session, their_session.pk)):
        for what in ("change", "delete", "history"):
            assert boss.get(change(model, pk, what=what)).status_code == 404, (model, what)
    # an old state of south's session: neither shown nor reverted from north's admin
    with club_scope(south.pk):
        version = their_session.history.order_by("history_id").first().history_id
    url = f"/c/north/admin/events/session/{their_session.pk}/history/{version}/"
    assert boss.get(url).status_code == 404
    assert boss.post(url, {"name": "Taken over", "date": "2026-12-01", "_save": "Save"}).status_code == 404
    posted = boss.post(change(Member, their_member.pk), {"last_name": "Taken", "first_name": "Sid", "_save": "Save"})
    assert posted.status_code == 404
    assert boss.post(change(Member, their_member.pk, what="delete"), {"post": "yes"}).status_code == 404
    chosen = {"action": "delete_selected", "_selected_action": [their_member.pk], "post": "yes"}
    assert boss.post("/c/north/admin/club/member/", chosen).status_code < 500  # the list's action: none chosen
    with club_scope(south.pk):
        assert Member.objects.get(pk=their_member.pk).last_name == "Sidson"
        assert Session.objects.get(pk=their_session.pk).name == "Sid pairs renamed"


def test_each_place_shows_its_own_models(clubs):
    """Every club-owned model's list at a club's address, none at the host's; the site-wide ones the other way."""
    *_records, boss = clubs
    for model in admin.site._registry:
        meta = model._meta
        owned = club_owned(model)
        at_club = boss.get(f"/c/north/admin/{meta.app_label}/{meta.model_name}/")
        at_host = boss.get(f"/admin/{meta.app_label}/{meta.model_name}/")
        assert (at_club.status_code, at_host.status_code) == ((200, 403) if owned else (403, 200)), meta.label
    index = boss.get("/c/north/admin/").content.decode()
    assert "/c/north/admin/club/member/" in index and 'href="/c/north/"' in index  # "View site": the club's pages
    index = boss.get("/admin/").content.decode()
    assert "/admin/club/club/" in index and "/admin/club/member/" not in index


def test_the_host_lists_the_clubs_and_writes_none(clubs):
    north, (member, _session), _south, _theirs, boss = clubs
    listed = boss.get("/admin/club/club/").content.decode()
    assert "north" in listed and "south" in listed
    assert boss.get(f"/admin/club/club/{north.pk}/change/").status_code == 200  # shown read-only
    assert boss.post(f"/admin/club/club/{north.pk}/change/", {"name": "Renamed"}).status_code == 403
    assert boss.post(f"/admin/club/club/{north.pk}/delete/", {"post": "yes"}).status_code == 403
    assert boss.get("/admin/club/club/add/").status_code == 403
    assert Club.objects.get(pk=north.pk).name == "North"
    # a club-owned record asked at the host: refused, never a 500 (no club to narrow to)
    assert boss.get(f"/admin/club/member/{member.pk}/change/").status_code == 403


def test_only_a_clubs_own_staff_and_the_host_admin_get_in(clubs):
    north, _mine, _south, _theirs, boss = clubs
    with club_scope(north.pk):
        staff = made_club_admin(get_user_model().objects.create_user("staff", password="x-long-password-1"))
        plain = director("plain", "Pat")  # a director at north without staff status
    staff.is_staff = True
    staff.save()
    ours = logged_in_client(staff)
    assert ours.get("/c/north/admin/").status_code == 200
    for refused in ("/c/south/admin/", "/admin/"):  # no role at south; the host's admin is the superuser's
        assert ours.get(refused)["Location"].startswith(f"{refused}login/"), refused
    assert logged_in_client(plain).get("/c/north/admin/")["Location"].startswith("/c/north/admin/login/")
    assert boss.get("/c/south/admin/").status_code == 200 and boss.get("/admin/").status_code == 200


def test_the_recent_actions_of_each_address_are_its_own_records(clubs):
    """The index's "Recent actions": at a club's address, what the login did to that club's records (another
    club's would link to a page not found there); at the host's, to the site-wide ones (a club's settings)."""
    north, (member, _session), south, (their_member, _their_session), boss = clubs
    edit = {"first_name": "Nora", "last_name": "Northern", "number": "5", "active": "on", "privacy": member.privacy}
    # followed: the admin's "changed successfully" message is read on the page it redirects to
    assert boss.post(change(Member, member.pk), {**edit, "_save": "Save"}, follow=True).status_code == 200
    theirs = {**edit, "first_name": "Sid", "last_name": "Southern", "privacy": their_member.privacy}
    saved = boss.post(change(Member, their_member.pk, club="south"), {**theirs, "_save": "Save"}, follow=True)
    assert saved.status_code == 200
    at_north = boss.get("/c/north/admin/").content.decode()
    assert "Northern" in at_north and "Southern" not in at_north
    assert f'href="/c/north/admin/club/member/{member.pk}/change/"' in at_north
    at_south = boss.get("/c/south/admin/").content.decode()
    assert "Southern" in at_south and "Northern" not in at_south
    assert f'href="/c/south/admin/club/member/{their_member.pk}/change/"' in at_south
    at_host = boss.get("/admin/").content.decode()
    assert "Northern" not in at_host and "Southern" not in at_host and "Recent actions" in at_host
    assert boss.get(f"/c/north/admin/club/member/{member.pk}/change/").status_code == 200  # the link listed opens


@pytest.mark.django_db
def test_with_one_club_the_recent_actions_are_djangos():
    boss = logged_in_client(get_user_model().objects.create_superuser("one", "one@example.org", "A long pass 42"))
    member = Member.objects.create(number="7", first_name="Una", last_name="Onlyson")
    edit = {"first_name": "Una", "last_name": "Solo", "number": "7", "active": "on", "privacy": member.privacy}
    assert boss.post(f"/admin/club/member/{member.pk}/change/", {**edit, "_save": "Save"}).status_code == 302
    index = boss.get("/admin/").content.decode()
    assert f'href="/admin/club/member/{member.pk}/change/"' in index and "Solo" in index
