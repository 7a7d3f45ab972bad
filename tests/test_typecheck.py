"""mypy passes on the pure packages: scoring and the movement generators (the files listed in pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]


def test_mypy_passes_on_the_pure_packages():
    # mypy's own cache (.mypy_cache, which checks every file's hash): CI's `make typecheck` after the tests reuses it
    # instead of checking every module again.
    completed = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "no issues found" in completed.stdout
