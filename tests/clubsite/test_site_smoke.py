"""Site-wide checks: every plain URL answers, every page has one <h1>, no missing migrations."""

import io
import re

import pytest
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver, reverse

# URLs that only accept POST or that are not pages.
NOT_PAGES = {"logout", "set_language", "events:member_quick_add"}


def login_required(name):
    """The director area and the password pages send anonymous visitors to the login page."""
    return "/director/" in reverse(name) or name.startswith("password_change")


def named_urls_without_arguments(resolver=None, namespace=""):
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue
            yield from named_urls_without_arguments(pattern, pattern.namespace or namespace)
        elif isinstance(pattern, URLPattern) and pattern.name and not pattern.pattern.regex.groups:
            yield f"{namespace}:{pattern.name}" if namespace else pattern.name


PAGES = sorted(set(named_urls_without_arguments()) - NOT_PAGES)


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
