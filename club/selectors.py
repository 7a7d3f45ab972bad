"""The club's reads for its pages: the members list, the roster, the merges' history."""

from __future__ import annotations

from django.db.models import QuerySet

from club.collation import name_order
from club.models import Member, Merge
from club.privacy import Privacy, names_visible


def listed_members() -> QuerySet[Member]:
    """The public members list: active members not removed, without those shown by pair number only (unless the
    reader sees real names)."""
    members = name_order(Member.objects.active().filter(removed_on=None), "pk")
    return members if names_visible() else members.exclude(privacy=Privacy.PAIR_NUMBER)


def roster_members(*, show_all: bool) -> QuerySet[Member]:
    """The club admin's roster, by name: the active members, or every member."""
    members = name_order(Member.objects.all(), "pk")
    return members if show_all else members.filter(active=True)


def merge_history(limit: int) -> QuerySet[Merge]:
    """The newest merges, with who made and undid them."""
    return Merge.objects.select_related("into", "from_member", "made_by", "undone_by")[:limit]


def member_of_login(user_id: int | None) -> Member | None:
    """The member whose login `user_id` is (not removed), or None."""
    return Member.objects.filter(user_id=user_id, removed_on=None).first()
