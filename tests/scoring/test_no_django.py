"""scoring stands alone: importing it must not import Django."""

import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def test_importing_scoring_does_not_import_django():
    check = "import scoring, sys; assert not any(m == 'django' or m.startswith('django.') for m in sys.modules)"
    completed = subprocess.run(
        [sys.executable, "-c", check], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stderr


def test_scoring_imports_only_the_standard_library():
    # Every module scoring loads is either part of scoring or of the standard library.
    check = (
        "import sys; before = set(sys.modules); import scoring; "
        "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
        "extra = sorted(m for m in new if m != 'scoring' and m not in sys.stdlib_module_names "
        "and not m.startswith('_')); print(extra); assert not extra, extra"
    )
    completed = subprocess.run(
        [sys.executable, "-c", check], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
