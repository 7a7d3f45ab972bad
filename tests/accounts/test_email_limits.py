"""Email as a weapon (issue 29, item 5): claim, password-reset and email-change emails are limited per address and
per client; a known and an unknown address get the same answer after the same work. And every emailed link comes
from SITE_URL, never from the request's Host header (issue 29, item 8)."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from club.models import Member
from tests.builders.accounts import made_club_admin

HOSTILE = "evil.example:8802"
KINDS = {"claim": "accounts:claim", "reset": "password_reset"}


@pytest.fixture
def reset_account(db) -> User:
    return User.objects.create_user("rita", "rita@example.org", "ritas-long-passphrase")


def post(kind: str, email: str, address: str = "10.0.0.1", client: Client | None = None, **extra):
    return (client or Client()).post(reverse(KINDS[kind]), {"email": email}, REMOTE_ADDR=address, **extra)


@pytest.mark.parametrize("kind, email", [("claim", "Rosa@Example.org"), ("reset", "rita@example.org")])
def test_fifteen_posts_for_one_address_send_at_most_the_limit(rostered, reset_account, settings, kind, email):
    statuses = [post(kind, email.swapcase() if n % 2 else email, f"10.0.{n}.1").status_code for n in range(15)]
    assert len(mail.outbox) == settings.MAIL_LIMIT_PER_ADDRESS == 3
    assert statuses[3:] == [429] * 12
    refused = post(kind, email)
    assert "Too many emails asked for this address" in refused.content.decode()


@pytest.mark.parametrize("kind", KINDS)
def test_one_client_asking_for_many_addresses_is_limited(rostered, settings, kind):
    statuses = [post(kind, f"someone{n}@example.org").status_code for n in range(settings.MAIL_LIMIT_PER_CLIENT + 2)]
    assert statuses.count(429) == 2 and statuses[-1] == 429
    assert post(kind, "someone0@example.org", address="10.9.9.9").status_code != 429  # another client


@pytest.mark.parametrize("kind, email", [("claim", "rosa@example.org"), ("reset", "rita@example.org")])
def test_an_unknown_address_is_limited_as_a_known_one(rostered, reset_account, kind, email):
    known = [post(kind, email).status_code for _ in range(5)]
    unknown = [post(kind, "nobody@example.org").status_code for _ in range(5)]
    assert known == unknown


def without_csrf(content: bytes) -> bytes:
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", content)


@pytest.mark.parametrize("kind, email", [("claim", "rosa@example.org"), ("reset", "rita@example.org")])
def test_known_and_unknown_addresses_get_the_same_answer_after_the_same_work(rostered, reset_account, kind, email):
    answers = {}
    for address in (email, "nobody@example.org"):
        with CaptureQueriesContext(connection) as queries:
            response = post(kind, address)
        answers[address] = (
            response.status_code,
            response.get("Location"),
            without_csrf(response.content),
            len(queries),
            [template.name for template in response.templates],  # the email's templates rendered for both
        )
    assert answers[email] == answers["nobody@example.org"]
    assert any("email" in name for name in answers[email][4])
    assert len(mail.outbox) == 1


def test_email_change_requests_are_limited(member_client, settings):
    form = {"email": "new@example.org", "password": "a-long-club-password-42"}
    statuses = [member_client.post(reverse("accounts:email"), form).status_code for _ in range(6)]
    assert statuses == [302] * settings.MAIL_LIMIT_PER_ADDRESS + [429] * 3
    assert len(mail.outbox) == 3


def links(message) -> list[str]:
    return re.findall(r"https?://\S+", message.body)


def test_every_emailed_link_is_the_site_url_whatever_the_host(rostered, claimed, reset_account, settings):
    settings.ALLOWED_HOSTS = ["*"]  # a permissive setting: the Host header is the attacker's
    hostile = {"HTTP_HOST": HOSTILE}
    Member.objects.create(first_name="Iris", last_name="Ivanov", number="I-1", email="iris@example.org")
    post("claim", "iris@example.org", **hostile)
    post("reset", "rita@example.org", **hostile)
    member = Client()
    member.force_login(claimed.user)
    member.post(
        reverse("accounts:email"), {"email": "rosa2@example.org", "password": "a-long-club-password-42"}, **hostile
    )
    admin = Client()
    admin.force_login(made_club_admin(User.objects.create_user("cal")))
    Member.objects.create(first_name="Ivo", last_name="Popa", number="I-2", email="ivo@example.org")
    admin.post(reverse("accounts:invite"), **hostile)
    kinds = sorted(message.subject for message in mail.outbox)
    assert len(kinds) >= 4, kinds
    for message in mail.outbox:
        assert links(message), message.body
        for link in links(message):
            assert link.startswith("https://results.example.org/"), (message.subject, link)
        assert "evil.example" not in message.body and "evil.example" not in message.subject
