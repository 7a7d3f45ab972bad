"""The pairs sessions' merge handler (`club.registry.MergeHandler`): a guest's or a member's places in pairs become
a member's. The standings are stored on the pair, so they move with it; the sessions' pages are moved on."""

from __future__ import annotations

from collections import Counter

from django.db import connection
from django.db.models import Q

from club.registry import MergeHandler, MergeSource
from club.unit_of_work import MEMBER, SESSION, record_change
from events.models import Pair

SLOTS = ("player1", "player2")


def _held_by(slot: str, source: MergeSource) -> Q:
    if source.member_id is not None:
        return Q(**{f"{slot}_id": source.member_id})
    return Q(**{f"{slot}__isnull": True, f"{slot}_guest": source.guest})


def _locked(query: Q) -> list[tuple[int, int]]:
    pairs = Pair.objects.filter(query).order_by("pk")
    if connection.features.has_select_for_update:
        pairs = pairs.select_for_update(of=("self",))
    return list(pairs.values_list("pk", "section__session_id"))


def move(source: MergeSource, into_id: int) -> list:
    """[[pair id, slot], ...] for every pair place of `source`, now `into_id`'s."""
    changes: list = []
    sessions: set[int] = set()
    for slot in SLOTS:
        rows = _locked(_held_by(slot, source))
        Pair.objects.filter(pk__in=[pk for pk, _session in rows]).update(**{f"{slot}_id": into_id, f"{slot}_guest": ""})
        changes += [[pk, slot] for pk, _session in rows]
        sessions.update(session for _pk, session in rows)
    if sessions:
        _summaries_changed(source, into_id, [pk for pk, _slot in changes])
        record_change(SESSION, *sorted(sessions))
    return changes


def undo(changes: list, source: MergeSource, into_id: int) -> None:
    """Puts `source` back in the pair places the merge changed that `into_id` still holds."""
    sessions: set[int] = set()
    moved: list[int] = []
    for slot in SLOTS:
        ids = [pk for pk, changed in changes if changed == slot]
        query = Q(pk__in=ids, **{f"{slot}_id": into_id})
        rows = _locked(query)
        back = {f"{slot}_id": source.member_id, f"{slot}_guest": source.guest}
        Pair.objects.filter(pk__in=[pk for pk, _session in rows]).update(**back)
        sessions.update(session for _pk, session in rows)
        moved += [pk for pk, _session in rows]
    if sessions:
        _summaries_changed(source, into_id, moved)
        record_change(SESSION, *sorted(sessions))


def _summaries_changed(source: MergeSource, into_id: int, pair_ids: list[int]) -> None:
    """Records stale both members (a guest has none) and the partners in the pairs moved (their partner changed):
    their summaries are derived again."""
    members = {pk for row in Pair.objects.filter(pk__in=pair_ids).values_list("player1_id", "player2_id") for pk in row}
    record_change(MEMBER, *sorted((members | {source.member_id, into_id}) - {None}), stale=True)


def guests() -> dict[str, int]:
    """Every guest name of a pair, with the number of pair places it has."""
    counts: Counter[str] = Counter()
    for slot in SLOTS:
        rows = (
            Pair.objects.filter(**{f"{slot}__isnull": True})
            .exclude(**{f"{slot}_guest": ""})
            .values_list(f"{slot}_guest", flat=True)
        )
        counts.update(rows)
    return dict(counts)


HANDLER = MergeHandler(move=move, undo=undo, guests=guests)
