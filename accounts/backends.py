"""Logging in by email or membership number: the login form's username field may hold the email of a player's
account (any case) or the member's membership number (`accounts.identity.login_candidates`).

It comes after axes' backend, which refuses a locked-out account first (`accounts.throttle` counts the failures
under the account, whatever identifier was typed), and after Django's ModelBackend (usernames). An email two members
share (a couple, each with their own account) logs in the account whose password was typed; if both accounts have
that password, neither (the membership number tells them apart).
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from accounts.identity import login_candidates


class EmailBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if password is None:
            return None
        candidates = login_candidates(username)
        if not candidates:
            get_user_model()().set_password(password)  # as long as a real check: the time tells nothing
            return None
        matching = [user for user in candidates if user.check_password(password) and self.user_can_authenticate(user)]
        return matching[0] if len(matching) == 1 else None
