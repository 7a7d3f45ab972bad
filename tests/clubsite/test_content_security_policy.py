"""Every page answers with the strict Content-Security-Policy header (django-csp)."""

import pytest
from django.urls import reverse

from tests.builders.csp import POLICY, directives, main_pages
from tests.builders.urls import PAGES

# one_database: the headers the site's code sends (README, *What runs twice*).
pytestmark = [pytest.mark.django_db, pytest.mark.one_database]


def test_directives_reads_a_header():
    assert directives("default-src 'self'; img-src 'self' data:;") == {
        "default-src": "'self'",
        "img-src": "'self' data:",
    }


@pytest.mark.parametrize("name", PAGES)
def test_every_plain_page_sends_the_policy(client, director_client, name):
    for visitor in (client, director_client):
        response = visitor.get(reverse(name))
        assert directives(response["Content-Security-Policy"]) == POLICY, name


def test_the_main_public_and_director_pages_send_the_policy(client, director_client):
    for name, path in main_pages().items():
        response = director_client.get(path)
        assert response.status_code == 200, name
        assert directives(response["Content-Security-Policy"]) == POLICY, name
        response = client.get(path)  # a visitor: the page, the login page's redirect, or a 404 (in progress)
        assert response.status_code in (200, 302, 404), name
        assert directives(response["Content-Security-Policy"]) == POLICY, name


def test_errors_and_downloads_send_it_too(client):
    for path in ("/no-such-page/", reverse("login")):
        assert directives(client.get(path)["Content-Security-Policy"]) == POLICY


def test_the_admin_sends_it(admin_client):
    for path in (reverse("admin:index"), reverse("admin:club_member_changelist"), reverse("admin:club_member_add")):
        response = admin_client.get(path)
        assert response.status_code == 200
        assert directives(response["Content-Security-Policy"]) == POLICY
