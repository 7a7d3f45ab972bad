"""The club's reads for its pages: the members list, a login's member; the clubs a site serves."""

from __future__ import annotations

from django.db.models import QuerySet

from club.collation import name_order
from club.models import Club, Member
from club.privacy import Privacy, names_visible


def listed_members() -> QuerySet[Member]:
    """The public members list: active members not removed, without those shown by pair number only (unless the
    reader sees real names)."""
    members = name_order(Member.objects.active().filter(removed_on=None), "pk")
    return members if names_visible() else members.exclude(privacy=Privacy.PAIR_NUMBER)


def member_of_login(user_id: int | None) -> Member | None:
    """The member whose login `user_id` is (not removed), or None."""
    return Member.objects.filter(user_id=user_id, removed_on=None).first()


def clubs_listed() -> QuerySet[Club]:
    """The clubs the site serves, for the host's front page."""
    return Club.objects.order_by("name", "pk")


def club_named(short_name: str) -> Club | None:
    return Club.objects.filter(short_name=short_name).first()
