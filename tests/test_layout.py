"""The test suite's own layout: a test module never imports another one (shared builders live in tests/builders/)."""

import ast
from pathlib import Path

TESTS = Path(__file__).parent


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, dotted name) of every module an import names, `from x import y` giving x.y as well as x."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def is_test_module(name: str) -> bool:
    parts = name.split(".")
    return (
        parts[0] == "tests"
        and parts[1:2] != ["builders"]
        and any(part.startswith("test_") or part == "conftest" for part in parts[1:])
    )


def imports_of_test_modules(source: str) -> list[tuple[int, str]]:
    """(line, name) of each import of a test module (or conftest) under tests/, tests.builders excepted."""
    found = {}
    for line, name in imported_modules(ast.parse(source)):
        if is_test_module(name):
            found.setdefault(line, name)
    return sorted(found.items())


def test_no_test_module_imports_another():
    offenders = [
        f"{path.relative_to(TESTS.parent)}:{line}: {name}"
        for path in sorted(TESTS.rglob("*.py"))
        for line, name in imports_of_test_modules(path.read_text())
    ]
    assert offenders == [], "import builders and shared data from tests/builders/, not from test modules"


def test_the_layout_check_sees_each_way_of_importing_a_test_module():
    # The check must not pass by seeing nothing: each form it looks for, and those it allows.
    caught = imports_of_test_modules(
        "from tests.events.test_results_session import Tables\n"
        "from tests.events import test_line_history_view as history\n"
        "import tests.teams.test_swiss_event\n"
        "def late():\n    from tests.events.test_standings import assert_current\n"
    )
    assert [line for line, _name in caught] == [1, 2, 3, 5]
    allowed = (
        "from tests.builders.sessions import make_session\nimport tests.builders.teams\n"
        "from events import models\nfrom events.tests import test_data\n"
    )
    assert imports_of_test_modules(allowed) == []
