"""Login throttling (django-axes): five wrong passwords lock the account out, from every address, at the site's
login page and at the admin's, until the cool-off ends or staff unlock it (tests/accounts/test_login_identities.py:
the account whatever identifier reached it, and the limit per address)."""

import pytest
from axes.models import AccessAttempt
from axes.utils import reset
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

PASSWORD = "correct-horse-battery"  # the password of the suite's users (tests/conftest.py)
HOME = "10.0.0.1"
LIMIT = 5

# The site's login page for a player; the admin's login page for a staff user.
LOGIN_PAGES = [("login", "player_user"), ("admin:login", "admin_user")]


def log_in(client, url_name, username, password, address=HOME, **extra):
    return client.post(reverse(url_name), {"username": username, "password": password}, REMOTE_ADDR=address, **extra)


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def fail(client, url_name, username, times=LIMIT, address=HOME):
    for _ in range(times):
        response = log_in(client, url_name, username, "wrong password", address)
        assert not logged_in(client)
    return response


@pytest.fixture(params=LOGIN_PAGES, ids=["site", "admin"])
def login_page(request):
    url_name, user_fixture = request.param
    return url_name, request.getfixturevalue(user_fixture)


def test_four_wrong_passwords_still_let_the_right_one_in(client, login_page):
    url_name, user = login_page
    fail(client, url_name, user.username, times=LIMIT - 1)
    log_in(client, url_name, user.username, PASSWORD)
    assert logged_in(client)


def test_five_wrong_passwords_lock_out_the_right_one(client, login_page):
    url_name, user = login_page
    fail(client, url_name, user.username)
    response = log_in(client, url_name, user.username, PASSWORD)
    assert response.status_code == 429
    content = response.content.decode()
    assert "Too many failed logins" in content
    assert "After 5 wrong passwords for one account" in content and "locked for 15 min" in content
    assert not logged_in(client)


def test_the_lockout_page_speaks_the_visitors_language(client, player_user):
    fail(client, "login", "player")
    response = log_in(client, "login", "player", PASSWORD, HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 429
    assert "Demasiados intentos fallidos" in response.content.decode()


def test_the_lockout_is_the_accounts_from_every_address_and_touches_no_other_user(login_page):
    url_name, user = login_page
    attacker = Client()
    fail(attacker, url_name, user.username)
    other = User.objects.create_superuser("other", "other@example.org", PASSWORD)
    from_home = Client()
    log_in(from_home, url_name, other.username, PASSWORD)
    assert logged_in(from_home), "another user from the same address"
    from_elsewhere = Client()
    assert log_in(from_elsewhere, url_name, user.username, PASSWORD, address="10.0.0.2").status_code == 429
    assert not logged_in(from_elsewhere), "the same account from another address: guesses spread over addresses"


def test_axes_reset_lets_the_user_in_again(client, player_user):
    fail(client, "login", "player")
    assert log_in(client, "login", "player", PASSWORD).status_code == 429
    reset(username="player")
    log_in(client, "login", "player", PASSWORD)
    assert logged_in(client)


def test_staff_unlock_a_user_by_deleting_the_attempt_in_the_admin(client, player_user, admin_client):
    fail(client, "login", "player")
    attempt = AccessAttempt.objects.get(username="player")
    assert attempt.failures_since_start == LIMIT
    changelist = admin_client.get(reverse("admin:axes_accessattempt_changelist"))
    assert changelist.status_code == 200 and "player" in changelist.content.decode()
    response = admin_client.post(reverse("admin:axes_accessattempt_delete", args=[attempt.pk]), {"post": "yes"})
    assert response.status_code == 302
    log_in(client, "login", "player", PASSWORD)
    assert logged_in(client)


def test_a_successful_login_clears_the_failures(client, player_user):
    fail(client, "login", "player", times=LIMIT - 1)
    log_in(client, "login", "player", PASSWORD)
    assert not AccessAttempt.objects.filter(username="player").exists()


@pytest.mark.parametrize("url_name", ["login", "admin:login"])
def test_a_username_longer_than_any_is_recorded_cut_to_a_usernames_length(client, db, url_name):
    # Was a 500 on PostgreSQL: axes wrote the whole 100,000 characters into its 255-character column.
    response = log_in(client, url_name, "x" * 100_000, "wrong password")
    assert response.status_code == 200 and not logged_in(client)
    assert [len(attempt.username) for attempt in AccessAttempt.objects.all()] == [150]
