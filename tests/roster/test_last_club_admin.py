"""The club never loses its last club admin, by any path (issue 29, item 2): a role taken away, the account
removed, a merge, a deactivation on the roster, the Django admin's users and groups; and two changes at once."""

from functools import partial

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from accounts.member_data import remove_member
from club.models import Member
from roster.services.roles import CLUB_ADMINS, LastClubAdmin, revoke, standing_admins
from tests.builders.accounts import CLAIMED_PASSWORD, logged_in_client, made_club_admin
from tests.builders.concurrency import run_at_once

LAST = "the club&#x27;s last club admin"


def member_with_login(username: str, first_name: str, number: str) -> Member:
    user = User.objects.create_user(username, password=CLAIMED_PASSWORD, first_name=first_name, last_name="Pop")
    return Member.objects.create(first_name=first_name, last_name="Pop", number=number, user=user)


def admins() -> set[str]:
    return set(Group.objects.get(name=CLUB_ADMINS).user_set.values_list("username", flat=True))


@pytest.fixture
def mara(db) -> Member:
    """A member with a login, made a club admin by the first admin."""
    return member_with_login("mara", "Mara", "101")


def test_the_issues_sequence_grant_revoke_then_remove_the_account(club_admin_client, club_admin_user, mara):
    club_admin_client.post(reverse("roster:roles"), {"username": "mara", "role": CLUB_ADMINS})
    mara_client = logged_in_client(mara.user)
    response = mara_client.post(
        reverse("roster:role_revoke"), {"user_id": club_admin_user.pk, "role": CLUB_ADMINS}, follow=True
    )
    assert "The role is taken away." in response.content.decode()
    form = {"password": CLAIMED_PASSWORD, "confirm": "on", "guest_name": ""}
    response = mara_client.post(reverse("accounts:remove"), form)
    assert response.status_code == 200
    assert LAST in response.content.decode() and "Roles" in response.content.decode()
    assert admins() == {"mara"}
    mara.refresh_from_db()
    assert mara.user is not None and mara.removed_on is None and mara.number == "101"  # nothing half done
    assert mara_client.get(reverse("roster:roles")).status_code == 200  # still logged in, still the admin


def test_removing_an_account_is_fine_while_another_admin_stays(club_admin_user, mara):
    made_club_admin(mara.user)
    remove_member(member=mara)
    assert admins() == {"clubadmin"}


def test_deactivating_the_last_admins_member_on_the_roster(club_admin_client, club_admin_user, mara):
    made_club_admin(mara.user)
    club_admin_client.post(reverse("roster:role_revoke"), {"user_id": mara.user.pk, "role": CLUB_ADMINS})
    club_admin_user.groups.clear()
    made_club_admin(mara.user)  # mara is now the only one; the club admin's client acts as staff would not
    mara_client = logged_in_client(mara.user)
    response = mara_client.post(reverse("roster:member_active", args=[mara.pk]), {"active": "0"}, follow=True)
    assert LAST in response.content.decode()
    mara.refresh_from_db()
    assert mara.active
    data = {"number": "101", "first_name": "Mara", "last_name": "Pop", "email": ""}  # "active" unticked
    response = mara_client.post(reverse("roster:member_edit", args=[mara.pk]), data)
    assert response.status_code == 200 and LAST in response.content.decode()
    mara.refresh_from_db()
    assert mara.active


def test_deactivation_is_fine_while_another_admin_stays(club_admin_client, mara):
    made_club_admin(mara.user)
    response = club_admin_client.post(reverse("roster:member_active", args=[mara.pk]), {"active": "0"}, follow=True)
    assert "is deactivated" in response.content.decode()
    assert not Member.objects.get(pk=mara.pk).active
    assert list(standing_admins().values_list("username", flat=True)) == ["clubadmin"]


def test_merging_away_the_last_admins_member(mara):
    made_club_admin(mara.user)
    Member.objects.create(first_name="Mara", last_name="Pop", number="102")
    mara_client = logged_in_client(mara.user)
    response = mara_client.post(reverse("roster:merges"), {"source_text": "101", "into_text": "102"})
    assert response.status_code == 200
    assert LAST in response.content.decode() and "A merge deactivates Mara Pop" in response.content.decode()
    assert Member.objects.get(pk=mara.pk).active


def test_the_django_admin_cannot_take_the_last_club_admin(admin_client, club_admin_user):
    change = reverse("admin:auth_user_change", args=[club_admin_user.pk])
    form = {
        "username": "clubadmin",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "10:00:00",
        "is_active": "on",
    }  # no groups: out of Club admins
    response = admin_client.post(change, form)
    assert response.status_code == 200 and LAST in response.content.decode()
    assert admins() == {"clubadmin"}
    group = Group.objects.get(name=CLUB_ADMINS)
    response = admin_client.post(change, {**form, "is_active": "", "groups": [group.pk]})
    assert response.status_code == 200 and LAST in response.content.decode()
    assert User.objects.get(pk=club_admin_user.pk).is_active
    response = admin_client.post(reverse("admin:auth_user_delete", args=[club_admin_user.pk]), {"post": "yes"})
    assert LAST in response.content.decode()
    action = {"action": "delete_selected", "_selected_action": [club_admin_user.pk], "post": "yes"}
    response = admin_client.post(reverse("admin:auth_user_changelist"), action)
    assert LAST in response.content.decode()
    assert User.objects.filter(pk=club_admin_user.pk).exists()
    response = admin_client.post(reverse("admin:auth_group_delete", args=[group.pk]), {"post": "yes"})
    assert LAST in response.content.decode()
    assert Group.objects.filter(name=CLUB_ADMINS).exists()
    page = admin_client.get(reverse("admin:auth_group_change", args=[group.pk])).content.decode()
    assert 'name="name"' not in page  # the roles' groups are changed on the Roles page only


def test_the_django_admin_may_take_one_of_two(admin_client, club_admin_user, mara):
    made_club_admin(mara.user)
    response = admin_client.post(reverse("admin:auth_user_delete", args=[mara.user.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert admins() == {"clubadmin"}


def test_a_refused_change_under_the_lock_says_why_in_the_admin(admin_client, club_admin_user, monkeypatch):
    # The form's check passed (another admin stood), then the other left before the write: the write's own
    # check under the lock refuses, and the admin shows the message instead of a server error.
    monkeypatch.setattr("roster.admin.admins_remain_without", lambda user_ids: True)
    response = admin_client.post(reverse("admin:auth_user_delete", args=[club_admin_user.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert LAST in admin_client.get(response.url).content.decode()
    assert User.objects.filter(pk=club_admin_user.pk).exists()


def test_a_revoke_and_an_account_removal_at_once_leave_one_admin(database):
    first, second = (
        member_with_login(name, name.title(), number) for name, number in (("first", "1"), ("second", "2"))
    )
    for member in (first, second):
        made_club_admin(member.user)
    jobs = [
        partial(revoke, user_id=second.user_id, role=CLUB_ADMINS, by=first.user),
        partial(remove_member, member=first),
    ]
    _results, errors = run_at_once(jobs, database)
    assert len(errors) == 1 and isinstance(errors[0], LastClubAdmin), errors
    assert standing_admins().count() == 1


def test_the_django_admin_cannot_deactivate_the_last_admins_member(admin_client, mara):
    made_club_admin(mara.user)
    form = {"first_name": "Mara", "last_name": "Pop", "number": "101", "email": "", "privacy": "name", "language": ""}
    response = admin_client.post(reverse("admin:club_member_change", args=[mara.pk]), {**form, "user": mara.user_id})
    assert response.status_code == 200 and LAST in response.content.decode()
    assert Member.objects.get(pk=mara.pk).active


def test_the_django_admin_may_deactivate_one_of_two(admin_client, club_admin_user, mara):
    made_club_admin(mara.user)
    form = {"first_name": "Mara", "last_name": "Pop", "number": "101", "email": "", "privacy": "name", "language": ""}
    response = admin_client.post(reverse("admin:club_member_change", args=[mara.pk]), {**form, "user": mara.user_id})
    assert response.status_code == 302
    assert not Member.objects.get(pk=mara.pk).active
