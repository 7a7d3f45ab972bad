"""People across clubs (issue 31): one login, a member record at each club it plays at, and its roles each counting
at its own club only: Pat directs at north, administers south and plays at both."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.member_data import remove_member
from accounts.services import link_account
from accounts.tokens import LinkRefused, claim_token
from club.models import ClubRole, Member
from club.tenancy import club_scope
from events.models import Session
from roster.services.roles import CLUB_ADMINS, DIRECTORS, LastClubAdmin, grant, holders, revoke
from tests.builders.accounts import logged_in_client
from tests.builders.people import at, two_clubs


def test_each_role_works_only_at_its_own_club(db, settings):
    clubs = two_clubs(settings)
    with club_scope(clubs.south.pk):
        south_session = Session.objects.create(name="South night", date="2026-11-02")
    pat = logged_in_client(clubs.person)
    director_home, roster = reverse("events:director"), reverse("roster:roster")
    assert pat.get(at(clubs.north, director_home)).status_code == 200
    assert pat.get(at(clubs.south, director_home)).status_code == 403  # a club admin there, not a director
    assert pat.get(at(clubs.south, roster)).status_code == 200
    assert pat.get(at(clubs.north, roster)).status_code == 403  # a director there, not a club admin
    # south's session is no record of north's, even to north's director
    assert pat.get(at(clubs.north, reverse("events:session_setup", args=[south_session.pk]))).status_code == 404
    # a player at both: each club's "My results" is its own member record
    north_page = pat.get(at(clubs.north, reverse("accounts:me"))).content.decode()
    assert "Pat Northern" in north_page and 'id="all-my-clubs"' in north_page and 'href="/me/"' in north_page
    assert "Pat Southern" in pat.get(at(clubs.south, reverse("accounts:me"))).content.decode()


def test_the_roles_page_and_its_changes_are_the_clubs_own(db, settings):
    clubs = two_clubs(settings)
    with club_scope(clubs.south.pk):
        assert [(held.username, held.roles) for held in holders()] == [("pat", frozenset({CLUB_ADMINS}))]
        other = User.objects.create_user("sam")
        grant(username="sam", role=CLUB_ADMINS)
        grant(username="pat", role=DIRECTORS)  # now directs at south too
        revoke(user_id=clubs.person.pk, role=DIRECTORS, by=other)  # taken back at south only
    with club_scope(clubs.north.pk):
        assert [(held.username, held.roles) for held in holders()] == [("pat", frozenset({DIRECTORS}))]
    assert clubs.person.groups.filter(name=DIRECTORS).exists()  # still north's director
    with club_scope(clubs.north.pk):
        revoke(user_id=clubs.person.pk, role=DIRECTORS, by=other)
    assert not clubs.person.groups.filter(name=DIRECTORS).exists()  # no club's director left: the group goes
    roles = ClubRole._base_manager.filter(user=clubs.person).values_list("club__short_name", "role")
    assert sorted(roles) == [("south", "admin")]


def test_a_claim_link_followed_while_logged_in_adds_the_club_to_the_account(db, settings):
    clubs = two_clubs(settings)
    with club_scope(clubs.north.pk):
        west = Member.objects.create(first_name="Wen", last_name="West", email="wen@example.org", number="N-9")
        token = claim_token(west)
    pat = logged_in_client(User.objects.create_user("wen", email="wen@example.org"))
    path = at(clubs.north, reverse("accounts:claim_link", args=[token]))
    assert "Add this club to your account" in pat.get(path).content.decode()
    users = User.objects.count()
    response = pat.post(path)
    assert response.status_code == 302 and response.url == at(clubs.north, reverse("accounts:me"))
    west.refresh_from_db()
    assert west.user.username == "wen" and User.objects.count() == users  # no second account
    again = pat.post(path)  # a double submit: the record is linked once, the link now refused
    assert again.status_code == 400 and "was used already" in again.content.decode()


def test_a_person_already_a_member_of_the_club_cannot_link_a_second_record(db, settings):
    clubs = two_clubs(settings)
    with club_scope(clubs.north.pk):
        other = Member.objects.create(first_name="Pat", last_name="Again", email="pat@example.org")
        token = claim_token(other)
        with pytest.raises(LinkRefused):
            link_account(member=other, user=clubs.person)
    response = logged_in_client(clubs.person).post(at(clubs.north, reverse("accounts:claim_link", args=[token])))
    assert response.status_code == 409 and "cannot join your account" in response.content.decode()
    other.refresh_from_db()
    assert other.user_id is None


def test_a_visitor_following_a_claim_link_is_told_to_log_in_first_to_keep_one_account(db, settings):
    clubs = two_clubs(settings)
    with club_scope(clubs.south.pk):
        token = claim_token(Member.objects.create(first_name="Ola", last_name="O", email="ola@example.org"))
    response = Client().get(at(clubs.south, reverse("accounts:claim_link", args=[token])))
    body = response.content.decode()
    assert response.status_code == 200 and 'id="have-an-account"' in body and "Log in first" in body


def test_removing_the_account_at_one_club_keeps_the_person_at_the_other(db, settings):
    clubs = two_clubs(settings)
    with club_scope(clubs.south.pk), pytest.raises(LastClubAdmin):
        remove_member(member=clubs.at_south)  # south's last club admin: refused there
    with club_scope(clubs.north.pk):
        remove_member(member=clubs.at_north, guest_name="P. N.")  # north's director, not its admin: done
    clubs.at_south.refresh_from_db()
    assert clubs.at_south.user_id == clubs.person.pk  # still south's member and club admin
    assert ClubRole._base_manager.filter(user=clubs.person).values_list("club_id", "role").get() == (
        clubs.south.pk,
        "admin",
    )
    assert not clubs.person.groups.filter(name=DIRECTORS).exists()  # north's director role went with the record


def test_the_federation_number_is_edited_from_a_clubs_my_results_too(db, settings):
    clubs = two_clubs(settings)
    pat, path = logged_in_client(clubs.person), at(clubs.south, reverse("accounts:federation_number"))
    assert "My federation number" in pat.get(path).content.decode()
    response = pat.post(path, {"federation_number": "ro-555"})
    assert response.status_code == 302 and response.url == at(clubs.south, reverse("accounts:me"))
    for club in (clubs.north, clubs.south):  # the person's, shown at each of their clubs
        assert "Federation number: RO-555." in pat.get(at(club, reverse("accounts:me"))).content.decode()
    assert Client().get(path).status_code == 302  # a visitor is sent to log in
