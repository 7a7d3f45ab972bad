"""The rubber templates' strings follow them into the project's catalogs (issue 30: templates in one convention).

    .venv/bin/python tools/rubber_template_strings.py      # from the repository's root; safe to run again

`rubber` keeps its own catalogs (`rubber/locale/`) for its Python files; `makemessages` puts a template's strings
in the catalog of the app whose folder holds it, so the templates, now in `templates/rubber/`, belong to the
project's catalogs (`locale/`). This script runs `makemessages` on a copy of the project (as
`tests/clubsite/test_translations.py` does), takes the entries the project's catalogs lack from the rubber
catalogs (with their translations), APPENDS them at the end of `locale/{es,ro}/LC_MESSAGES/django.po` and takes
them out of the rubber catalogs, then compiles both.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
django.setup()
from tests.clubsite.test_translations import read_po  # noqa: E402  (the catalogs' one reader)

LANGUAGES = ("es", "ro")
SKIPPED = {".venv", ".git", "staticfiles", "bench", "tests", "node_modules", "db.sqlite3", "backups", "cache"}


def keys(path: Path) -> set[tuple]:
    return {(e.msgctxt, e.msgid, e.msgid_plural) for e in read_po(path)[1:] if not e.obsolete}


def fresh_catalogs(tmp: Path) -> None:
    for item in ROOT.iterdir():
        if item.name in SKIPPED or item.name.startswith("."):
            continue
        if item.is_dir():
            shutil.copytree(item, tmp / item.name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(item, tmp / item.name)
    command = [sys.executable, "manage.py", "makemessages", "--no-obsolete", "--ignore=.venv", "--ignore=staticfiles"]
    command += ["--ignore=bench", "--ignore=tests", *(f"-l{language}" for language in LANGUAGES)]
    subprocess.run(command, cwd=tmp, check=True, capture_output=True)


def blocks(path: Path) -> list[str]:
    """The raw text of each entry of a well-formed catalog (makemessages' output: entries apart by a blank line)."""
    return [block for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8").strip()) if block.strip()]


def entries(path: Path) -> list[tuple[tuple, str]]:
    """(key, raw text) of each entry of a catalog whose entries may follow one another without a blank line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [entry for entry in read_po(path) if entry.msgid or entry.msgctxt]
    starts = [entry.line for entry in found] + [len(lines) + 1]
    return [
        ((entry.msgctxt, entry.msgid, entry.msgid_plural), "\n".join(lines[start - 1 : end - 1]).strip())
        for entry, start, end in zip(found, starts, starts[1:], strict=False)
    ]


def block_key(block: str, scratch: Path) -> tuple | None:
    scratch.write_text(block + "\n", encoding="utf-8")
    found = read_po(scratch)
    return (found[0].msgctxt, found[0].msgid, found[0].msgid_plural) if found else None


def main() -> int:
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        fresh_catalogs(tmp)
        scratch = tmp / "scratch.po"
        for language in LANGUAGES:
            project = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
            rubber = ROOT / "rubber" / "locale" / language / "LC_MESSAGES" / "django.po"
            fresh = {
                block_key(block, scratch) for block in blocks(tmp / "locale" / language / "LC_MESSAGES" / "django.po")
            }
            missing = fresh - keys(project)
            kept, moved = [], []
            for key, text in entries(rubber):
                if key not in missing or text.startswith("#~"):
                    kept.append(text)
                    continue
                lines = text.splitlines()
                moved.append("\n".join(line for line in lines if not line.startswith("#:")))
                places = " ".join(line[2:] for line in lines if line.startswith("#:")).split()
                if not all(place.startswith("rubber/templates/") for place in places):
                    kept.append(text)  # the rubber app's Python files use it too
            header = rubber.read_text(encoding="utf-8").split("\n\n", 1)[0]
            kept.insert(0, header)
            if moved:
                with project.open("a", encoding="utf-8") as catalog:
                    catalog.write("\n" + "\n\n".join(moved) + "\n")
                rubber.write_text("\n\n".join(kept) + "\n", encoding="utf-8")
            print(f"{language}: {len(moved)} entries moved, {len(missing) - len(moved)} still missing")
    subprocess.run([sys.executable, "manage.py", "compilemessages", "--ignore=.venv"], cwd=ROOT, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
