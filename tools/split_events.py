"""Split `events` by what it does (issue 30, item 2): run from a repository's root, `python tools/split_events.py`.

Every module of the flat layer packages `events/services/`, `events/selectors/`, `events/views/` and `events/forms/`
moves (`git mv`) to `events/<area>/<layer>/<name>.py`, the area saying what it does (AREAS below), and every
reference in the tree follows it: imports (`from events.services.lines import save_line`, `import
events.selectors.ranking`, `from events.services import fixes, lines`: one statement per new package), dotted names
in strings (`mock.patch("events.services.locking...")`, the architecture test's tables, the README), file paths
(`events/views/results.py`, and `services/merging.py` written relative to `events/` in its README), relative
imports inside `events` (made absolute first). `events/tables.py` (the ranking's django-tables2 table) becomes
`events/results/ranking_table.py`, since `events.tables` is now the phones at the table. Models, migrations,
commands, templates, `urls.py`, `admin.py`, `apps.py` stay where they are; the app label stays `events`.

Deterministic and idempotent: a second run changes nothing. It refuses (exit 1, before changing anything) when a
module of the flat packages is not in AREAS (another branch added or renamed one: add it to AREAS and run again),
and it fails (exit 2, after the moves) when a reference to the old packages is left that no rule rewrites (make it
a rule here: no hand edits afterwards). The changed Python files are sorted and formatted by ruff (`.venv/bin/ruff`
or on the PATH; the imports' order changes with their names). `--dry-run` lists the moves.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import textwrap
import tokenize
from pathlib import Path

from split_events_plan import AREAS, LAYER_DOCS, PATH_FIXES, PLAN, SINGLES, layout_section

LAYERS = ("services", "selectors", "views", "forms")
# Where the old names are left alone: other files' history (the translations' source comments) and this script.
SKIPPED_PREFIXES = ("locale/", ".git/", ".venv/", "tools/split_events")
TEXT_SUFFIXES = {".py", ".md", ".txt", ".html", ".toml", ".cfg", ".ini", ".yml", ".yaml", ".json", ".sh", ""}
MAX_LINE = 120


def moves() -> dict[str, str]:
    """Old dotted module -> new dotted module."""
    table = {}
    for area, (_, layers) in AREAS.items():
        for layer_, names in layers.items():
            for name in names:
                table[f"events.{layer_}.{name}"] = f"events.{area}.{layer_}.{name}"
    table.update(SINGLES)
    return table


def path_of(dotted: str) -> Path:
    return Path(*dotted.split(".")).with_suffix(".py")


def unmapped(root: Path, table: dict[str, str]) -> list[str]:
    """The flat packages' modules AREAS does not place."""
    found = []
    for layer_ in LAYERS:
        for path in sorted((root / "events" / layer_).glob("*.py")):
            if path.name != "__init__.py" and f"events.{layer_}.{path.stem}" not in table:
                found.append(str(path.relative_to(root)))
        for path in sorted((root / "events" / layer_).glob("*/")):
            if path.name != "__pycache__":
                found.append(f"{path.relative_to(root)}/ (a package)")
    return found


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def tracked_files(root: Path) -> list[Path]:
    names = git(root, "ls-files", "-z").split("\0")
    return [
        root / name
        for name in sorted(names)
        if name
        and not name.startswith(SKIPPED_PREFIXES)
        and Path(name).suffix in TEXT_SUFFIXES
        and (root / name).is_file()
    ]


# --- Step 1: relative imports inside `events` made absolute (before anything moves) --------------------------------
RELATIVE = re.compile(r"^(?P<indent>[ \t]*)from (?P<dots>\.+)(?P<rest>[\w.]*) import ", re.MULTILINE)


def absolute_imports(root: Path) -> list[Path]:
    changed = []
    for path in sorted((root / "events").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        parts = list(path.relative_to(root).with_suffix("").parts)
        package = parts if parts[-1] == "__init__" else parts[:-1]
        package = [part for part in package if part != "__init__"]

        def absolute(match: re.Match, package=package) -> str:
            anchor = package[: len(package) - (len(match["dots"]) - 1)]
            base = ".".join(anchor + ([match["rest"]] if match["rest"] else []))
            return f"{match['indent']}from {base} import "

        new = RELATIVE.sub(absolute, text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed


# --- Step 2: the moves ----------------------------------------------------------------------------------------------
def package_inits(table: dict[str, str]) -> dict[Path, str]:
    """Each new package's `__init__.py` and its docstring."""
    inits = {}
    for area, (doc, layers) in AREAS.items():
        inits[Path("events", area, "__init__.py")] = doc
        for layer_ in layers:
            inits[Path("events", area, layer_, "__init__.py")] = f"{LAYER_DOCS[layer_]} ({area})"
    return inits


def move_modules(root: Path, table: dict[str, str], *, dry_run: bool) -> list[tuple[str, str]]:
    done = []
    # events/tables.py first: its new home's package `events/tables/` takes its name.
    ordered = sorted(table.items(), key=lambda item: (item[0] not in SINGLES, item[0]))
    for old, new in ordered:
        source, target = root / path_of(old), root / path_of(new)
        if not source.is_file():
            continue
        if target.exists():
            sys.exit(f"split_events: both {path_of(old)} and {path_of(new)} exist: settle them by hand first")
        done.append((str(path_of(old)), str(path_of(new))))
        if dry_run:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        git(root, "mv", str(path_of(old)), str(path_of(new)))
    if dry_run:
        return done
    for init, doc in package_inits(table).items():
        if not (root / init).exists():
            (root / init).parent.mkdir(parents=True, exist_ok=True)
            (root / init).write_text("\n".join(wrapped(f'"""{doc}"""')) + "\n", encoding="utf-8")
            git(root, "add", str(init))
    for layer_ in LAYERS:
        old_package = root / "events" / layer_
        if not old_package.is_dir():
            continue
        rest = [path for path in old_package.iterdir() if path.name not in ("__init__.py", "__pycache__")]
        if rest:
            sys.exit(f"split_events: {old_package.relative_to(root)} still holds {sorted(map(str, rest))}")
        if (old_package / "__init__.py").exists():
            git(root, "rm", "-q", str(Path("events", layer_, "__init__.py")))
        shutil.rmtree(old_package, ignore_errors=True)
    return done


# --- Step 3: the references -------------------------------------------------------------------------------------------
OLD = "|".join(LAYERS)
FROM_PACKAGE = re.compile(
    rf"^(?P<indent>[ \t]*)from events\.(?P<layer>{OLD}) import (?P<names>\([^)]*\)|[^\n]*)", re.MULTILINE
)
DOTTED = re.compile(rf"(?<![\w.])events\.(?P<layer>{OLD})\.(?P<name>\w+)")
PATH = re.compile(rf"(?<![\w./])events/(?P<layer>{OLD})/(?P<name>\w+)\.py")
README_PATH = re.compile(rf"(?<![\w./])(?P<layer>{OLD})/(?P<name>\w+)\.py")
README_CELL = re.compile(rf"^\| `(?P<layer>{OLD})/` \|", re.MULTILINE)
# `events.tables` was the ranking table's module and is now the phones' area: its bare name is rewritten only in the run
# that moves the module (then every `events.tables` is the old module); `events.tables.RankingTable` always.
TABLES_MODULE = re.compile(r"(?<![\w.])events\.tables(?![\w.])")
TABLES_CLASS = re.compile(r"(?<![\w.])events\.tables(?=\.[A-Z_])")
TABLES_PATH = re.compile(r"(?<![\w./])events/tables\.py")


def split_from_imports(text: str, table: dict[str, str]) -> str:
    """`from events.services import fixes, lines as l` -> one `from events.<area>.services import ...` per area."""

    def split(match: re.Match) -> str:
        names = match["names"].strip()
        if names.startswith("("):
            names = names[1:-1]
        names = re.sub(r"#[^\n]*", "", names)
        aliases = [" ".join(name.split()) for name in names.replace("\n", " ").split(",") if name.strip()]
        groups: dict[str, list[str]] = {}
        for alias in aliases:
            name = alias.split(" as ")[0].strip()
            new = table.get(f"events.{match['layer']}.{name}")
            if new is None:  # not a moved module: left for the leftovers' report
                return match.group(0)
            groups.setdefault(new.rpartition(".")[0], []).append(alias)
        return "\n".join(
            f"{match['indent']}from {package} import {', '.join(sorted(aliases))}"
            for package, aliases in sorted(groups.items())
        )

    return FROM_PACKAGE.sub(split, text)


def rewrite(text: str, table: dict[str, str], *, events_readme: bool, tables_module: bool) -> str:
    text = split_from_imports(text, table)

    def dotted(match: re.Match) -> str:
        return table.get(match.group(0), match.group(0))

    def path(match: re.Match) -> str:
        new = table.get(f"events.{match['layer']}.{match['name']}")
        return str(path_of(new)) if new else match.group(0)

    text = DOTTED.sub(dotted, text)
    text = PATH.sub(path, text)
    text = TABLES_CLASS.sub(SINGLES["events.tables"], text)
    text = TABLES_MODULE.sub(SINGLES["events.tables"], text) if tables_module else text
    text = TABLES_PATH.sub(str(path_of(SINGLES["events.tables"])), text)
    if events_readme:

        def relative(match: re.Match) -> str:
            new = table.get(f"events.{match['layer']}.{match['name']}")
            return str(path_of(new).relative_to("events")) if new else match.group(0)

        text = README_PATH.sub(relative, text)
        text = README_CELL.sub(lambda match: f"| `*/{match['layer']}/` (in each area, see *Layout*) |", text)
        text = layout_section(text)
    return text


NEW_NAME = re.compile(r"events[./](?:" + "|".join(PLAN) + r")[./]|events[./]results[./]ranking_table")


def wrapped(line: str, prefix: str = "") -> list[str]:
    """A line of prose over 120 characters as lines under it, with the line's indentation (and `prefix`)."""
    indent = line[: len(line) - len(line.lstrip())]
    body = line.strip().removeprefix(prefix)
    width = MAX_LINE - len(indent) - len(prefix)
    return [
        indent + prefix + part for part in textwrap.wrap(body, width, break_long_words=False, break_on_hyphens=False)
    ]


def wrap_long_lines(text: str) -> str:
    """The comments and docstrings' lines a new name made too long, wrapped (a code line too long is a leftover)."""
    lines = text.split("\n")
    if not any(len(line) > MAX_LINE and NEW_NAME.search(line) for line in lines):
        return text
    prose = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        (first, column), (last, end) = token.start, token.end
        if token.type == tokenize.COMMENT and not lines[first - 1][:column].strip():
            prose.add((first, "# "))
        elif token.type == tokenize.STRING and token.string.endswith(('"""', "'''")):
            for row in range(first, last + 1):
                alone = (row > first or not lines[row - 1][:column].strip()) and (
                    row < last or end == len(lines[row - 1])
                )
                if alone:
                    prose.add((row, ""))
    kinds, pushed = dict(prose), set()
    carry_prefix, carry_indent = None, ""
    out, carry = [], ""  # carry: the words a wrapped line pushed onto the next line of the same paragraph
    for row, line in enumerate(lines, 1):
        prefix = kinds.get(row)
        indent = line[: len(line) - len(line.lstrip())]
        body = line.strip().removeprefix(prefix or "")
        joins = body and not body.startswith(("-", "|", '"""', "'''"))
        if carry and prefix == carry_prefix and indent == carry_indent and joins:
            line, carry = indent + (prefix or "") + carry + " " + body, ""
        elif carry:
            out, carry = out + [carry_indent + (carry_prefix or "") + carry], ""
        if len(line) > MAX_LINE and prefix is not None and (NEW_NAME.search(line) or row - 1 in pushed):
            *head, last = wrapped(line, prefix)
            out += head
            carry, carry_prefix, carry_indent = last.strip().removeprefix(prefix), prefix, indent
            pushed.add(row)
        else:
            out.append(line)
    if carry:
        out.append(carry_indent + (carry_prefix or "") + carry)
    return "\n".join(out)


def rewrite_tree(root: Path, table: dict[str, str], *, tables_module: bool) -> list[Path]:
    changed = []
    for path in tracked_files(root):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        name = path.relative_to(root).as_posix()
        new = rewrite(text, table, events_readme=name == "events/README.md", tables_module=tables_module)
        for file, before, after in PATH_FIXES:
            new = new.replace(before, after) if name == file else new
        new = wrap_long_lines(new) if path.suffix == ".py" else new
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed


# What would break: an import of the old packages, or a name or path of a module they held. A name that never was a
# module of the tree (a test's planted `events.services.new_thing`) is only listed.
IMPORT_LEFT = re.compile(rf"^[ \t]*(?:from|import) events\.(?:{OLD})\b", re.MULTILINE)
NAME_LEFT = re.compile(rf"(?<![\w.])events[./](?:{OLD})(?:[./](?P<name>\w+))?(?![\w])|(?<![\w./])events/tables\.py")


# A path joined to a flat layer package (`ROOT / "events" / "services"`): a rule in PATH_FIXES (a test's tmp_path is
# planted).
JOIN_LEFT = re.compile(rf'"events"\s*/\s*"(?:{OLD})"')


def leftovers(root: Path, table: dict[str, str]) -> tuple[list[str], list[str]]:
    """(the references that would break, the synthetic names left as they are)."""
    broken, synthetic = [], []
    for path in tracked_files(root):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            where = f"{path.relative_to(root)}:{number}: {line.strip()}"
            if IMPORT_LEFT.search(line) or (JOIN_LEFT.search(line) and "tmp_path" not in line):
                broken.append(where)
                continue
            for match in NAME_LEFT.finditer(line):
                old = match.group(0).replace("/", ".").removesuffix(".py")
                built = line[match.end() : match.end() + 1] in (".", "/")  # a module's name built: f"events.views.{x}"
                (broken if old in table or built else synthetic).append(where)
                break
    return broken, synthetic


def ruff(root: Path, paths: list[Path]) -> None:
    python_files = sorted({str(path.relative_to(root)) for path in paths if path.suffix == ".py" and path.exists()})
    found = root / ".venv" / "bin" / "ruff"
    command = str(found) if found.exists() else shutil.which("ruff")
    if not python_files:
        return
    if command is None:
        print("split_events: ruff not found: sort the imports of the changed files (ruff check --select I --fix)")
        return
    subprocess.run([command, "check", "--quiet", "--select", "I", "--fix", *python_files], cwd=root, check=False)
    subprocess.run([command, "format", "--quiet", *python_files], cwd=root, check=False)


def main(argv: list[str]) -> int:
    root = Path.cwd()
    if not (root / "events" / "apps.py").is_file() or not (root / ".git").exists():
        print("split_events: run it from the repository's root", file=sys.stderr)
        return 1
    table = moves()
    missing = unmapped(root, table)
    if missing:
        print("split_events: these modules have no area in AREAS (add them and run again):", file=sys.stderr)
        print("\n".join(f"  {name}" for name in missing), file=sys.stderr)
        return 1
    if "--dry-run" in argv:
        for old, new in move_modules(root, table, dry_run=True):
            print(f"{old} -> {new}")
        return 0
    tables_module = (root / path_of("events.tables")).is_file()
    changed = absolute_imports(root)
    moved = move_modules(root, table, dry_run=False)
    changed += rewrite_tree(root, table, tables_module=tables_module)
    changed += [root / new for _, new in moved]
    ruff(root, changed)
    print(f"split_events: {len(moved)} modules moved, {len(set(changed))} files rewritten")
    broken, synthetic = leftovers(root, table)
    if synthetic:
        print("split_events: names of no module, left as they are (planted in tests):")
        print("\n".join(f"  {line}" for line in synthetic))
    if broken:
        print("split_events: references to the old modules left (make each a rule here):", file=sys.stderr)
        print("\n".join(f"  {line}" for line in broken), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
