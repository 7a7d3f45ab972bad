"""Merging people: a guest (by the name the results give) or a duplicate member becomes a member everywhere.

Each app moves its own rows through the merge handler it registered (`club.registry.register_merge_handler`);
the merge is one transaction and is kept as a `Merge` with what every handler changed, so that `undo_merge`
puts back exactly those rows. A merged member is deactivated (and active again when the merge is undone).

Two club admins merging the same guest at once: the handlers lock the rows they move, so the later merge finds
nothing left and is refused with a message; the same for undoing a merge twice (the `Merge` row is locked).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db import connection, transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from club.member_match import folded
from club.models import Member, Merge
from club.registry import MergeSource, merge_handlers
from club.unit_of_work import MEMBER, record_change
from roster.services.roles import LastClubAdmin, check_admins_remain

MAX_SUGGESTIONS = 50


class MergeRefused(Exception):
    """A merge or an undo that cannot be made; `str()` says why, for the club admin."""


def _locked_member(pk: int) -> Member | None:
    members = Member.objects.filter(pk=pk)
    if connection.features.has_select_for_update:
        members = members.select_for_update()
    return members.first()


def _check_source(source: MergeSource, into: Member) -> Member | None:
    if source.member_id is None:
        if not source.guest.strip():
            raise MergeRefused(_("Say which guest to merge."))
        return None
    if source.member_id == into.pk:
        raise MergeRefused(_("A member cannot be merged into themselves."))
    from_member = _locked_member(source.member_id)
    if from_member is None:
        raise MergeRefused(_("No member has the id %(id)s.") % {"id": source.member_id})
    return from_member


def _keep_an_admin(member: Member) -> None:
    try:
        check_admins_remain(leaving=[member.user_id], name=member.real_name)
    except LastClubAdmin as refused:
        raise MergeRefused(
            _("%(message)s A merge deactivates %(name)s.") % {"message": refused, "name": member.real_name}
        ) from None


def merge_people(*, source: MergeSource, into_id: int, user=None) -> Merge:
    """Moves every row of `source` to the member `into_id` and keeps the merge; raises MergeRefused."""
    with transaction.atomic():
        into = _locked_member(into_id)
        if into is None:
            raise MergeRefused(_("No member has the id %(id)s.") % {"id": into_id})
        from_member = _check_source(source, into)
        if from_member is not None and from_member.active:
            _keep_an_admin(from_member)
        changes = {name: handler.move(source, into.pk) for name, handler in sorted(merge_handlers().items())}
        changes = {name: change for name, change in changes.items() if change}
        deactivate = from_member is not None and from_member.active
        if not changes and not deactivate:
            raise MergeRefused(
                _("Nothing to merge: %(name)s has no results (merged already?).")
                % {"name": from_member or source.guest}
            )
        if deactivate:
            from_member.active = False
            from_member.save(update_fields=["active"])
        record_change(MEMBER, into.pk, *([from_member.pk] if from_member else []))  # the apps recorded their results
        return Merge.objects.create(
            into=into,
            from_member=from_member,
            from_guest=source.guest if from_member is None else "",
            changes=changes,
            deactivated=deactivate,
            made_by=user if user is not None and user.is_authenticated else None,
        )


def undo_merge(*, merge_id: int, user=None) -> Merge:
    """Puts back what the merge changed (the rows the member still holds); raises MergeRefused."""
    with transaction.atomic():
        merges = Merge.objects.filter(pk=merge_id)
        if connection.features.has_select_for_update:
            merges = merges.select_for_update()
        merge = merges.first()
        if merge is None:
            raise MergeRefused(_("There is no such merge."))
        if merge.undone_at is not None:
            raise MergeRefused(
                _("This merge was already undone on %(date)s.")
                % {"date": date_format(merge.undone_at, "DATETIME_FORMAT")}
            )
        source = MergeSource(member_id=merge.from_member_id, guest=merge.from_guest)
        handlers = merge_handlers()
        for name, change in sorted(merge.changes.items()):
            handlers[name].undo(change, source, merge.into_id)
        if merge.deactivated:
            from_member = _locked_member(merge.from_member_id)
            from_member.active = True
            from_member.save(update_fields=["active"])
        record_change(MEMBER, merge.into_id, *([merge.from_member_id] if merge.from_member_id else []))
        merge.undone_at = timezone.now()
        merge.undone_by = user if user is not None and user.is_authenticated else None
        merge.save(update_fields=["undone_at", "undone_by"])
        return merge


@dataclass(frozen=True)
class Suggestion:
    """A guest whose name is a member's (accents, case and spaces aside): `rows` places in the results."""

    guest: str
    rows: int
    members: list[Member]


def guest_names() -> Counter[str]:
    """Every guest name in every app's results, with how many places it has."""
    counts: Counter[str] = Counter()
    for handler in merge_handlers().values():
        counts.update(handler.guests())
    return counts


def suggestions(limit: int = MAX_SUGGESTIONS) -> list[Suggestion]:
    """Guests who are probably members: their name folded (`club.member_match.folded`) is an active member's."""
    by_name: dict[str, list[Member]] = defaultdict(list)
    for member in Member.objects.filter(active=True).only("pk", "first_name", "last_name", "number"):
        by_name[folded(member.real_name)].append(member)
    found = [
        Suggestion(guest, rows, by_name[folded(guest)])
        for guest, rows in sorted(guest_names().items(), key=lambda item: folded(item[0]))
        if folded(guest) in by_name
    ]
    return found[:limit]
