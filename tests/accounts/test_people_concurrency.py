"""Two people at once (issue 31, people across clubs): two host admins making the same club, two people saving the
same federation number. Threads on a database every thread writes to (SQLite's file copy, PostgreSQL itself)."""

from functools import partial

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from accounts.hosting import open_club_with_admin
from accounts.models import Person
from accounts.services import save_federation_number
from club.clubs import FirstAdmin
from club.models import Club, ClubRole
from tests.builders.accounts import club_admins_group
from tests.builders.concurrency import checked_together, run_at_once


def test_two_host_admins_making_one_club_at_once_make_one(database, settings, monkeypatch):
    settings.CLUBS = "many"
    club_admins_group()  # the migration's group, made again when an earlier test flushed the database
    checked_together(monkeypatch, Club, "full_clean")  # both pass the form's check before either saves
    jobs = [
        partial(open_club_with_admin, short_name="east", name="East", host="", admin=FirstAdmin(email))
        for email in ("ann@example.org", "bob@example.org")
    ]
    results, errors = run_at_once(jobs, database)
    assert len(errors) == 1 and isinstance(errors[0], ValidationError), errors
    assert "already exists" in errors[0].messages[0]
    made = next(result for result in results if result is not None)
    assert list(Club.objects.filter(short_name="east").values_list("pk", flat=True)) == [made.club.pk]
    # the refused one left nothing behind: no login, no role
    assert list(User.objects.values_list("email", flat=True)) == [made.admin.email]
    assert ClubRole._base_manager.count() == 1


def test_two_people_saving_one_federation_number_at_once(database):
    ann, bob = User.objects.create_user("ann"), User.objects.create_user("bob")
    jobs = [partial(save_federation_number, user=user, number="ES-42") for user in (ann, bob)]
    _results, errors = run_at_once(jobs, database)
    assert len(errors) == 1 and errors[0].message_dict == {
        "federation_number": ["Another person has this federation number."]
    }, errors
    assert Person.objects.filter(federation_number="ES-42").count() == 1
