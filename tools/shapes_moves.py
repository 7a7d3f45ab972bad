"""Issue 30, item 4 (app shapes) and item 3 (names): moves files with `git mv` and rewrites every reference.

    .venv/bin/python tools/shapes_moves.py          # from the repository's root; safe to run again

Re-runnable: a move already made is skipped, and the rewrite of references runs over every project file each time
(after merging a branch written against the old names, run it again to bring that branch's code along).

- the pure movement generators (no Django) leave the `movements` Django app for their own package,
  `movement_generators` (the facade `movement_generators/api.py` becomes `movement_generators/api.py`);
- the roster, merges and roles leave `club` (the shared core) for the `roster` app: its services, forms, views,
  selectors, admin, commands and templates (`templates/club/` becomes `templates/roster/`, the URL names
  `club:roster`... become `roster:roster`...; the models stay in `club`, their app label unchanged);
- names that say what they hold: `club/html_tables.py` (django-tables2 HTML tables) becomes `club/html_tables.py`,
  `club/table_entry.py` (what the bridge tables' entry pages share) becomes `club/table_entry.py`;
- templates in one convention, at project level under `templates/<app>/`: `templates/rubber/` and
  `templates/accounts/` move there (template names unchanged).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GENERATORS = ["checks", "custom", "encounters", "howell", "howell_tables", "manning", "mitchell", "movement", "texts"]
MOVES: list[tuple[str, str]] = [
    *[(f"movements/{name}.py", f"movement_generators/{name}.py") for name in GENERATORS],
    ("movements/generators.py", "movement_generators/api.py"),
    ("club/roster.py", "roster/services/members.py"),
    ("club/merging.py", "roster/services/merging.py"),
    ("club/roles.py", "roster/services/roles.py"),
    ("club/roster_forms.py", "roster/forms.py"),
    ("club/views_roster.py", "roster/views/members.py"),
    ("club/views_merges.py", "roster/views/merges.py"),
    ("club/admin.py", "roster/admin.py"),
    ("club/management/commands/import_members.py", "roster/management/commands/import_members.py"),
    ("club/management/commands/merge_members.py", "roster/management/commands/merge_members.py"),
    ("club/tables.py", "club/html_tables.py"),
    ("club/table_pages.py", "club/table_entry.py"),
    ("club/versions.py", "club/drawn_rows.py"),
]
DIRECTORIES: list[tuple[str, str]] = [
    ("templates/club", "templates/roster"),
    ("rubber/templates/rubber", "templates/rubber"),
    ("accounts/templates/accounts", "templates/accounts"),
]
NEW_PACKAGES = [
    "movement_generators",
    "roster",
    "roster/services",
    "roster/views",
    "roster/management",
    "roster/management/commands",
]
# The roster's URL names, now in the `roster` namespace.
URL_NAMES = [
    "roster",
    "member_add",
    "member_edit",
    "member_active",
    "roster_import",
    "roster_import_confirm",
    "roster_export",
    "merges",
    "merge_undo",
    "roles",
    "role_revoke",
]
TEMPLATES = ["base", "member_form", "merges", "roles", "roster", "roster_import", "roster_preview"]
# Files read and rewritten (the catalogs' location comments are left to makemessages).
SUFFIXES = {".py", ".md", ".html", ".toml", ".txt", ".cfg", ".ini", ".js"}
SKIP = {".venv", ".git", "locale", "node_modules", "__pycache__", "results", "tools"}  # tools: this script


def git(*args: str) -> None:
    subprocess.run(["git", *args], cwd=ROOT, check=True)


def move_files() -> None:
    for package in NEW_PACKAGES:
        (ROOT / package).mkdir(parents=True, exist_ok=True)
        init = ROOT / package / "__init__.py"
        if not init.exists():
            init.write_text("")
            git("add", str(init.relative_to(ROOT)))
    for old, new in [*MOVES, *DIRECTORIES]:
        if (ROOT / old).exists() and not (ROOT / new).exists():
            (ROOT / new).parent.mkdir(parents=True, exist_ok=True)
            git("mv", old, new)


def dotted(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def rewrites() -> list[tuple[re.Pattern[str], str]]:
    """(pattern, replacement), the longest names first."""
    pairs: list[tuple[str, str]] = []
    for old, new in MOVES:
        pairs += [(dotted(old), dotted(new)), (old, new)]
    for old, new in DIRECTORIES[1:]:
        pairs.append((old + "/", new + "/"))
    pairs += [(f"club/{name}.html", f"roster/{name}.html") for name in TEMPLATES]
    pairs += [(f"templates/club/{name}.html", f"templates/roster/{name}.html") for name in TEMPLATES]
    pairs.sort(key=lambda pair: -len(pair[0]))
    found = [(re.compile(rf"(?<![\w./]){re.escape(old)}(?![\w])"), new) for old, new in pairs]
    names = "|".join(URL_NAMES)
    found.append((re.compile(rf"(?<![\w])club:({names})(?=[\"'])"), r"roster:\1"))
    # The movements app's own modules imported the generators relatively.
    relative = "|".join([*GENERATORS, "generators"])
    found.append((re.compile(rf"^from \.({relative}) import", re.M), r"from movement_generators.\1 import"))
    found.append(
        (re.compile(r"^from movement_generators\.generators import", re.M), "from movement_generators.api import")
    )
    return found


def split_from_imports(text: str) -> str:
    """`from club import merging, roster` names moved modules: each becomes its own import from its new package
    (`from roster.services import merging`, `from roster.services import members as roster`)."""
    moved = {dotted(old): dotted(new) for old, new in MOVES}

    def one(match: re.Match[str]) -> str:
        indent, package, names = match.group(1), match.group(2), [name.strip() for name in match.group(3).split(",")]
        kept, lines = [], []
        for name in names:
            target = moved.get(f"{package}.{name.split(' as ')[0]}")
            if target is None:
                kept.append(name)
                continue
            new_package, _, new_name = target.rpartition(".")
            alias = name.split(" as ")[-1]
            lines.append(
                f"{indent}from {new_package} import {new_name}" + (f" as {alias}" if alias != new_name else "")
            )
        if kept:
            lines.insert(0, f"{indent}from {package} import {', '.join(kept)}")
        return "\n".join(lines)

    return re.sub(r"^(\s*)from (club|movements) import ([\w, ]+)$", one, text, flags=re.M)


def project_files() -> list[Path]:
    files = []
    for path in ROOT.rglob("*"):
        if path.is_file() and not (SKIP & set(path.relative_to(ROOT).parts)):
            if path.suffix in SUFFIXES or path.name in {"Makefile", "run"}:
                files.append(path)
    return files


def rewrite_references() -> int:
    patterns = rewrites()
    moved_generators = {ROOT / new for old, new in MOVES if new.startswith("movement_generators/")}
    changed = 0
    for path in project_files():
        text = path.read_text(encoding="utf-8")
        new = split_from_imports(text) if path.suffix == ".py" else text
        for pattern, replacement in patterns:
            relative = pattern.pattern.startswith("^from \\.")
            if relative and (path in moved_generators or path.relative_to(ROOT).parts[0] != "movements"):
                continue  # the generators import each other relatively, and stay together; other apps' own
            new = pattern.sub(replacement, new)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed += 1
    return changed


def sort_imports() -> None:
    """The rewritten imports in ruff's order (a moved module sorts elsewhere)."""
    ruff = ROOT / ".venv" / "bin" / "ruff"
    if ruff.exists():
        subprocess.run([str(ruff), "check", "--fix", "--select", "I001", "-q", "."], cwd=ROOT, check=False)


def main() -> int:
    move_files()
    print(f"references rewritten in {rewrite_references()} files")
    sort_imports()
    return 0


if __name__ == "__main__":
    sys.exit(main())
