"""Logged-in test clients for users made inside a test."""

from django.contrib.auth.models import Group, Permission, User
from django.test import Client

from club.roles import give_role
from club.tenancy import many_clubs, scoped_club


def logged_in_client(user) -> Client:
    """A test client logged in as `user`."""
    client = Client()
    client.force_login(user)
    return client


def directors_group() -> Group:
    """The Directors group of the data migration (rebuilt when a transactional test flushed it)."""
    group, created = Group.objects.get_or_create(name="Directors")
    if created:
        group.permissions.add(Permission.objects.get(content_type__app_label="events", codename="direct_sessions"))
    return group


def director(username: str, first_name: str) -> User:
    """A director (in the Directors group, rebuilt when a transactional test flushed it)."""
    user = User.objects.create_user(username, password="correct-horse-battery", first_name=first_name, last_name="D")
    return with_role(user, directors_group())


def with_role(user: User, group: Group) -> User:
    """`user` given the group's role at the current club (club.roles), or only the group when a site serving many
    clubs has no club set (the role then counts nowhere until `give_role` at a club)."""
    if many_clubs() and not isinstance(scoped_club(), int):
        user.groups.add(group)
    else:
        give_role(user=user, group=group)
    return user


CLAIMED_PASSWORD = "a-long-club-password-42"  # the password of an account claimed in a test (tests/accounts)


def club_admins_group() -> Group:
    """The Club admins group of the data migration (rebuilt when a transactional test flushed it)."""
    group, created = Group.objects.get_or_create(name="Club admins")
    if created:
        group.permissions.add(Permission.objects.get(content_type__app_label="club", codename="administer_club"))
    return group


def made_club_admin(user: User) -> User:
    """`user` put in the Club admins group (rebuilt when a transactional test flushed it), at the current club."""
    return with_role(user, club_admins_group())
