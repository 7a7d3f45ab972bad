"""Who is a club admin: the Club admins group made by club's migration, and the access helper's three answers."""

from importlib import import_module

import pytest
from django.contrib.auth.models import AnonymousUser, Group
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpResponse
from django.test import RequestFactory

from club.access import club_admin_required, is_club_admin, is_director


@club_admin_required
def _page(request):
    return HttpResponse("roster")


def _get(user):
    request = RequestFactory().get("/club/roster/")
    request.user = user
    return _page(request)


@pytest.mark.django_db
def test_the_migration_makes_the_club_admins_group_with_the_permission():
    # Run on the migration's own model state (a transactional test before it may have flushed the group).
    state = MigrationExecutor(connection).loader.project_state(("club", "0002_club_admins_group"))
    import_module("club.migrations.0002_club_admins_group").create_club_admins_group(state.apps, None)
    group = Group.objects.get(name="Club admins")
    codes = set(group.permissions.values_list("codename", flat=True))
    assert {"administer_club", "add_member", "change_member", "view_member"} <= codes


def test_a_club_admin_gets_in(club_admin_user):
    assert is_club_admin(club_admin_user)
    assert _get(club_admin_user).content == b"roster"


def test_a_director_is_not_a_club_admin(director_user):
    # Directing sessions does not make one the club's administrator (issue 18, permissions).
    assert is_director(director_user) and not is_club_admin(director_user)
    with pytest.raises(PermissionDenied):
        _get(director_user)


def test_an_anonymous_visitor_is_sent_to_log_in(db):
    response = _get(AnonymousUser())
    assert response.status_code == 302 and "login" in response["Location"]
