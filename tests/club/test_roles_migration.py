"""club.0008_people_roles: an existing database's roles (the Directors and Club admins groups) become rows at the
clubs their logins are members of, or at the first club for a login that is nobody's member (with one club, that
club). The migration's function run on the live models (cheap; the upgrade test runs the chain itself)."""

import importlib

from django.apps import apps
from django.contrib.auth.models import User

from club.clubs import create_club
from club.models import ClubRole, Member
from club.tenancy import club_scope, single_club_id
from tests.builders.accounts import club_admins_group, directors_group

MIGRATION = importlib.import_module("club.migrations.0008_people_roles")


def test_the_groups_become_roles_at_their_members_clubs(db):
    first = single_club_id()
    other = create_club(short_name="other", name="Other")
    dee, ada, nobody = (User.objects.create_user(name) for name in ("dee", "ada", "nobody"))
    dee.groups.add(directors_group())
    ada.groups.add(club_admins_group(), directors_group())
    with club_scope(other.pk):
        Member.objects.create(first_name="Dee", last_name="D", user=dee)
    MIGRATION.roles_at_clubs(apps, None)
    MIGRATION.roles_at_clubs(apps, None)  # run again (a migration re-applied): nothing twice
    roles = set(ClubRole._base_manager.values_list("user__username", "club_id", "role"))
    assert roles == {("dee", other.pk, "director"), ("ada", first, "admin"), ("ada", first, "director")}
    assert not ClubRole._base_manager.filter(user=nobody).exists()
