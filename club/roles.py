"""Roles per club (issue 31): who directs and who administers which club.

A role is two things: its group (`Directors`, `Club admins`: Django's permission, as ever) and a `ClubRole` row
saying at which club it counts. With one club (the default) the group alone decides, as before (the row is kept
too, so that a site that turns to many clubs keeps its roles). With many clubs a login's role counts only at the
clubs where it has that row (`club.access.at_this_club`): a person may direct at one club, administer another and
play at both. A superuser is the host's admin (`club.access.is_host_admin`) and counts at every club.

`give_role` and `take_role` are the one way a role is written (the roles page, a new club's first admin, the
demo); they run inside the caller's transaction.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db.models import QuerySet

from club.models import ClubRole
from club.tenancy import many_clubs

DIRECTORS = "Directors"
CLUB_ADMINS = "Club admins"
ROLE_OF_GROUP = {DIRECTORS: ClubRole.Role.DIRECTOR, CLUB_ADMINS: ClubRole.Role.CLUB_ADMIN}


def give_role(*, user, group: Group) -> None:
    """`user` holds the group's role at the current club (the group, and the club's row)."""
    user.groups.add(group)
    ClubRole.objects.get_or_create(user=user, role=ROLE_OF_GROUP[group.name])


def take_role(*, user_id: int, group: Group) -> None:
    """`user_id` no longer holds the group's role at the current club; with one club, nowhere. The group goes when
    no club's row for that role is left."""
    role = ROLE_OF_GROUP[group.name]
    ClubRole.objects.filter(user_id=user_id, role=role).delete()
    if not many_clubs() or not ClubRole._base_manager.filter(user_id=user_id, role=role).exists():
        group.user_set.remove(user_id)


def holders_here(group_name: str) -> QuerySet:
    """The logins holding the group's role at the current club (with one club: the group's users)."""
    users = get_user_model().objects.filter(groups__name=group_name)
    if not many_clubs():
        return users
    here = ClubRole.objects.filter(role=ROLE_OF_GROUP[group_name]).values("user_id")
    return users.filter(pk__in=here)
