"""Members with an email on the roster; mail kept in memory and the site's address for the links."""

import pytest
from django.test import Client

from club.models import Member
from tests.builders.accounts import CLAIMED_PASSWORD, logged_in_client

PASSWORD = CLAIMED_PASSWORD


@pytest.fixture(autouse=True)
def _mail_and_site(settings, request):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://results.example.org"
    if "db" in request.fixturenames or request.node.get_closest_marker("django_db"):
        request.getfixturevalue("immediate_tasks")  # the emails' tasks run: the tests see the emails arrive


@pytest.fixture
def rostered(db) -> Member:
    """A member on the roster with an email address and no login."""
    return Member.objects.create(first_name="Rosa", last_name="Romero", number="R-1", email="Rosa@Example.org")


@pytest.fixture
def claimed(rostered) -> Member:
    """The rostered member after claiming an account (password PASSWORD)."""
    from accounts.services import claim_account

    claim_account(member=rostered, password=PASSWORD)
    rostered.refresh_from_db()
    return rostered


@pytest.fixture
def member_client(claimed) -> Client:
    return logged_in_client(claimed.user)
