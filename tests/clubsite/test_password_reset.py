"""Password reset by email, and the links to it and to the change-password form."""

import re

import pytest
from django.urls import reverse

PASSWORD = "correct-horse-battery"  # the password of the suite's users (tests/conftest.py)
NEW_PASSWORD = "a-brand-new-long-passphrase"
EMAIL = "pat@example.org"
# The email is sent by a task once the request's writes commit: the tests follow it (tests/builders/tasks.py).
pytestmark = pytest.mark.usefixtures("immediate_tasks")


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = "https://results.example.org"


@pytest.fixture
def player(player_user):
    player_user.email = EMAIL
    player_user.save()
    return player_user


def ask_for_a_reset(client, email):
    return client.post(reverse("password_reset"), {"email": email}, follow=True)


def reset_link(message) -> str:
    match = re.search(r"https://results\.example\.org(/accounts/reset/\S+/\S+/)", message.body)
    assert match, message.body
    return match.group(1)


def without_csrf_tokens(content: bytes) -> bytes:
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", content)


def test_a_known_address_gets_the_link_that_sets_a_new_password(client, player, mailoutbox):
    response = ask_for_a_reset(client, EMAIL)
    assert response.redirect_chain[-1][0] == reverse("password_reset_done")
    assert len(mailoutbox) == 1
    message = mailoutbox[0]
    assert message.to == [EMAIL]
    assert "player" in message.body and "\n" not in message.subject
    form = client.get(reset_link(message), follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}, follow=True
    )
    assert done.redirect_chain[-1][0] == reverse("password_reset_complete")
    player.refresh_from_db()
    assert player.check_password(NEW_PASSWORD) and not player.check_password(PASSWORD)
    client.post(reverse("login"), {"username": "player", "password": NEW_PASSWORD})
    assert "_auth_user_id" in client.session


def test_the_link_works_once(client, player, mailoutbox):
    ask_for_a_reset(client, EMAIL)
    link = reset_link(mailoutbox[0])
    form = client.get(link, follow=True)
    client.post(form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    again = client.get(link, follow=True)
    assert "This link has expired or has already been used" in again.content.decode()


def test_an_unknown_address_shows_the_same_page_and_sends_nothing(client, player, mailoutbox):
    known = ask_for_a_reset(client, EMAIL)
    unknown = ask_for_a_reset(client, "nobody@example.org")
    assert unknown.redirect_chain == known.redirect_chain
    assert without_csrf_tokens(unknown.content) == without_csrf_tokens(known.content)
    assert len(mailoutbox) == 1


def test_the_email_speaks_the_visitors_language(client, player, mailoutbox):
    client.post(reverse("password_reset"), {"email": EMAIL}, HTTP_ACCEPT_LANGUAGE="ro")
    assert "Pentru a alege o parolă nouă" in mailoutbox[0].body
    assert mailoutbox[0].subject.startswith("Parola dvs.")


def test_the_login_page_links_to_the_reset(client, db):
    response = client.get(reverse("login"))
    assert f'href="{reverse("password_reset")}"' in response.content.decode()
    assert "Forgot your password?" in response.content.decode()


def test_a_logged_in_user_finds_change_password_in_the_navbar(player_client):
    # On a kept page the account links come from the reader's fragment (static/js/reader.js puts them in the bar).
    content = player_client.get(reverse("events:reader")).json()["nav"]
    assert re.search(rf'href="{reverse("password_change")}"[^>]*>\s*Change password', content)


def test_the_reset_pages_are_translated(client, db):
    response = client.get(reverse("password_reset"), HTTP_ACCEPT_LANGUAGE="es")
    assert "Restablecer la contraseña" in response.content.decode()
