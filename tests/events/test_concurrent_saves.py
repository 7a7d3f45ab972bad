"""Two directors saving lines of one board at the same moment: both lines are saved, neither gets an error.

On SQLite (the default database) the settings start every transaction with BEGIN IMMEDIATE and wait for the
write lock, so the second save waits for the first instead of failing with "database is locked". The test
database on SQLite is in memory, shared by one process, where SQLite's locking differs: the threads work on
a copy of it in a file (`tests/builders/concurrency.py`), as the site does.
"""

from functools import partial

from club.typed_result import read_typed_result
from events.entry.services.lines import save_line
from events.models import TravellerLine
from events.plans import section_plan
from tests.builders.concurrency import run_at_once
from tests.builders.sessions import club_night

ROUNDS = 6  # boards 1-6 of the club night, each with two of its lines saved at once


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
                result=read_typed_result(number, "3NT", "N", "9"),
            )
            for slot in plan.board_plays(number)[:2]
        ]
        _results, errors = run_at_once(jobs, database)
        assert errors == [], f"board {number}: {errors!r}"
        assert board.lines.count() == 2, f"board {number}"
    saved = TravellerLine.objects.filter(board__section=section)
    assert saved.count() == 2 * ROUNDS
    assert all(line.ns_points is not None for line in saved)
