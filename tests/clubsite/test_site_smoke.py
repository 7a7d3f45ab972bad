"""Site-wide checks: every plain URL answers, every page has one <h1>, no missing migrations."""

import io
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.builders.urls import PAGES


def login_required(name):
    """The director area, the club admin's pages, the password pages and a player's own pages send anonymous visitors
    to the login page."""
    url = reverse(name)
    own_pages = name.startswith("accounts:") and name != "accounts:claim"
    return "/director/" in url or url.startswith("/club/") or name.startswith("password_change") or own_pages


def test_the_site_has_pages():
    assert {"events:home", "club:members", "events:director", "login"} <= set(PAGES)


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGES)
def test_page_answers_with_one_h1_for_an_admin(admin_client, name):
    response = admin_client.get(reverse(name))
    assert response.status_code == 200
    assert len(re.findall(r"<h1[\s>]", response.content.decode())) == 1


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGES)
def test_page_answers_anonymous_visitors_or_asks_them_to_log_in(client, name):
    response = client.get(reverse(name))
    if login_required(name):
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
    else:
        assert response.status_code == 200


@pytest.mark.django_db
def test_no_missing_migrations():
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()
