"""Logging in by username, email (any case) or membership number, and the throttle that holds whatever identifier
is typed (issue 29, item 1): failures count per account and per client address; a couple's shared email logs each
of them in by their own password and counts against both (issue 27, item 8)."""

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from club.models import Member

PASSWORD = "correct-horse-battery"
HOME, ELSEWHERE = "10.0.0.1", "10.0.0.2"


def log_in(identifier, password=PASSWORD, address=HOME, page="login"):
    """A fresh visitor's login → (the response, the user id logged in or None)."""
    client = Client()
    response = client.post(reverse(page), {"username": identifier, "password": password}, REMOTE_ADDR=address)
    return response, client.session.get("_auth_user_id")


def fail(identifiers, address=HOME, page="login"):
    for identifier in identifiers:
        response, user_id = log_in(identifier, "wrong password", address, page)
        assert user_id is None


@pytest.fixture
def dir2(db) -> User:
    user = User.objects.create_user("dir2", "dir2@club.test", PASSWORD)
    Member.objects.create(first_name="Dana", last_name="Ionescu", number="2002", email="dir2@club.test", user=user)
    return user


@pytest.fixture
def couple(db) -> tuple[User, User]:
    """Ana and Ion Pop, one email, each their own account and password."""
    users = []
    for first, number, password in (("Ana", "301", "ana-own-passphrase"), ("Ion", "302", "ion-own-passphrase")):
        user = User.objects.create_user(f"member{number}", "pop@home.test", password)
        Member.objects.create(first_name=first, last_name="Pop", number=number, email="Pop@Home.test", user=user)
        users.append(user)
    return tuple(users)


@pytest.mark.parametrize("identifier", ["dir2", "dir2@club.test", "DIR2@club.test", "Dir2@Club.test", "2002"])
def test_each_identifier_of_the_account_logs_in(dir2, identifier):
    response, user_id = log_in(identifier)
    assert response.status_code == 302 and user_id == str(dir2.pk)


def test_five_wrong_for_the_email_lock_every_case_of_it(dir2):
    fail(["dir2@club.test"] * 5)
    for identifier in ("DIR2@club.test", "Dir2@Club.test", "dir2@club.test"):
        response, user_id = log_in(identifier)
        assert response.status_code == 429 and user_id is None, identifier


def test_twelve_guesses_over_case_variants_lock_the_account(dir2):
    variants = ["dir2@club.test", "DIR2@club.test", "Dir2@Club.test", "dIR2@CLUB.TEST"] * 3
    for number, identifier in enumerate(variants, start=1):
        response, user_id = log_in(identifier, f"guess {number}", address=f"10.1.0.{number}")
        assert user_id is None
        assert response.status_code == (200 if number < 5 else 429), number  # the 5th failure locks
    assert log_in("Dir2@Club.test")[0].status_code == 429
    assert set(AccessAttempt.objects.values_list("username", flat=True)) == {"dir2"}


@pytest.mark.parametrize(
    "locked_by, refused",
    [("dir2", "dir2@club.test"), ("DIR2@CLUB.TEST", "dir2"), ("2002", "Dir2@club.test"), ("dir2@club.test", "2002")],
)
def test_the_identifiers_of_one_account_count_together(dir2, locked_by, refused):
    fail([locked_by] * 3 + [refused] * 2, address=ELSEWHERE)
    response, user_id = log_in(refused)
    assert response.status_code == 429 and user_id is None


def test_the_admin_login_counts_the_same_account(dir2):
    dir2.is_staff = True
    dir2.save()
    fail(["DIR2@club.test"] * 5, page="admin:login")
    assert log_in("dir2", page="admin:login")[0].status_code == 429
    assert log_in("dir2")[0].status_code == 429


def test_an_address_is_locked_after_many_failures_on_any_accounts(dir2, settings):
    fail([f"nobody{number}@club.test" for number in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT)])
    response, user_id = log_in("dir2")
    assert response.status_code == 429 and user_id is None
    assert log_in("dir2", address=ELSEWHERE)[1] == str(dir2.pk)


def test_fewer_failures_from_one_address_lock_no_one_else(dir2, settings):
    fail([f"nobody{number}@club.test" for number in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT - 1)])
    assert log_in("dir2")[1] == str(dir2.pk)


def test_a_login_to_ones_own_account_does_not_wipe_the_guesses_at_another(dir2):
    User.objects.create_user("mallory", "mallory@club.test", "mallorys-passphrase")
    fail(["dir2@club.test"] * 4)
    assert log_in("mallory", "mallorys-passphrase")[1] is not None
    fail(["dir2"])
    assert log_in("dir2")[0].status_code == 429


def test_a_couple_logs_in_each_by_their_own_password(couple):
    ana, ion = couple
    assert log_in("pop@home.test", "ana-own-passphrase")[1] == str(ana.pk)
    assert log_in("POP@Home.test", "ion-own-passphrase")[1] == str(ion.pk)
    assert log_in("301", "ana-own-passphrase")[1] == str(ana.pk)
    assert log_in("302", "ana-own-passphrase")[1] is None


def test_a_couples_shared_email_counts_against_each_of_them(couple):
    fail(["pop@home.test"] * 3 + ["301"] * 2)
    assert log_in("301", "ana-own-passphrase")[0].status_code == 429
    assert log_in("Pop@home.test", "ana-own-passphrase")[0].status_code == 429
    assert log_in("302", "ion-own-passphrase")[1] is not None  # Ion: 3 failures through the email, not locked


def test_a_couple_with_one_password_use_their_numbers(couple):
    ana, ion = couple
    ion.set_password("ana-own-passphrase")
    ion.save()
    assert log_in("pop@home.test", "ana-own-passphrase")[1] is None  # which of them? neither
    assert log_in("302", "ana-own-passphrase")[1] == str(ion.pk)


@pytest.mark.parametrize("identifier", ["", " ", "@", "x" * 300 + "@club.test", "\x00"])
def test_odd_identifiers_are_a_failed_login_not_an_error(dir2, identifier):
    response, user_id = log_in(identifier)
    assert response.status_code == 200 and user_id is None


@pytest.mark.parametrize(
    "proxies, forwarded, seen",
    [
        (0, "203.0.113.9", HOME),  # no proxy trusted: the header is anyone's to write
        (1, "203.0.113.9", "203.0.113.9"),
        (1, "198.51.100.1, 203.0.113.9", "203.0.113.9"),  # what the client wrote before the proxy is not read
        (2, "198.51.100.1, 203.0.113.9", "198.51.100.1"),
        (1, "not an address", HOME),
        (2, "203.0.113.9", HOME),  # fewer hops than proxies: not through them
    ],
)
def test_the_client_address_behind_trusted_proxies(rf, settings, proxies, forwarded, seen):
    from accounts.throttle import client_address

    settings.TRUSTED_PROXIES = proxies
    request = rf.post("/accounts/login/", REMOTE_ADDR=HOME, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == seen


def test_behind_a_proxy_one_visitors_failures_lock_no_other(dir2, settings):
    settings.TRUSTED_PROXIES = 1
    for number in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        Client().post(
            reverse("login"),
            {"username": f"nobody{number}", "password": "x"},
            REMOTE_ADDR=HOME,
            HTTP_X_FORWARDED_FOR="203.0.113.9",
        )
    other = Client()
    other.post(
        reverse("login"),
        {"username": "dir2", "password": PASSWORD},
        REMOTE_ADDR=HOME,
        HTTP_X_FORWARDED_FOR="203.0.113.10",
    )
    assert other.session.get("_auth_user_id") == str(dir2.pk)
