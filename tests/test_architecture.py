"""The house plan, checked on every project file's imports (read with `ast`, nothing is imported).

    clubsite ──> accounts (players' accounts, privacy, results emails) ──> events, teams, rubber
    clubsite ──> events, teams, rubber, movements (the Django app) ──> club ──> scoring, movements' generators
                                                                            ──> deals (hand records) ──> scoring
              events ──> interchange (other scorers' files) ──> deals, scoring

- an app imports only what the plan puts below it: `events`, `teams` and `rubber` never import each other, and
  nothing imports `clubsite`;
- `scoring` imports neither Django nor any project package; the movement generators import no Django and
  nothing of the project but each other, `scoring` and their texts;
- migrations import no project code (they must keep working when the code moves);
- no two project files import each other, directly or round a loop, at module level.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"accounts", "club", "clubsite", "deals", "events", "interchange", "movements", "rubber", "scoring", "teams"}
# The pure part of movements: the generators and their data model (no Django).
GENERATORS = {
    "checks",
    "custom",
    "encounters",
    "generators",
    "howell",
    "howell_tables",
    "manning",
    "mitchell",
    "movement",
    "texts",
}
# What each layer may import from the project (besides itself).
ALLOWED = {
    "clubsite": {
        "accounts",
        "club",
        "events",
        "teams",
        "rubber",
        "movements",
        "generators",
        "scoring",
        "deals",
        "interchange",
    },
    # players' accounts, privacy and results emails: above the apps whose results they read
    "accounts": {"club", "events", "teams", "rubber", "generators", "scoring", "deals"},
    "events": {"club", "movements", "generators", "scoring", "deals", "interchange"},
    "teams": {"club", "generators", "scoring", "deals"},
    "rubber": {"club", "scoring"},
    "movements": {"club", "generators", "scoring"},
    "club": {"generators", "scoring", "deals"},
    "generators": {"scoring"},
    "deals": {"scoring"},
    "scoring": set(),
    "interchange": {"scoring", "deals"},  # other scorers' files (USEBIO, PBN results), pure Python: no Django
}


def project_files() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "movements" and len(parts) == 2 and parts[1] in GENERATORS:
        return "generators"
    return parts[0]


MODULES = {module_name(path): path for path in project_files()}


def imports(path: Path, *, top_level_only: bool = False) -> list[str]:
    """The modules `path` imports (`from package import submodule` counts as the submodule)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    nodes = tree.body if top_level_only else ast.walk(tree)
    found = []
    for node in nodes:
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                found.append(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return found


def forbidden(module: str, names: list[str]) -> list[str]:
    """The project modules among `names` that `module` may not import."""
    mine = layer(module)
    return sorted(
        {
            name
            for name in names
            if name.split(".")[0] in PACKAGES and layer(name) != mine and layer(name) not in ALLOWED[mine]
        }
    )


def project_imports(path: Path, **kwargs) -> list[str]:
    return [name for name in imports(path, **kwargs) if name.split(".")[0] in PACKAGES]


def test_the_plan_sees_every_app():
    assert {
        "club.models",
        "events.models",
        "teams.models",
        "movements.models",
        "scoring.contracts",
        "movements.movement",
        "clubsite.settings",
    } <= MODULES.keys()


@pytest.mark.parametrize("path", project_files(), ids=lambda path: str(path.relative_to(ROOT)))
def test_imports_follow_the_plan(path):
    module = module_name(path)
    mine = layer(module)
    if "migrations" in module.split("."):
        assert project_imports(path) == [], "a migration imports live project code"
        return
    wrong = forbidden(module, project_imports(path))
    assert wrong == [], f"{module} ({mine}) may not import {wrong}"
    if mine in ("scoring", "generators", "deals", "interchange"):
        assert not [name for name in imports(path) if name.split(".")[0] == "django"], f"{module} imports Django"


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One loop of the graph as a list of nodes (first repeated at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for following in sorted(graph.get(node, ())):
            if state.get(following) == 1:
                return stack[stack.index(following) :] + [following]
            if following not in state and (loop := visit(following)):
                return loop
        state[node] = 2
        stack.pop()
        return None

    for node in sorted(graph):
        if node not in state and (loop := visit(node)):
            return loop
    return None


def test_no_import_cycle_between_project_files():
    graph = {
        module: {name for name in project_imports(path, top_level_only=True) if name in MODULES and name != module}
        for module, path in MODULES.items()
    }
    assert find_cycle(graph) is None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_the_plan_refuses_what_it_forbids():
    assert forbidden("events.views.results", ["teams.services", "club.access", "events.models"]) == ["teams.services"]
    assert forbidden("teams.models", ["events.models"]) == ["events.models"]
    assert forbidden("club.access", ["clubsite.settings", "events.models"]) == ["clubsite.settings", "events.models"]
    assert forbidden("movements.mitchell", ["movements.models", "movements.texts"]) == ["movements.models"]
    assert forbidden("scoring.imps", ["club.models", "scoring.errors"]) == ["club.models"]
    assert forbidden("deals.pbn", ["events.models", "scoring.boards"]) == ["events.models"]
    assert forbidden("club.models", ["accounts.models"]) == ["accounts.models"]
    assert forbidden("events.models", ["accounts.models"]) == ["accounts.models"]
    assert forbidden("accounts.views", ["events.selectors", "clubsite.settings"]) == ["clubsite.settings"]


def test_one_name_for_one_concept():
    """No two project classes share a name (an app's config, a command and a migration excepted), and
    `whole_number` is written once."""
    homes: dict[str, list[str]] = {}
    for module, path in MODULES.items():
        if {"migrations", "management"} & set(module.split(".")):
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and not node.name.endswith("Config"):
                homes.setdefault(node.name, []).append(module)
            if isinstance(node, ast.FunctionDef) and node.name == "whole_number":
                homes.setdefault("whole_number()", []).append(module)
    assert "CsvProblem" in homes and "whole_number()" in homes
    assert {name: modules for name, modules in homes.items() if len(modules) > 1} == {}
