"""The teams tests log in with force_login only (their events come from tests/builders/teams.py)."""

import pytest


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The users of tests/conftest.py are made with the slow production hasher; these tests log in with
    # force_login, so a fast hasher changes nothing they check.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
