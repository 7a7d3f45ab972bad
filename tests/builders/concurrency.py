"""Saves run in threads at the same moment, each on its own connection (see tests/events/test_concurrent_saves.py).

On SQLite the in-memory test database is copied to a file (the site's locking differs in memory); on PostgreSQL
the threads work on the test database itself. The `database` fixture is registered in tests/conftest.py.
"""

import sqlite3
import threading

import pytest
from django.db import connection, connections


def file_copy_of_the_test_database(path):
    """The settings of a file database holding the in-memory test database's tables (the migrated schema)."""
    memory = connections[connection.alias]
    memory.ensure_connection()
    target = sqlite3.connect(path)
    memory.connection.backup(target)
    target.close()
    return {**memory.settings_dict, "NAME": str(path)}


@pytest.fixture
def database(transactional_db, tmp_path):
    """The connection every thread of the test uses: a file database on SQLite, the test database otherwise."""
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


def save_at_once(jobs, use_database):
    """Runs every job in its own thread, all released together; returns the exceptions they raised."""
    barrier = threading.Barrier(len(jobs))
    errors = []

    def run(job):
        use_database()
        try:
            barrier.wait(timeout=30)
            job()
        except Exception as error:  # noqa: BLE001 - the test reports every failure
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a save never finished"
    return errors
