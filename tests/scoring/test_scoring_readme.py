"""scoring/README.md: its examples run and give what they show."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "scoring" / "README.md"


def test_readme_examples():
    failures, attempted = doctest.testfile(str(README), module_relative=False)
    assert attempted >= 10
    assert failures == 0
