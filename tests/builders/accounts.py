"""Logged-in test clients for users made inside a test."""

from django.test import Client


def logged_in_client(user) -> Client:
    """A test client logged in as `user`."""
    client = Client()
    client.force_login(user)
    return client
