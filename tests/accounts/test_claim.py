"""Claiming an account: the link goes to the roster's address only, the page says nothing about membership, the
link works once and for three days, and the account logs in by email (throttled as a username is)."""

import re
import time

import pytest
from django.contrib.auth.models import User
from django.core import mail, signing
from django.test import Client
from django.urls import reverse

from accounts.tokens import LINK_DAYS
from club.models import Member
from tests.builders.accounts import CLAIMED_PASSWORD as PASSWORD


def ask(client: Client, email: str):
    return client.post(reverse("accounts:claim"), {"email": email})


def link_in(message) -> str:
    return re.search(r"https://results\.example\.org(/accounts/claim/[^\s]+/)", message.body).group(1)


def claim_with(client: Client, path: str, password: str = PASSWORD):
    return client.post(path, {"new_password1": password, "new_password2": password})


def test_the_roster_address_gets_a_link_that_makes_an_account(client, rostered):
    response = ask(client, "  rosa@example.ORG ")
    assert response.status_code == 200 and "a link to create one is on its way" in response.content.decode()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["Rosa@Example.org"]
    assert "Rosa Romero" in mail.outbox[0].body
    path = link_in(mail.outbox[0])
    assert "Choose your password" in client.get(path).content.decode()
    response = claim_with(Client(), path)
    assert response.status_code == 302 and response.url == reverse("accounts:me")
    rostered.refresh_from_db()
    assert rostered.user.email.casefold() == "rosa@example.org" and rostered.user.check_password(PASSWORD)


def test_an_unknown_address_gets_the_same_answer_and_no_email(client, rostered):
    known, unknown = ask(Client(), "rosa@example.org"), ask(Client(), "nobody@example.org")
    assert known.status_code == unknown.status_code == 200
    assert known.content == unknown.content  # nothing tells a member's address from another
    assert [message.to for message in mail.outbox] == [["Rosa@Example.org"]]


def test_a_member_with_an_account_gets_the_same_answer_and_no_link(client, claimed):
    assert ask(client, "rosa@example.org").content == ask(Client(), "nobody@example.org").content
    assert mail.outbox == []


def test_a_link_works_once(client, rostered):
    ask(client, "rosa@example.org")
    path = link_in(mail.outbox[0])
    assert claim_with(Client(), path).status_code == 302
    again = claim_with(Client(), path, "another-long-password-7")
    assert again.status_code == 400 and "was used already" in again.content.decode()
    assert Client().get(path).status_code == 400
    assert User.objects.count() == 1


def test_an_expired_link_is_refused_and_says_so(client, rostered, monkeypatch):
    past = int(time.time()) - (LINK_DAYS * 24 * 3600 + 60)
    monkeypatch.setattr(signing.TimestampSigner, "timestamp", lambda self: signing.b62_encode(past))
    ask(client, "rosa@example.org")
    monkeypatch.undo()
    response = claim_with(Client(), link_in(mail.outbox[0]))
    assert response.status_code == 400 and "This link has expired" in response.content.decode()
    rostered.refresh_from_db()
    assert rostered.user is None


def test_a_link_for_an_address_changed_since_is_refused(client, rostered):
    ask(client, "rosa@example.org")
    Member.objects.filter(pk=rostered.pk).update(email="rosa@elsewhere.org")
    assert claim_with(Client(), link_in(mail.outbox[0])).status_code == 400


@pytest.mark.parametrize("token", ["x", "a" * 5000, "eyJtIjoxfQ:1:bad", "a.b.c", "%00", "null"])
def test_hostile_links_are_refused_not_errors(client, rostered, token):
    assert client.get(reverse("accounts:claim_link", args=[token])).status_code == 400


@pytest.mark.parametrize(
    "email", ["", "not-an-address", "a" * 300 + "@example.org", "rosa@example.org, other@example.org"]
)
def test_bad_addresses_are_put_back(client, rostered, email):
    response = ask(client, email)
    assert response.status_code == 200 and mail.outbox == []


def test_a_weak_password_is_put_back(client, rostered):
    ask(client, "rosa@example.org")
    response = claim_with(Client(), link_in(mail.outbox[0]), "1234")
    assert response.status_code == 200 and "too short" in response.content.decode()
    rostered.refresh_from_db()
    assert rostered.user is None


def log_in(client: Client, username: str, password: str):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR="10.0.0.9")


def test_the_account_logs_in_by_email_in_any_case(claimed):
    client = Client()
    assert log_in(client, "ROSA@example.org", PASSWORD).status_code == 302
    assert int(client.session["_auth_user_id"]) == claimed.user_id


def test_the_username_login_keeps_working(player_user):
    client = Client()
    assert log_in(client, "player", "correct-horse-battery").status_code == 302


def test_an_address_two_accounts_share_logs_neither_in(claimed):
    User.objects.create_user("other", email="rosa@example.org", password=PASSWORD)
    client = Client()
    assert log_in(client, "rosa@example.org", PASSWORD).status_code == 200
    assert "_auth_user_id" not in client.session


def test_wrong_passwords_by_email_lock_the_email_login_out(claimed):
    client = Client()
    for _attempt in range(4):
        assert log_in(client, "rosa@example.org", "wrong").status_code == 200
    assert log_in(client, "rosa@example.org", "wrong").status_code == 429  # the fifth locks it
    response = log_in(client, "rosa@example.org", PASSWORD)
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db(transaction=True)
def test_two_claims_at_once_make_one_login(database):
    from accounts.services import claim_account
    from accounts.tokens import LinkRefused
    from tests.builders.concurrency import run_at_once

    member = Member.objects.create(first_name="Rosa", last_name="Romero", email="rosa@example.org")
    jobs = [lambda: claim_account(member=member, password=PASSWORD)] * 3
    users, errors = run_at_once(jobs, database)
    assert len([user for user in users if user is not None]) == 1
    assert len(errors) == 2 and all(isinstance(error, LinkRefused) for error in errors)
    assert User.objects.count() == 1
    member.refresh_from_db()
    assert member.user == next(user for user in users if user is not None)
