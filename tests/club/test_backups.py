"""Backups that restore: a club in the middle of an evening backed up, restored into an empty database, and every
page and export of it the same, byte for byte; the refusals, the check, the retention and the periodic task.
On SQLite and, with DATABASE_URL=postgres://..., on PostgreSQL (pg_dump and pg_restore)."""

import io
import sqlite3
import threading

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, connections, transaction
from django.db.migrations.recorder import MigrationRecorder
from django.utils.module_loading import import_string
from django_tasks.base import Task

from club.backups import backups, check_backup, making
from club.backups.making import tables_in
from club.models import Member
from events.models import Session
from tests.builders.club_pages import club_mid_session, every_page

# Transactional (a backup reads what is committed), and not marked slow: the suite runs the slow tests first, and a
# transactional test's flush would take the migrations' groups away from the database tests after it.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def backup_dir(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def empty_the_database() -> None:
    """Every table dropped, by hand (not through the code under test)."""
    connection.ensure_connection()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        return
    raw = connection.connection
    raw.execute("PRAGMA foreign_keys = OFF")
    names = raw.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").fetchall()
    for (name,) in names:
        raw.execute(f'DROP TABLE "{name}"')
    raw.execute("PRAGMA foreign_keys = ON")


def test_a_club_mid_session_restores_into_an_empty_database_page_for_page(player_user, director_user):
    club_mid_session(player_user)
    before = every_page(director_user)
    shown = [body for (who, url), (status, body) in before.items() if status == 200]
    assert len(shown) > 150  # the club's pages, not a handful of 404s
    assert any(b"Tues0" in body for body in shown) and any(b"First0" in body for body in shown)
    assert Session.objects.filter(status=Session.Status.IN_PROGRESS).exists()

    assert "Backup written" in run("backup")
    [backup] = backups()
    empty_the_database()
    assert tables_in(connection) == []
    cache.set("page-of-the-database-before", "stale")
    said = run("restore", str(backup))

    assert "Restored from" in said and "migrate" not in said
    assert cache.get("page-of-the-database-before") is None
    after = every_page(director_user)
    assert after.keys() == before.keys()
    assert [key for key in before if after[key] != before[key]] == []


def test_an_emptied_database_that_kept_sqlites_statistics_takes_the_restore(player_user):
    """ANALYZE (the clubs' migrations run it) leaves `sqlite_stat1`, which dropping the site's tables keeps: the
    database is empty all the same. Until this was known, the restore refused it as "not empty"."""
    if connection.vendor != "sqlite":
        pytest.skip("sqlite_stat1 is SQLite's (PostgreSQL keeps its statistics outside the schema)")
    Member.objects.create(first_name="Kept", last_name="Member")
    run("backup")
    [backup] = backups()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    empty_the_database()
    kept = connection.connection.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'").fetchone()
    assert kept == (1,)
    assert tables_in(connection) == []
    assert "Restored from" in run("restore", str(backup))
    assert list(Member.objects.values_list("first_name", flat=True)) == ["Kept"]


def test_restore_refuses_a_database_that_is_not_empty_and_changes_nothing(player_user):
    Member.objects.create(first_name="Kept", last_name="Member")
    run("backup")
    [backup] = backups()
    Member.objects.create(first_name="Added", last_name="Later")
    with pytest.raises(CommandError) as refused:
        run("restore", str(backup))
    assert "is not empty" in str(refused.value) and "--force" in str(refused.value)
    assert set(Member.objects.values_list("first_name", flat=True)) == {"Kept", "Added"}


def test_restore_with_force_replaces_everything(player_user):
    Member.objects.create(first_name="Kept", last_name="Member")
    run("backup")
    [backup] = backups()
    Member.objects.all().delete()
    Member.objects.create(first_name="Added", last_name="Later")
    said = run("restore", "--force", str(backup))
    assert "Restored from" in said
    assert list(Member.objects.values_list("first_name", flat=True)) == ["Kept"]
    assert Member.objects.create(first_name="New", last_name="Row").pk  # the ids go on after the restored ones


def test_restore_check_counts_the_rows_of_a_scratch_copy_and_leaves_the_site_alone(player_user):
    for n in range(3):
        Member.objects.create(first_name=f"M{n}", last_name="Checked")
    run("backup")
    [backup] = backups()
    Member.objects.all().delete()
    said = run("restore", "--check", str(backup))
    assert f"{Member._meta.db_table}: 3\n" in said
    assert "restores: checked in a scratch database" in said
    assert Member.objects.count() == 0


def test_a_file_that_is_no_backup_or_of_the_other_database_is_refused(tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_text("not a database")
    for args in (("restore", str(junk)), ("restore", "--check", str(junk))):
        with pytest.raises(CommandError, match="is not a backup"):
            run(*args)
    other = tmp_path / ("other.pgdump" if connection.vendor == "sqlite" else "other.sqlite3")
    if connection.vendor == "sqlite":
        other.write_bytes(b"PGDMP" + bytes(100))
    else:
        sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    with pytest.raises(CommandError, match="the site's database is"):
        run("restore", str(other))
    with pytest.raises(CommandError, match="Cannot read"):
        run("restore", str(tmp_path / "missing.sqlite3"))


def test_only_the_newest_backups_are_kept(settings, backup_dir):
    settings.BACKUP_KEEP = 2
    for _n in range(3):
        run("backup")
    made = backups()
    said = run("backup")
    assert "1 older backup removed" in said
    assert backups() == [*made[1:], backups()[-1]] and len(backups()) == 2
    assert "2 older backups removed" in run("backup", "--keep", "1")
    assert len(backups()) == 1
    assert [path.name for path in backup_dir.iterdir()] == [backups()[0].name]  # no partial file left behind


def test_a_backup_that_fails_leaves_nothing_behind(monkeypatch, backup_dir):
    def broken(connection, target):
        target.write_bytes(b"half a backup")
        raise making.BackupError("the disk is full")

    monkeypatch.setattr(making.sqlite, "dump", broken)
    monkeypatch.setattr(making.postgres, "dump", broken)
    with pytest.raises(CommandError, match="the disk is full"):
        run("backup")
    assert list(backup_dir.iterdir()) == []


def test_the_periodic_backup_task_is_registered_and_makes_a_backup():
    [(path, every)] = [(path, every) for path, every in django_settings.PERIODIC_TASKS.items() if "backup" in path]
    assert every == 86400
    backup_task = import_string(path)
    assert isinstance(backup_task, Task)
    name = backup_task.call()
    assert [found.name for found in backups()] == [name]


def test_a_backup_taken_while_the_site_writes_is_one_moment(database):
    """A writer adds members two by two, each pair in one transaction, while backups are made: every backup holds
    whole pairs (a snapshot of one moment), and each later one holds more."""
    stop, written = threading.Event(), []

    def writer():
        database()
        try:
            while not stop.is_set() or len(written) < 40:
                with transaction.atomic():
                    for side in "AB":
                        Member.objects.create(first_name=f"{side}{len(written)}", last_name="Pair")
                written.append(1)
        finally:
            connections.close_all()

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        while len(written) < 5:
            thread.join(timeout=0.01)
        for _n in range(3):
            run("backup")
    finally:
        stop.set()
        thread.join(timeout=60)
    assert not thread.is_alive()
    members = [
        next(table.rows for table in check_backup(path) if table.table == Member._meta.db_table) for path in backups()
    ]
    assert all(count % 2 == 0 for count in members), members
    assert members == sorted(members) and 10 <= members[0] < members[-1]  # the site wrote on between backups
    assert Member.objects.count() == 2 * len(written)


def test_a_backup_older_than_the_code_says_to_migrate():
    recorder = MigrationRecorder(connection)
    newest = recorder.migration_qs.filter(app="events").order_by("-id").first()
    newest.delete()  # the backup is made as if before events' newest migration
    try:
        run("backup")
    finally:
        recorder.record_applied(newest.app, newest.name)
    [backup] = backups()
    said = run("restore", "--force", str(backup))
    try:
        assert "run `manage.py migrate` (1 migration to apply)" in said
    finally:
        recorder.record_applied(newest.app, newest.name)
