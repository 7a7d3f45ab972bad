"""Two club admins adding one membership number at once: the later is told on the form, never a 500 (issue 29)."""

from functools import partial

from django.contrib.auth.models import User
from django.urls import reverse

from club.models import Member
from roster.forms import MemberForm
from tests.builders.accounts import logged_in_client, made_club_admin
from tests.builders.concurrency import checked_together, run_at_once


def test_two_club_admins_adding_one_roster_number_at_once(database, monkeypatch):
    admins = [made_club_admin(User.objects.create_user(name)) for name in ("first", "second")]
    checked_together(monkeypatch, MemberForm, "validate_unique")

    def add(user, first_name):
        response = logged_in_client(user).post(
            reverse("roster:member_add"),
            {"number": "4001", "first_name": first_name, "last_name": "Player", "email": "", "active": "on"},
        )
        return response.status_code, response.content.decode()

    results, errors = run_at_once([partial(add, admins[0], "Ana"), partial(add, admins[1], "Elena")], database)
    assert errors == [], errors
    assert sorted(code for code, _page in results) == [200, 302], [code for code, _page in results]
    refused = next(page for code, page in results if code == 200)
    assert "already exists" in refused or "meanwhile" in refused
    assert Member.objects.filter(number="4001").count() == 1
