"""`make test`'s lanes (tests/builders/lanes.py): each module's tests on one worker, one after another, and all
the browser tests on one worker of their own; `-n auto` makes one worker more than the cores when the browser
tests run with the others. A pytest or pytest-xdist upgrade that stops honouring them fails here (pytest 9.2 took
the `@group` suffix of xdist 3.8's `--dist loadgroup` away without a word: its groups were silently no longer
kept, and a module that needs its tests together met another module's data)."""

import re
import subprocess
import sys
from pathlib import Path

from xdist.plugin import pytest_xdist_auto_num_workers as xdist_workers

from tests.builders.lanes import Lanes, lane

ROOT = Path(__file__).resolve().parent.parent
MAKEFILE = (ROOT / "Makefile").read_text()


def test_the_browser_tests_share_one_lane_and_every_other_module_has_its_own():
    assert lane("tests/browser/test_rubber_browser.py::test_the_seed_rubber_on_a_phone") == "browser"
    assert lane("tests/browser/test_accessibility_browser.py::test_every_page_has_no_wcag_violation") == "browser"
    assert lane("tests/events/test_sit_outs.py::test_a_final_session_refuses_sit_outs[en]") == (
        "tests/events/test_sit_outs.py"
    )
    assert lane("tests/club/test_backups.py::test_only_the_newest_backups_are_kept") == "tests/club/test_backups.py"


def test_make_test_runs_in_lanes(pytestconfig, monkeypatch):
    assert "--dist loadscope --no-loadscope-reorder" in re.search(r"^XDIST = .*$", MAKEFILE, re.M).group(0)
    monkeypatch.setattr(pytestconfig.option, "dist", "loadscope")
    monkeypatch.setattr(pytestconfig.option, "tx", ["3*popen"], raising=False)  # as `-n 3` becomes
    scheduler = pytestconfig.hook.pytest_xdist_make_scheduler(config=pytestconfig, log=None)
    assert isinstance(scheduler, Lanes) and scheduler.numnodes == 3
    assert scheduler._split_scope("tests/browser/test_teams_browser.py::test_x") == "browser"
    monkeypatch.setattr(pytestconfig.option, "dist", "load")
    assert pytestconfig.hook.pytest_xdist_make_scheduler(config=pytestconfig, log=None) is None  # xdist's own


def test_each_module_runs_on_one_worker_with_one_more_worker_than_cores(pytestconfig):
    files = ["tests/scoring/test_victory_points.py", "tests/scoring/test_contract_parsing.py"]
    command = [sys.executable, "-m", "pytest", "-v", "-n", "auto", "--dist", "loadscope", "--no-loadscope-reorder"]
    result = subprocess.run(
        [*command, "-p", "no:cacheprovider", *files], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    workers = {}
    for worker, name in re.findall(r"^\[(gw\d+)\] \[ *\d+%\] PASSED (\S+)", result.stdout, re.M):
        workers.setdefault(name.split("::")[0], set()).add(worker)
    assert sorted(workers) == sorted(files)
    assert all(len(used) == 1 for used in workers.values()), workers
    assert f"created: {xdist_workers(pytestconfig) + 1}/" in result.stdout  # xdist's own count, one more
