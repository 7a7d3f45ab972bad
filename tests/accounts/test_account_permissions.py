"""Who reaches each accounts page: anonymous visitors, players (with and without a member), directors, club admins;
and hostile input never gives a server error."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders.accounts import CLAIMED_PASSWORD as PASSWORD

# (url name, args, method): pages of a logged-in member
MEMBER_PAGES = [
    ("accounts:me", "get"),
    ("accounts:preferences", "get"),
    ("accounts:email", "get"),
    ("accounts:data_json", "get"),
    ("accounts:data_csv", "get"),
    ("accounts:remove", "get"),
]
ADMIN_PAGES = [("accounts:invitations", "get"), ("accounts:invite", "post")]


@pytest.mark.parametrize(("name", "method"), MEMBER_PAGES + ADMIN_PAGES)
def test_anonymous_visitors_go_to_the_login_page(client, db, name, method):
    response = getattr(client, method)(reverse(name))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.mark.parametrize(("name", "method"), MEMBER_PAGES)
def test_a_member_reaches_their_pages(member_client, name, method):
    assert getattr(member_client, method)(reverse(name)).status_code == 200


@pytest.mark.parametrize(("name", "method"), MEMBER_PAGES)
@pytest.mark.parametrize("role", ["player_client", "director_client", "club_admin_client"])
def test_a_login_without_a_member_is_told_it_has_no_member_pages(request, role, name, method):
    response = getattr(request.getfixturevalue(role), method)(reverse(name))
    assert response.status_code == 200 and "not a member" in response.content.decode()
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("role", ["player_client", "director_client", "club_admin_client"])
def test_a_login_without_a_member_changes_nothing(request, role):
    client = request.getfixturevalue(role)
    response = client.post(reverse("accounts:remove"), {"password": "correct-horse-battery", "confirm": "on"})
    assert response.status_code == 200 and "not a member" in response.content.decode()
    assert client.get(reverse("accounts:me")).status_code == 200  # still logged in: nothing was removed


@pytest.mark.parametrize(("name", "method"), ADMIN_PAGES)
@pytest.mark.parametrize("role", ["player_client", "director_client", "member_client"])
def test_only_club_admins_invite(request, role, name, method):
    assert getattr(request.getfixturevalue(role), method)(reverse(name)).status_code == 403


def test_a_club_admin_reaches_the_invitations(club_admin_client):
    assert club_admin_client.get(reverse("accounts:invitations")).status_code == 200
    assert club_admin_client.get(reverse("accounts:invite")).status_code == 405


@pytest.mark.parametrize(
    "data",
    [
        {"privacy": ["name", "initials"], "language": "\x00"},
        {"privacy": "x" * 10_000, "results_by_email": "maybe"},
        {"email": "a@b.c" * 1000, "password": PASSWORD},
        {"email": "\u00e9@ex\u00e4mple.org", "password": "\x00"},
        {"guest_name": "x" * 10_000, "password": PASSWORD, "confirm": "on"},
        {"guest_name": "<script>alert(1)</script>", "password": "x" * 100_000},
    ],
)
@pytest.mark.parametrize("name", ["accounts:preferences", "accounts:email", "accounts:remove"])
def test_hostile_input_is_put_back_not_an_error(member_client, claimed, data, name):
    response = member_client.post(reverse(name), data)
    assert response.status_code in (200, 302)
    claimed.refresh_from_db()
    assert claimed.removed_on is None  # a guest name too long or a wrong password removes nothing
    assert claimed.privacy == "name"


@pytest.mark.parametrize("token", ["x" * 3000, "a:b:c", "\u00e9t\u00e9"])
def test_hostile_email_links_are_refused(db, token):
    assert Client().get(reverse("accounts:email_confirm", args=[token])).status_code == 400


@pytest.mark.parametrize("email", ["x" * 100_000, "a@b", "\x00@example.org", "<b>@example.org"])
def test_hostile_claims_are_put_back(db, email):
    assert Client().post(reverse("accounts:claim"), {"email": email}).status_code == 200


@pytest.mark.parametrize("username", ["a@" * 10_000, "@", "x@example.org\x00", "' OR 1=1 --@x"])
def test_hostile_email_logins_are_refused_not_errors(db, username):
    client = Client()
    response = client.post(reverse("login"), {"username": username, "password": "x"}, REMOTE_ADDR="10.1.1.1")
    assert response.status_code in (200, 429) and "_auth_user_id" not in client.session
