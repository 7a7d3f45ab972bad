"""Which account a login names, whatever the player typed: a username, an email in any case, or a membership number.

One home for it: the login backend (`accounts.backends`) asks it which accounts to try, and the login throttle
(`accounts.throttle`) asks it which account to count a failure against, so that `dir2`, `dir2@club.test`,
`DIR2@Club.test` and dir2's membership number are one account to both. A membership number is the request's club's
(a person is a member of several clubs, each with its own numbers); a federation number is the person's, anywhere.
An email two accounts share (a couple) names both: the password tells them apart at login, and its failures count
against each of them.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from club.tenancy import many_clubs, scoped_club

MAX_TYPED = 254  # an email's longest; anything longer names no account
MAX_KEY = 150  # axes' username column: a throttle key is cut to a username's length
SHARED = "email:"  # the throttle key of an email several accounts share
MAX_SHARING = 10  # the accounts an email may name (a family, not the whole roster)


def typed(value) -> str:
    """What was typed in the login's username field, as the lookups read it."""
    return value.strip() if isinstance(value, str) else ""


def login_candidates(identifier) -> list:
    """The accounts a login may be for besides a username's own (Django's ModelBackend tries that one): those with
    the email `identifier` (any case), or the login of the member whose membership number it is."""
    text = typed(identifier)
    if not text or len(text) > MAX_TYPED:
        return []
    users = get_user_model().objects
    if "@" in text:
        return list(users.filter(email__iexact=text).order_by("pk")[:MAX_SHARING])
    members = {"member__number__iexact": text, "member__removed_on": None}
    if many_clubs():  # a membership number is its club's own: the request's club's (none at the host's pages)
        club_id = scoped_club()
        members["member__club"] = club_id if isinstance(club_id, int) else None
    return list(users.filter(**members)[:1]) or list(users.filter(person__federation_number=text.upper())[:1])


def accounts_for(identifier) -> list:
    """The accounts `identifier` names: the user with that username; else `login_candidates`; else the user whose
    username it is in another case (that login fails, but its failures count against that account)."""
    text = typed(identifier)
    if not text or len(text) > MAX_TYPED:
        return []
    users = get_user_model().objects
    found = list(users.filter(username=text)[:1]) or login_candidates(text)
    return found or list(users.filter(username__iexact=text)[:1])


def shared_key(email: str) -> str:
    return (SHARED + email.casefold())[:MAX_KEY]


def throttle_key(identifier) -> str | None:
    """The name a login's failure is counted under: the account's username when one account is named, the email's
    key when several share it, and what was typed (case-folded) when it names none."""
    if identifier is None:
        return None
    accounts = accounts_for(identifier)
    if len(accounts) == 1:
        return accounts[0].get_username()[:MAX_KEY]
    if accounts:
        return shared_key(typed(identifier))
    return typed(str(identifier)).casefold()[:MAX_KEY]


def throttle_keys(identifier) -> list[str]:
    """Every name whose failures count against this login: its own key, and for each account it names, that
    account's username and the key of its email if several accounts share it (a couple's guesses through their
    email count against each of them, and a locked username locks the email too)."""
    key = throttle_key(identifier)
    if key is None:
        return []
    keys = {key}
    for account in accounts_for(identifier):
        keys.add(account.get_username()[:MAX_KEY])
        if account.email and get_user_model().objects.filter(email__iexact=account.email).count() > 1:
            keys.add(shared_key(account.email))
    return sorted(keys)
