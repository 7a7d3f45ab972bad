"""Logging in by email: the login form's username field may hold the email address of a player's account.

It comes after Django's ModelBackend and after axes' backend, which refuses a locked-out login first: axes counts
the failures under what was typed, so the email is throttled as a username is.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class EmailBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if not isinstance(username, str) or "@" not in username or password is None or len(username) > 254:
            return None
        users = list(get_user_model().objects.filter(email__iexact=username.strip())[:2])
        if len(users) != 1:
            get_user_model()().set_password(password)  # as long as a real check: the time tells nothing
            return None
        user = users[0]
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None
