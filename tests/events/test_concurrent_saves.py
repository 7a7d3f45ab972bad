"""Two directors saving lines of one board at the same moment: both lines are saved, neither gets an error.

On SQLite (the default database) the settings start every transaction with BEGIN IMMEDIATE and wait for the
write lock, so the second save waits for the first instead of failing with "database is locked". The test
database on SQLite is in memory, shared by one process, where SQLite's locking differs: here the threads work on
a copy of it in a file, as the site does. On PostgreSQL they work on the test database itself.
"""

import sqlite3
import threading
from functools import partial

import pytest
from django.db import connection, connections

from club.typed_result import read_result
from events.models import TravellerLine
from events.plans import section_plan
from events.services.lines import save_line
from tests.builders.sessions import club_night

ROUNDS = 6  # boards 1-6 of the club night, each with two of its lines saved at once


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


def test_two_lines_of_one_board_saved_at_the_same_moment_are_both_saved(database):
    _session, section = club_night()
    pairs = {pair.label: pair for pair in section.pairs.all()}
    plan = section_plan(section)
    for number in range(1, ROUNDS + 1):
        board = section.boards.select_related("section__session").get(number=number)
        jobs = [
            partial(
                save_line,
                board=board,
                ns_pair=pairs[slot.ns],
                ew_pair=pairs[slot.ew],
                result=read_result(number, "3NT", "N", "9"),
            )
            for slot in plan.board_plays(number)[:2]
        ]
        errors = save_at_once(jobs, database)
        assert errors == [], f"board {number}: {errors!r}"
        assert board.lines.count() == 2, f"board {number}"
    saved = TravellerLine.objects.filter(board__section=section)
    assert saved.count() == 2 * ROUNDS
    assert all(line.ns_points is not None for line in saved)
