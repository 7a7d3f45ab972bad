"""The demo club: every role can be tried after `make run` (a director's, a club admin's and a player's login,
printed by load_demo), and the demo members have emails, delivered by the mail backend (the console in
development)."""

import io

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from club.demo import LOGINS, MEMBERS
from club.models import Member
from tests.builders.accounts import club_admins_group, directors_group
from tests.builders.module_data import built_once_per_module

pytestmark = pytest.mark.slow  # the whole demo club is loaded


def _demo_loaded_twice() -> str:
    directors_group()  # the groups come from data migrations, which a transactional test may have flushed
    club_admins_group()
    printed = io.StringIO()
    call_command("load_demo", stdout=printed)
    call_command("load_demo", stdout=io.StringIO())  # twice: nothing changes
    return printed.getvalue()


demo_of_module = built_once_per_module(_demo_loaded_twice)  # loaded once for the module's tests


@pytest.fixture
def demo(demo_of_module, db):
    return demo_of_module


def logged_in(username: str, password: str) -> Client:
    client = Client()
    response = client.post(reverse("login"), {"username": username, "password": password})
    assert response.status_code == 302, f"{username} could not log in"
    return client


def test_load_demo_prints_a_login_for_each_role_and_each_works(demo):
    for role, username, password, *_rest in LOGINS:
        assert f"{role.capitalize()} login: username {username!r}, password {password!r}" in demo
    director = logged_in("director", "demo-director-2026")
    assert director.get(reverse("events:director")).status_code == 200
    admin = logged_in("clubadmin", "demo-admin-2026")
    assert admin.get(reverse("roster:roster")).status_code == 200
    assert admin.get(reverse("events:director")).status_code == 403  # a club admin is not a director
    player = logged_in("ana", "demo-player-2026")
    assert player.get(reverse("roster:roster")).status_code == 403
    page = player.get(reverse("accounts:me")).content.decode()
    assert "Ana" in page and "García" in page


def test_the_player_logs_in_by_email_too(demo):
    member = Member.objects.get(number="1001")
    assert member.user.username == "ana" and member.email == "ana.garcia@example.org"
    logged_in("ana.garcia@example.org", "demo-player-2026")


def test_demo_members_have_emails_and_the_invitations_are_delivered(demo, immediate_tasks):
    members = Member.objects.filter(number__in=[number for number, *_names in MEMBERS])
    assert members.count() == len(MEMBERS) and not members.filter(email="").exists()
    assert Member.objects.get(number="1007").email == "gloria.sanchez@example.org"
    with immediate_tasks(execute=True):  # the command's emails go as its writes commit
        call_command("invite_members", stdout=io.StringIO())
    invited = {address for message in mail.outbox for address in message.to}
    assert "bogdan.popescu@example.org" in invited and "ana.garcia@example.org" not in invited  # Ana has a login
