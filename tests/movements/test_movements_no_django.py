"""The movement generators stand alone: importing them must not import Django (the pages build on top)."""

import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# Every module of the package (a new one is checked without being listed).
MODULES = ", ".join(
    f"movement_generators.{path.stem}" for path in sorted((PROJECT_ROOT / "movement_generators").glob("*.py"))
)


def run(code):
    return subprocess.run([sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=60)


def test_importing_the_generators_does_not_import_django():
    completed = run(
        f"import sys, {MODULES}; "
        "from movement_generators.api import mitchell, howell, check; "
        "assert not check(howell(4)) and not check(mitchell(7)); "
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules), 'django imported'"
    )
    assert completed.returncode == 0, completed.stderr


def test_generators_import_only_the_standard_library():
    completed = run(
        "import sys; before = set(sys.modules); "
        f"import {MODULES}; "
        "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
        "extra = sorted(m for m in new if m != 'movement_generators' and m not in sys.stdlib_module_names "
        "and not m.startswith('_')); print(extra); assert not extra, extra"
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
