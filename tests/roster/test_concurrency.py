"""Two club admins acting at the same moment: the later is told, and nothing is done twice or left half done."""

from functools import partial

from django.contrib.auth.models import User

from club.csv_files import FileRefused
from club.models import Member, Merge
from club.registry import MergeSource
from events.models import Pair
from roster.services.members import import_members
from roster.services.merging import MergeRefused, merge_people, undo_merge
from roster.services.roles import RoleRefused, revoke
from tests.builders.accounts import made_club_admin
from tests.builders.concurrency import run_at_once
from tests.builders.sessions import club_night

GUEST = "Elena Martin"


def guest_session() -> list[int]:
    _session, section = club_night()
    pairs = list(section.pairs.order_by("pk")[:2])
    Pair.objects.filter(pk__in=[pair.pk for pair in pairs]).update(player1_guest=GUEST)
    return [pair.pk for pair in pairs]


def test_two_merges_of_one_guest_at_once(database):
    pair_ids = guest_session()
    elena = Member.objects.create(first_name="Elena", last_name="Martín")
    other = Member.objects.create(first_name="Elena", last_name="Martínez")
    jobs = [partial(merge_people, source=MergeSource(guest=GUEST), into_id=pk) for pk in (elena.pk, other.pk)]
    results, errors = run_at_once(jobs, database)
    assert len(errors) == 1 and isinstance(errors[0], MergeRefused), errors
    assert "Nothing to merge" in str(errors[0])
    merge = next(result for result in results if result is not None)
    holders = set(Pair.objects.filter(pk__in=pair_ids).values_list("player1_id", flat=True))
    assert holders == {merge.into_id}  # both pairs went to the one merge that was made
    assert Merge.objects.count() == 1


def test_one_merge_undone_twice_at_once(database):
    guest_session()
    elena = Member.objects.create(first_name="Elena", last_name="Martín")
    merge = merge_people(source=MergeSource(guest=GUEST), into_id=elena.pk)
    _results, errors = run_at_once([partial(undo_merge, merge_id=merge.pk)] * 2, database)
    assert len(errors) == 1 and "already undone" in str(errors[0])
    assert Pair.objects.filter(player1_guest=GUEST).count() == 2


def test_two_club_admins_taking_each_other_out_at_once(database):
    first, second = (made_club_admin(User.objects.create_user(name)) for name in ("first", "second"))
    group = first.groups.get(name="Club admins")
    jobs = [
        partial(revoke, user_id=second.pk, role="Club admins", by=first),
        partial(revoke, user_id=first.pk, role="Club admins", by=second),
    ]
    _results, errors = run_at_once(jobs, database)
    assert len(errors) == 1 and isinstance(errors[0], RoleRefused), errors
    assert group.user_set.count() == 1


def test_one_roster_imported_twice_at_once(database):
    text = "NUMBER,FIRST_NAME,LAST_NAME,EMAIL\n1001,Ana,García,\n1002,Elena,Martín,\n"
    results, errors = run_at_once([partial(import_members, text)] * 2, database)
    assert all(isinstance(error, FileRefused) and "meanwhile" in str(error) for error in errors), errors
    assert sorted(Member.objects.values_list("number", flat=True)) == ["1001", "1002"]
    made = [result.counts() for result in results if result is not None]
    assert {"created": 2, "updated": 0, "unchanged": 0} in made
