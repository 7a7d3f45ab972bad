"""`make test`'s lanes: the scheduling its pytest-xdist run uses (`tests/conftest.py` hands it to xdist)."""

from __future__ import annotations

from xdist.scheduler import LoadScopeScheduling

BROWSER_TESTS = "tests/browser/"  # where the browser tests are (tests/conftest.py, `is_browser_test`, reads it too)


def lane(nodeid: str) -> str:
    """Where `make test` runs a test: a lane's tests go to one worker, one after another (`Lanes`). The browser
    tests make one lane: they wait on the browser most of their time, so that their worker leaves a core to the
    others (`pytest_xdist_auto_num_workers` in tests/conftest.py), and no two browsers contend. Every other
    module is a lane of its own: its tests one after another (the data it builds once stays built), the modules
    shared out."""
    return "browser" if nodeid.startswith(BROWSER_TESTS) else nodeid.split("::", 1)[0]


class Lanes(LoadScopeScheduling):
    """pytest-xdist's scheduling by scope (`--dist loadscope`, as the Makefile runs it), a lane a scope."""

    def _split_scope(self, nodeid: str) -> str:
        return lane(nodeid)
