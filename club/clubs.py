"""The clubs a site serves (issue 31): a club made with its first club admin (`create_club`: the host's page and the
command `create_club`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from club.club_directory import clubs_changed
from club.duplicates import refused_if_taken
from club.models import Club
from club.roles import CLUB_ADMINS, give_role
from club.tenancy import club_scope

MAX_SHARING = 10  # the accounts an email may name (as accounts.identity)


@dataclass(frozen=True)
class FirstAdmin:
    """Who a new club's first club admin is: an account with this email, or a new one under these names."""

    email: str
    first_name: str = ""
    last_name: str = ""


@dataclass(frozen=True)
class NewClub:
    club: Club
    admin: object | None  # the first admin's login (None: the club has none yet)
    admin_is_new: bool  # a login made now (its password unusable until its owner sets one)


def create_club(*, short_name: str, name: str, host: str = "") -> Club:
    """A new club, refused (ValidationError) when its short name cannot be an address or is taken."""
    return open_club(short_name=short_name, name=name, host=host).club


def open_club(*, short_name: str, name: str, host: str = "", first_admin: FirstAdmin | None = None) -> NewClub:
    """A new club and its first club admin, in one transaction: refused (ValidationError, nothing saved) when the
    short name cannot be an address or is taken (a form sent twice makes one club), or the admin's email is not one
    or names several accounts. The admin is the one account with that email, or a new login without a password."""
    club = Club(short_name=short_name.strip().lower(), name=" ".join(name.split()), host=host.strip().lower())
    club.full_clean()
    with transaction.atomic():
        with refused_if_taken(_("A club with this short name or host name already exists.")):
            club.save()
        clubs_changed()
        if first_admin is None:
            return NewClub(club, None, False)
        admin, made = _admin_login(first_admin, club)
        with club_scope(club.pk):
            give_role(user=admin, group=_club_admins())
    return NewClub(club, admin, made)


def _club_admins() -> Group:
    group = Group.objects.filter(name=CLUB_ADMINS).first()
    if group is None:
        raise ValidationError(_("The group “%(group)s” is missing: run the migrations.") % {"group": CLUB_ADMINS})
    return group


def _admin_login(first_admin: FirstAdmin, club: Club):
    """The one account with the admin's email, or a new login for it."""
    email = first_admin.email.strip()
    try:
        validate_email(email)
    except ValidationError:
        raise ValidationError({"admin_email": _("Enter a valid email address.")}) from None
    users = get_user_model().objects
    found = list(users.filter(email__iexact=email).order_by("pk")[:MAX_SHARING])
    if len(found) > 1:
        message = _("Several accounts use this address: the first admin needs an address of their own.")
        raise ValidationError({"admin_email": message})
    if found:
        return found[0], False
    username = f"admin-{club.short_name}"[:150]
    if users.filter(username=username).exists():
        username = f"admin-{club.pk}"
    user = users.create_user(
        username,
        email=email,
        first_name=" ".join(first_admin.first_name.split())[:150],
        last_name=" ".join(first_admin.last_name.split())[:150],
    )  # no password: unusable until the person sets one from the link they are sent
    return user, True
