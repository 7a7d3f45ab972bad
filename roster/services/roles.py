"""Who directs and who administers the club: the Directors and Club admins groups and, with many clubs, each role's
row at its club (`club.roles`), changed by club admins on the roles page (`roster.views.roles`) instead of the
Django admin.

The club never loses its last club admin, by any path: a role taken away here, an account removed
(`accounts.member_data.remove_member`), a merge or a deactivation on the roster (the merged or deactivated member's
login no longer counts), the Django admin (a user deleted, made inactive or taken out of the group; the group
deleted or renamed). Each path calls `check_admins_remain` inside its transaction: the one rule, under the Club
admins group's row lock, so two changes at once cannot both take away "the other" admin. A club admin cannot take
themselves out of the group either (another one must).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection, transaction
from django.db.models import Case, F, Q, Value, When
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.models import ClubRole, Member
from club.page_cache import readers_changed
from club.roles import CLUB_ADMINS, DIRECTORS, ROLE_OF_GROUP, give_role, holders_here, take_role
from club.tenancy import many_clubs

ROLES = {DIRECTORS: gettext_lazy("Directors"), CLUB_ADMINS: gettext_lazy("Club admins")}


class RoleRefused(Exception):
    """A change of roles that is not allowed; `str()` says why."""


class LastClubAdmin(RoleRefused):
    """The change would leave the club without a club admin."""


@dataclass(frozen=True)
class RoleHolder:
    user_id: int
    username: str
    name: str
    roles: frozenset[str]


def holders() -> list[RoleHolder]:
    """Every user holding either role at this club, with their roles (one query). With many clubs a role is its
    club's row (`club.roles`); with one, the group."""
    if many_clubs():
        group_of = {role: group for group, role in ROLE_OF_GROUP.items()}
        rows = ClubRole.objects.annotate(role_group=_group_name()).filter(user__groups__name=F("role_group"))
        users = [
            (pk, username, first, last, group_of[role])
            for pk, username, first, last, role in rows.values_list(
                "user_id", "user__username", "user__first_name", "user__last_name", "role"
            ).order_by("user__username")
        ]
    else:
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


def _group_name():
    """A role row's group's name (the row counts only while its login is in that group)."""
    return Case(*(When(role=role, then=Value(group)) for group, role in ROLE_OF_GROUP.items()))


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


def standing_admins():
    """The users who administer the club: active, in the Club admins group, and not the login of a member who was
    deactivated, merged away or removed."""
    gone = Member.objects.filter(Q(active=False) | Q(removed_on__isnull=False)).exclude(user=None).values("user_id")
    return holders_here(CLUB_ADMINS).filter(is_active=True).exclude(pk__in=gone).distinct()


def admins_remain_without(user_ids) -> bool:
    """False if taking the users `user_ids` away would leave no club admin (while at least one stands now)."""
    standing = standing_admins()
    user_ids = [pk for pk in user_ids if pk is not None]
    return not standing.filter(pk__in=user_ids).exists() or standing.exclude(pk__in=user_ids).exists()


def check_admins_remain(*, leaving, name: str = "") -> None:
    """The one rule: raises LastClubAdmin if the users `leaving` (ids) are the club's last club admins. Call it in
    the transaction that takes them away: it locks the Club admins group's row until that transaction ends."""
    groups = Group.objects.filter(name=CLUB_ADMINS)
    if connection.features.has_select_for_update:
        groups = groups.select_for_update()
    if groups.first() is None:
        return  # no group, no club admin to keep
    if not admins_remain_without(leaving):
        raise LastClubAdmin(last_admin_message(name))


def last_admin_message(name: str = "") -> str:
    if name:
        return _(
            "%(name)s is the club's last club admin: give the role to another user first (Club admin → Roles)."
        ) % {"name": name}
    return _("This is the club's last club admin: give the role to another user first (Club admin → Roles).")


def grant(*, username: str, role: str) -> None:
    """Puts the user named `username` in the role's group."""
    with transaction.atomic():
        group = _locked_group(role)
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise RoleRefused(_("There is no user “%(username)s”.") % {"username": username[:150]})
        give_role(user=user, group=group)
        readers_changed()  # the pages kept for each class of reader: this user's class is read again


def revoke(*, user_id: int, role: str, by) -> None:
    """Takes the user out of the role's group; never the last club admin, never oneself from Club admins."""
    with transaction.atomic():
        group = _locked_group(role)
        members = holders_here(role)
        if not members.filter(pk=user_id).exists():
            raise RoleRefused(_("That user does not have this role (changed meanwhile?)."))
        if role == CLUB_ADMINS:
            if user_id == by.pk:
                raise RoleRefused(_("You cannot take yourself out of the club admins: ask another club admin."))
            if members.count() <= 1 or not admins_remain_without([user_id]):
                raise LastClubAdmin(_("The club must keep at least one club admin."))
        take_role(user_id=user_id, group=group)
        readers_changed()
