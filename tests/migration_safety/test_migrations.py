"""Migrations never run live code: they stay correct whatever the models and services become later."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT_PACKAGES = {"club", "clubsite", "events", "movements", "rubber", "scoring", "teams"}


def migration_files():
    return sorted(p for p in ROOT.glob("*/migrations/0*.py") if ".venv" not in p.parts)


def project_imports(path: Path) -> list[str]:
    """Every module a migration imports (at any depth, functions included) that belongs to the project."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [name for name in names if name.split(".")[0] in PROJECT_PACKAGES]
    return found


def test_there_are_migrations_to_check():
    assert len(migration_files()) >= 8  # events, movements and teams each have some


@pytest.mark.parametrize("path", migration_files(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_a_migration_imports_no_project_code(path):
    # Historical models come from apps.get_model; live code changes under the migration's feet.
    assert project_imports(path) == []


def test_the_guard_sees_an_import_inside_a_function(tmp_path):
    # The old 0006 imported the standings module inside its RunPython function.
    probe = tmp_path / "0001_probe.py"
    probe.write_text("def fill(apps, schema_editor):\n    from events.standings import store_standings\n")
    assert project_imports(probe) == ["events.standings"]


@pytest.mark.slow
def test_an_old_database_migrates_through_a_later_column(tmp_path):
    # old_database_probe.py: data at 0005, a later migration adding a column that the live models already read.
    done = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).with_name("old_database_probe.py")),
            str(tmp_path / "db.sqlite3"),
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "migrated 6 pairs"
