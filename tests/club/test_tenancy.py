"""Clubs as tenants (issue 31, club/tenancy.py, club/club_middleware.py): the one scoping mechanism, a club found
from its address, roles per club, the page cache keyed by club, and the commands' --club."""

from __future__ import annotations

import copy
import datetime
import io

import pytest
from django import forms
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client, RequestFactory

from club import page_cache
from club.background import enqueue_now
from club.clubs import create_club
from club.models import Club, Member
from club.tasks import send_email
from club.tenancy import ClubNotSet, all_clubs, club_scope, forget_single_club, in_scope
from events.models import Section, Session
from tests.builders.accounts import director, logged_in_client


@pytest.fixture
def clubs(db, settings):
    """A site serving many clubs, with two: north and south."""
    settings.CLUBS = "many"
    return create_club(short_name="north", name="North Club"), create_club(short_name="south", name="South Club")


def published(name: str) -> Session:
    return Session.objects.create(name=name, date=datetime.date(2026, 11, 30), status=Session.Status.FINAL)


def test_a_query_or_a_record_without_a_club_fails_loudly(clubs):
    with pytest.raises(ClubNotSet):
        Session.objects.count()
    with pytest.raises(ClubNotSet):
        list(Section.objects.all())  # a child, through its root's path
    with pytest.raises(ClubNotSet):
        Member.objects.create(first_name="No", last_name="Club")


def test_each_club_reads_only_its_own_records(clubs):
    north, south = clubs
    with club_scope(north):
        mine = published("North pairs")
        Section.objects.create(session=mine, letter="A", kind="mitchell", tables=4, boards_per_round=2)
    with club_scope(south):
        published("South pairs")
        assert list(Session.objects.values_list("name", flat=True)) == ["South pairs"]
        assert not Section.objects.exists() and not Session.objects.filter(pk=mine.pk).exists()
    with all_clubs():
        assert Session.objects.count() == 2 and Section.objects.get().session.club_id == north.pk
    assert mine.club_id == north.pk


def test_choices_built_at_import_are_each_requests_clubs(clubs):
    # a model form's choices are built when its module is imported (SectionForm's custom movement), before any
    # request's club: they are narrowed when they run, for the club of the request that shows the form
    north, south = clubs
    choices = forms.ModelChoiceField(queryset=Session.objects.all())  # no club set: nothing raised yet
    for club, name in ((north, "North pairs"), (south, "South pairs")):
        with club_scope(club):
            published(name)
    for club, name in ((north, "North pairs"), (south, "South pairs")):
        with club_scope(club):
            shown = copy.deepcopy(choices)  # what each form does with its class's fields
            assert [str(label).split(" (")[0] for _, label in shown.choices][1:] == [name]
            assert shown.clean(str(Session.objects.get().pk)).name == name
    with pytest.raises(ClubNotSet):
        list(choices.queryset)


def test_a_row_read_by_a_statement_is_checked_against_the_club(clubs):
    # club.statements reads past the managers (a phone's table): in_scope is the managers' rule for one row
    north, south = clubs
    with pytest.raises(ClubNotSet):
        in_scope(north.pk)
    with club_scope(south):
        assert in_scope(south.pk) and not in_scope(north.pk)
    with all_clubs():
        assert in_scope(north.pk) and in_scope(south.pk)


def test_one_club_needs_no_club_set_and_narrows_nothing(db):
    member = Member.objects.create(first_name="Ana", last_name="Single")
    assert member.club_id == Club.objects.order_by("pk").first().pk
    assert "club_id" not in str(Session.objects.filter(name="x").query).split("WHERE")[1]


def test_a_record_made_before_the_one_club_is_known_reads_no_database_until_saved(db):
    forget_single_club()  # a fresh process: an unsaved record (a form's, a pure test's) asks nothing
    member = Member(first_name="Ana", last_name="Fresh")
    assert member.club_id is None
    member.save()
    assert member.club_id == Club.objects.order_by("pk").first().pk


def test_a_membership_number_is_the_clubs_own(clubs):
    for club in clubs:
        with club_scope(club):
            Member.objects.create(number="1001", first_name="Same", last_name="Number")
    with all_clubs():
        assert Member.objects.filter(number="1001").count() == 2


def test_each_club_at_its_prefix_and_the_host_lists_them(clubs, client):
    north, south = clubs
    with club_scope(north):
        published("Monday at North")
    page = client.get("/c/north/").content.decode()
    assert "Monday at North" in page and 'href="/c/north/sessions/' in page
    assert "Monday at North" not in client.get("/c/south/").content.decode()
    front = client.get("/")
    assert front.status_code == 200 and 'href="/c/north/"' in front.content.decode()
    assert "South Club" in front.content.decode()
    assert client.get("/c/nowhere/").status_code == 404
    assert client.get("/sessions/1/").status_code == 404  # no club named: the host's pages only
    assert client.get("/c/north")["Location"] == "/c/north/"


def test_a_club_at_its_own_host_name(clubs, settings):
    north, _south = clubs
    settings.ALLOWED_HOSTS = ["bridge.north.example", "testserver"]
    Club.objects.filter(pk=north.pk).update(host="bridge.north.example")
    with club_scope(north):
        published("Tuesday at North")
    page = Client().get("/", HTTP_HOST="bridge.north.example").content.decode()
    assert "Tuesday at North" in page and 'href="/sessions/' in page


def test_roles_are_per_club(clubs):
    north, south = clubs
    with club_scope(south):
        user = director("southdirector", "Sam")
        Member.objects.create(first_name="Sam", last_name="South", user=user)
    southern = logged_in_client(user)
    assert southern.get("/c/south/director/").status_code == 200
    assert southern.get("/c/north/director/").status_code == 403


def test_the_page_cache_is_keyed_by_club(clubs, settings):
    settings.PAGE_CACHE_SECONDS = 60
    north, south = clubs
    request = RequestFactory().get("/")
    keys = {}
    for club in clubs:
        with club_scope(club):
            keys[club.pk] = (page_cache.page_key(request, ["events:sessions"]), page_cache._versions(["club"]))
    assert keys[north.pk][0] != keys[south.pk][0]
    with club_scope(north):
        page_cache.pages_changed("club")
        assert page_cache._versions(["club"]) != keys[north.pk][1]
    with club_scope(south):
        assert page_cache._versions(["club"]) == keys[south.pk][1]  # another club's write moves nothing here
    with all_clubs():
        page_cache.pages_changed("club")  # a sweep over every club
    with club_scope(south):
        assert page_cache._versions(["club"]) != keys[south.pk][1]


def test_a_task_runs_for_the_club_that_enqueued_it(clubs):
    north, _south = clubs
    with club_scope(north):
        send_email.enqueue("Subject", "Body", ["ana@example.org"])
        enqueue_now(send_email, "Subject", "Body", ["ana@example.org"])
    queued = send_email.get_backend().results
    assert queued[-1].kwargs == {"club": north.pk} and "club" not in queued[-2].kwargs


def test_create_club_prints_its_id_last(db):
    out = io.StringIO()
    call_command("create_club", "east", "--name", "East  Club", stdout=out)
    club = Club.objects.get(short_name="east")
    assert out.getvalue().strip().splitlines()[-1] == str(club.pk) and club.name == "East Club"
    with pytest.raises(CommandError, match="already exists"):
        call_command("create_club", "east", "--name", "Another", stdout=io.StringIO())
    with pytest.raises(CommandError):
        call_command("create_club", "no spaces", "--name", "Bad", stdout=io.StringIO())


def test_the_commands_take_the_club(clubs, tmp_path):
    north, south = clubs
    roster = tmp_path / "roster.csv"
    roster.write_text("NUMBER,FIRST_NAME,LAST_NAME,EMAIL\n1001,Ana,García,\n", encoding="utf-8")
    with pytest.raises(CommandError, match="--club"):
        call_command("import_members", str(roster), stdout=io.StringIO())
    call_command("import_members", str(roster), "--club", "south", stdout=io.StringIO())
    out = io.StringIO()
    arguments = ["--name", "Tuesday", "--date", "2026-12-01", "--movement", "mitchell", "--tables", "4"]
    call_command("create_session", *arguments, "--club", "north", stdout=out)
    with all_clubs():
        assert Member.objects.get(number="1001").club_id == south.pk
        assert Session.objects.get(pk=out.getvalue().strip().splitlines()[-1]).club_id == north.pk
    with pytest.raises(CommandError, match="--club: no club"):
        call_command("import_members", str(roster), "--club", "west", stdout=io.StringIO())


def test_the_demo_club_loads_into_a_club(clubs):
    north, _south = clubs
    call_command("load_demo", "--club", "north", stdout=io.StringIO())
    with club_scope(north):
        assert Session.objects.exists() and User.objects.filter(username="ana").exists()
