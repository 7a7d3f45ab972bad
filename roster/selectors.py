"""The roster's reads for its pages: the roster, the merges' history."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from club.collation import name_order
from club.models import Member, Merge


def roster_members(*, show_all: bool) -> QuerySet[Member]:
    """The club admin's roster, by name: the active members, or every member."""
    members = name_order(Member.objects.all(), "pk")
    return members if show_all else members.filter(active=True)


def merge_history(limit: int) -> QuerySet[Merge]:
    """The newest merges, with who made and undid them."""
    return Merge.objects.select_related("into", "from_member", "made_by", "undone_by")[:limit]


def member_or_404(member_id: int) -> Member:
    return get_object_or_404(Member, pk=member_id)
