"""Who directs and who administers the club: the Directors and Club admins groups, changed by club admins on the
roles page (`club.views_roles`) instead of the Django admin.

The Club admins group never loses its last member, and a club admin cannot take themselves out of it (another
one must): the group's row is locked while it changes, so two admins removing each other at once cannot leave
the club without one.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

DIRECTORS = "Directors"
CLUB_ADMINS = "Club admins"
ROLES = {DIRECTORS: gettext_lazy("Directors"), CLUB_ADMINS: gettext_lazy("Club admins")}


class RoleRefused(Exception):
    """A change of roles that is not allowed; `str()` says why."""


@dataclass(frozen=True)
class RoleHolder:
    user_id: int
    username: str
    name: str
    roles: frozenset[str]


def holders() -> list[RoleHolder]:
    """Every user in either group, with their roles (one query)."""
    users = (
        get_user_model()
        .objects.filter(groups__name__in=ROLES)
        .values_list("pk", "username", "first_name", "last_name", "groups__name")
        .order_by("username")
    )
    found: dict[int, tuple[str, str, set[str]]] = {}
    for pk, username, first, last, group in users:
        found.setdefault(pk, (username, f"{first} {last}".strip(), set()))[2].add(group)
    return [RoleHolder(pk, username, name, frozenset(roles)) for pk, (username, name, roles) in found.items()]


def _locked_group(role: str) -> Group:
    if role not in ROLES:
        raise RoleRefused(_("There is no such role."))
    groups = Group.objects.filter(name=role)
    if connection.features.has_select_for_update:
        groups = groups.select_for_update()
    group = groups.first()
    if group is None:
        raise RoleRefused(_("The group “%(group)s” is missing: run the migrations.") % {"group": role})
    return group


def grant(*, username: str, role: str) -> None:
    """Puts the user named `username` in the role's group."""
    with transaction.atomic():
        group = _locked_group(role)
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise RoleRefused(_("There is no user “%(username)s”.") % {"username": username[:150]})
        user.groups.add(group)


def revoke(*, user_id: int, role: str, by) -> None:
    """Takes the user out of the role's group; never the last club admin, never oneself from Club admins."""
    with transaction.atomic():
        group = _locked_group(role)
        members = group.user_set
        if not members.filter(pk=user_id).exists():
            raise RoleRefused(_("That user does not have this role (changed meanwhile?)."))
        if role == CLUB_ADMINS:
            if user_id == by.pk:
                raise RoleRefused(_("You cannot take yourself out of the club admins: ask another club admin."))
            if members.count() <= 1:
                raise RoleRefused(_("The club must keep at least one club admin."))
        members.remove(user_id)
