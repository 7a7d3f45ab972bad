"""Running saves at the same moment in threads, on a database every thread can write to.

The test database on SQLite is in memory, shared by one process, where SQLite's locking differs: the threads
work on a copy of it in a file, as the site does. On PostgreSQL they work on the test database itself.
"""

import sqlite3
import threading

import pytest
from django.db import connection, connections
from django.test import Client


def file_copy_of_the_test_database(path):
    """The settings of a file database holding the in-memory test database's tables (the migrated schema)."""
    memory = connections[connection.alias]
    memory.ensure_connection()
    target = sqlite3.connect(path)
    memory.connection.backup(target)
    # In WAL mode already, as the site's database file is after its first connection: otherwise the threads'
    # first connections each switch the file to WAL at the same moment, and the loser is "database is locked" at
    # once (a journal mode change does not wait for the busy timeout).
    target.execute("PRAGMA journal_mode=WAL")
    target.close()
    return {**memory.settings_dict, "NAME": str(path)}


@pytest.fixture
def database(transactional_db, tmp_path):
    """The connection every thread of the test uses: a file database on SQLite, the test database otherwise.
    Call it at the start of each thread (it is a no-op on PostgreSQL)."""
    if connection.vendor != "sqlite":
        yield lambda: None
        return
    original = connections[connection.alias]
    settings = file_copy_of_the_test_database(tmp_path / "concurrent.sqlite3")

    def use_file():
        connections[original.alias] = type(original)(settings, original.alias)

    use_file()
    try:
        yield use_file
    finally:
        connections[original.alias].close()
        connections[original.alias] = original


def run_at_once(jobs, use_database) -> tuple[list, list[Exception]]:
    """Runs every job in its own thread, all released together → (their return values, the exceptions raised)."""
    barrier = threading.Barrier(len(jobs))
    results: list = [None] * len(jobs)
    errors: list[Exception] = []

    def run(index, job):
        use_database()
        try:
            barrier.wait(timeout=30)
            results[index] = job()
        except Exception as error:  # noqa: BLE001 - the test reports every failure
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index, job)) for index, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a save never finished"
    return results, errors


def save_at_once(jobs, use_database) -> list[Exception]:
    """Runs every job in its own thread, all released together; returns the exceptions they raised."""
    return run_at_once(jobs, use_database)[1]


def post_job(path, data):
    """A job for `save_at_once`: a visitor's POST of `data` to `path`, which must redirect (saved)."""

    def job():
        response = Client().post(path, data)
        if response.status_code != 302:
            raise AssertionError(f"{response.status_code}: {response.content.decode()[:300]}")

    return job


def checked_together(monkeypatch, owner, name: str, parties: int = 2) -> None:
    """Makes the check `owner.name` wait, once it has run, until `parties` threads have run it: every writer has
    checked before any writes, the timing that lets two duplicates past their forms' checks to the database."""
    barrier = threading.Barrier(parties)
    original = getattr(owner, name)

    def check(*args, **kwargs):
        result = original(*args, **kwargs)
        try:
            barrier.wait(timeout=10)
        except threading.BrokenBarrierError:
            pass
        return result

    monkeypatch.setattr(owner, name, check)
