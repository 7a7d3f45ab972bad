"""The host admin (a superuser) makes a club and its first club admin from the host's page (issue 31): one
transaction, refused whole on bad input, one club for a form sent twice, nobody else let in; the command too."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from club.models import Club, ClubRole
from club.tenancy import club_scope
from tests.builders.accounts import club_admins_group, logged_in_client, made_club_admin

NEW = "/clubs/new/"
FORM = {"name": "East  Bridge Club", "short_name": "east", "host": "", "admin_email": "Ann@Example.org"}


@pytest.fixture
def host(db, settings, immediate_tasks) -> Client:
    settings.CLUBS = "many"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://results.example.org"
    club_admins_group()  # the data migration's group, made again after a transactional test's flush
    return logged_in_client(User.objects.create_superuser("host", password="a-long-host-password"))


def test_a_new_club_and_its_first_admin(host):
    response = host.post(NEW, {**FORM, "admin_first_name": "Ann", "admin_last_name": "Adams"})
    assert response.status_code == 302 and response.url == "/clubs/east/made/"
    assert "East Bridge Club is made" in host.get(response.url).content.decode()
    club = Club.objects.get(short_name="east")
    ann = User.objects.get(email__iexact="ann@example.org")
    assert club.name == "East Bridge Club" and not ann.has_usable_password() and ann.first_name == "Ann"
    assert list(ClubRole._base_manager.filter(user=ann).values_list("club_id", "role")) == [(club.pk, "admin")]
    [email] = mail.outbox
    assert email.to == ["Ann@example.org"] and "https://results.example.org/c/east/" in email.body
    link = re.search(r"https://results\.example\.org(/c/east/accounts/reset/\S+/)", email.body).group(1)
    chosen = Client().get(link)  # Django's reset view: the token is swapped for the set-password page
    assert chosen.status_code == 302 and chosen.url.endswith("/set-password/")
    ann_client = logged_in_client(ann)
    assert ann_client.get(f"/c/east{reverse('roster:roles')}").status_code == 200  # she administers east
    Club.objects.create(name="West", short_name="west")
    assert ann_client.get(f"/c/west{reverse('roster:roles')}").status_code == 403  # and no other club


def test_an_existing_account_becomes_the_admin_without_a_second_account(host):
    ann = User.objects.create_user("ann", email="ann@example.org", password="her-own-long-password")
    users = User.objects.count()
    assert host.post(NEW, FORM).status_code == 302
    assert User.objects.count() == users and ann.has_usable_password()
    assert ClubRole._base_manager.filter(user=ann, role="admin").count() == 1
    assert "Log in there with the account you already have" in mail.outbox[0].body


@pytest.mark.parametrize(
    "change, message",
    [
        ({"short_name": "no spaces!"}, "Enter a valid “slug”"),
        ({"name": ""}, "This field is required."),
        ({"admin_email": "not-an-address"}, "Enter a valid email address."),
        ({"short_name": "x" * 41}, "at most 40 characters"),
    ],
)
def test_bad_input_is_refused_whole_and_keeps_what_was_typed(host, change, message):
    clubs, users = Club.objects.count(), User.objects.count()
    response = host.post(NEW, {**FORM, **change})
    body = response.content.decode()
    assert response.status_code == 200 and message in body
    assert 'value="East  Bridge Club"' in body or change.get("name") == ""
    assert (Club.objects.count(), User.objects.count(), mail.outbox) == (clubs, users, [])


def test_an_address_two_accounts_share_is_refused_and_nothing_is_saved(host):
    User.objects.create_user("a1", email="ann@example.org")
    User.objects.create_user("a2", email="ANN@example.org")
    clubs = Club.objects.count()
    response = host.post(NEW, FORM)
    assert response.status_code == 200 and "Several accounts use this address" in response.content.decode()
    assert Club.objects.count() == clubs and not ClubRole._base_manager.exists() and mail.outbox == []


def test_a_form_sent_twice_makes_one_club(host):
    assert host.post(NEW, FORM).status_code == 302
    again = host.post(NEW, FORM)
    assert again.status_code == 200 and "already exists" in again.content.decode()
    assert (
        Club.objects.filter(short_name="east").count() == 1
        and User.objects.filter(email__iexact="ann@example.org").count() == 1
    )
    assert len(mail.outbox) == 1


def test_nobody_but_the_host_admin_gets_in(host):
    visitor = Client().post(NEW, FORM)
    assert visitor.status_code == 302 and visitor.url.startswith("/accounts/login/")
    with club_scope(Club.objects.create(name="North", short_name="north").pk):
        club_admin = made_club_admin(User.objects.create_user("north-admin"))
    for path in (NEW, "/clubs/north/made/"):
        assert logged_in_client(club_admin).get(path).status_code == 403
    assert logged_in_client(club_admin).post(NEW, FORM).status_code == 403
    assert not Club.objects.filter(short_name="east").exists()
    assert "A new club" not in logged_in_client(club_admin).get("/").content.decode()
    assert 'href="/clubs/new/"' in host.get("/").content.decode()


def test_the_command_makes_a_club_with_its_first_admin(db, settings, capsys):
    settings.CLUBS = "many"
    club_admins_group()
    call_command("create_club", "east", "--name", "East", "--admin-email", "ann@example.org", "--admin-name", "Ann A")
    lines = capsys.readouterr().out.splitlines()
    club = Club.objects.get(short_name="east")
    assert lines[-1] == str(club.pk) and "manage.py changepassword admin-east" in lines[-2]
    assert ClubRole._base_manager.get(user__email="ann@example.org").club_id == club.pk
