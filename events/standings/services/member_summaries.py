"""The members' stored summaries (`events.models.MemberSummary`): what each member page shows from the whole history,
derived by the unit of work (`club.unit_of_work`) from its records.

Every write that changes what a summary counts records the members concerned as stale, `record_change(MEMBER, *ids,
stale=True)`, in its unit of work: the standings' derivation (the members of the pairs whose standing or figure
against par changed in a published session), `set_status` (a session published or taken back), `set_players` and
the set-up (`members_followed`: the members who left), the merge handler (a member's or guest's places moved, or
moved back), a session deleted (the admin), the deals' par (`deals_changed`). At the unit's end `DERIVATION` marks
their summaries stale (`mark_summaries_stale`, one statement: a director's correction does not wait for the
members' whole histories to be read) and the member pages move; the member page counts the whole history of a
member whose summary is stale until `refresh_stale_member_summaries` (the task `events.tasks.refresh_summaries`,
which the mark enqueues when the unit commits) writes it again.

Members' names are not stored (each reader gets them from `club.privacy`), so renaming a member or changing their
privacy changes no summary. `refresh_member_summaries` (the command) writes every member's, a batch at a time.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.db import connection, transaction

from club.background import enqueue_on_commit
from club.models import Member
from club.statements import quoted, table
from club.unit_of_work import MEMBER, Change, record_change
from events.models import MemberSummary, Pair
from events.results.selectors.member_summary import SUMMARY_FIELDS, history_rows, summary_fields
from events.setup.selectors.pairs_and_sections import PUBLISHED

BATCH = 200  # members whose histories are read at once
MARK_BATCH = 500  # members marked stale a statement (one parameter each)


def _members(pairs, published_only: bool) -> set[int]:
    """The members on `pairs` (a Pair queryset; in published sessions only, if asked): one query."""
    if published_only:
        pairs = pairs.filter(section__session__status__in=PUBLISHED)
    found = {pk for row in pairs.order_by().values_list("player1_id", "player2_id") for pk in row}
    found.discard(None)
    return found


def members_of(*, session_ids: Iterable[int], published_only: bool = False) -> set[int]:
    """The members on the pairs of the sessions (of those published only, if asked): one query."""
    return _members(Pair.objects.filter(section__session_id__in=list(session_ids)), published_only)


def members_of_pairs(*, pair_ids: list[int], published_only: bool = False) -> set[int]:
    """The members on the pairs (in published sessions only, if asked): one query."""
    return _members(Pair.objects.filter(pk__in=pair_ids), published_only)


def refresh_member_summaries(*, member_ids: Iterable[int]) -> int:
    """Writes the summaries of the members from their whole published history; returns how many were written.

    Four queries a batch of members, whatever their number (two more for those without a summary yet): the members
    that exist, their summaries locked in the members' order (made first where missing: a write of another session
    waits here until this one commits, then reads what it wrote), their pairs, the summaries written.
    """
    wanted = sorted(set(member_ids))
    written = 0
    for start in range(0, len(wanted), BATCH):
        with transaction.atomic():
            ids = list(
                Member.objects.filter(pk__in=wanted[start : start + BATCH]).order_by("pk").values_list("pk", flat=True)
            )
            _lock(ids)
            rows = history_rows(ids)
            summaries = [MemberSummary(member_id=pk, stale=False, **summary_fields(pk, rows[pk])) for pk in ids]
            MemberSummary.objects.bulk_create(
                summaries, update_conflicts=True, unique_fields=["member"], update_fields=[*SUMMARY_FIELDS, "stale"]
            )
            written += len(summaries)
    return written


def mark_summaries_stale(*, member_ids: Iterable[int]) -> None:
    """Marks the members' summaries stale, in the caller's transaction (one statement; a summary not made yet is made
    stale). The rows are locked in the members' order: a refresh holding one makes this wait until it has written,
    and a refresh after this waits for the caller's commit before reading the history, so none is left fresh
    without the caller's change. The task that writes them again is enqueued when the caller commits."""
    ids = sorted(set(member_ids))
    if ids:
        from events.tasks import refresh_summaries  # the tasks module reads these services

        enqueue_on_commit(refresh_summaries)
        fields = MemberSummary._meta.concrete_fields[1:-1]  # between the member and `stale`: their defaults
        defaults = [field.get_db_prep_save(field.get_default(), connection) for field in fields]
        with connection.cursor() as cursor:
            for start in range(0, len(ids), MARK_BATCH):
                batch = ids[start : start + MARK_BATCH]
                cursor.execute(_mark_stale_sql(connection.vendor, len(batch)), [*defaults, True, *batch])


@functools.cache
def _mark_stale_sql(vendor: str, count: int) -> str:
    """`bulk_create(..., update_conflicts=True, update_fields=["stale"])` of `count` members' summaries (a new one
    with its fields' defaults), written once: the ORM's building of 120 members' rows cost a correction of a
    published session 7 ms. Its rows are inserted (or their conflicts locked) in the members' order; `WHERE true`
    tells SQLite that the `ON` that follows is the upsert's, not a join's."""
    fields = MemberSummary._meta.concrete_fields  # the member first, stale last
    assert fields[0].name == "member" and fields[-1].name == "stale"
    names = ", ".join(quoted(field.column) for field in fields)
    rows = ", ".join(["(%s)"] * count)
    member, stale = quoted(fields[0].column), quoted(fields[-1].column)
    values = ", ".join(["v.column1"] + ["%s"] * (len(fields) - 1))
    return (
        f"INSERT INTO {table(MemberSummary)} ({names}) SELECT {values} FROM (VALUES {rows}) AS v WHERE true "
        f"ORDER BY v.column1 ON CONFLICT ({member}) DO UPDATE SET {stale} = EXCLUDED.{stale}"
    )


def refresh_stale_member_summaries() -> int:
    """Writes again the summaries marked stale, a batch of members a transaction; returns how many were written."""
    member_ids = list(MemberSummary.objects.filter(stale=True).order_by("pk").values_list("member_id", flat=True))
    written = 0
    for start in range(0, len(member_ids), BATCH):
        with transaction.atomic():
            written += refresh_member_summaries(member_ids=member_ids[start : start + BATCH])
    return written


def _lock(member_ids: list[int]) -> None:
    """Takes the row locks of the members' summaries (in the caller's transaction), made first where missing."""
    summaries = MemberSummary.objects.filter(member_id__in=member_ids).order_by("pk")
    if connection.features.has_select_for_update:
        summaries = summaries.select_for_update()
    found = set(summaries.values_list("pk", flat=True))
    missing = [MemberSummary(member_id=pk) for pk in member_ids if pk not in found]
    if missing:  # made (or waited for, when another transaction is making them), then locked by this one
        MemberSummary.objects.bulk_create(missing, ignore_conflicts=True)
        list(summaries.filter(member_id__in=[summary.member_id for summary in missing]).values_list("pk"))


def _derive(changes: list[Change]) -> None:
    """The unit of work's derivation of members recorded stale: their summaries marked stale (the task writes them)."""
    mark_summaries_stale(member_ids=[change.pk for change in changes if change.pk is not None])


DERIVATION = _derive


@contextmanager
def members_followed(session_id: int | None) -> Iterator[None]:
    """Around a change of a published session's sections or pairs: the members no longer in it afterwards are
    recorded stale (those still in it are recorded by the standings' derivation)."""
    before = members_of(session_ids=[session_id], published_only=True) if session_id else set()
    yield
    if before:
        left = before - members_of(session_ids=[session_id], published_only=True)
        record_change(MEMBER, *sorted(left), stale=True)


def refresh_session_members(*, session_ids: Iterable[int], published_only: bool = False) -> int:
    """The summaries of the members of the sessions' pairs (with `published_only`, only if a session is published:
    a session in progress counts in no summary, so writing its lines changes none)."""
    return refresh_member_summaries(member_ids=members_of(session_ids=session_ids, published_only=published_only))


def refresh_all_member_summaries() -> int:
    """Every member's summary (after an upgrade or a data load that went around the services)."""
    member_ids = list(Member.objects.order_by("pk").values_list("pk", flat=True))
    written = 0
    for start in range(0, len(member_ids), BATCH):
        with transaction.atomic():
            written += refresh_member_summaries(member_ids=member_ids[start : start + BATCH])
    return written
