"""`--database-tests-only` (CI's second run, on PostgreSQL) keeps the tests that touch the database, only those,
browser tests and those marked `one_database` aside."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def collected(*args: str) -> set[str]:
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", *args]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return {line for line in result.stdout.splitlines() if "::" in line}


def test_the_option_drops_the_pure_tests_and_the_browser_tests_and_keeps_the_database_ones():
    browser = "tests/browser/test_director_login_browser.py"
    files = ["tests/club/test_access.py", "tests/scoring/test_victory_points.py", browser]
    everything, database = collected(*files), collected("--database-tests-only", *files)
    access = {name for name in everything if name.startswith("tests/club/test_access.py")}
    # test_access.py: one test marked django_db, three through fixtures that need `db`; the VP tests are pure; the
    # browser tests touch the database (live_server) but check what a person sees, the same on either database.
    assert len(access) == 4 and database == access
    assert any(name.startswith("tests/scoring/") for name in everything)
    assert any(name.startswith(browser) for name in everything)


def test_the_option_drops_the_tests_marked_one_database():
    unit = "tests/clubsite/test_unit_of_work.py"
    everything, database = collected(unit), collected("--database-tests-only", unit)
    cached = {name for name in everything if "every_cached_page_is_the_page_made_afresh" in name}
    assert len(cached) > 50 and not cached & database  # marked one_database: SQLite's run only
    # its other database tests stay: the enumeration of the services is not marked
    assert any("test_a_write_shown_where_it_should_be_kept_is_found" in name for name in database)
