"""The Spanish and Romanian catalogs: complete, consistent with their compiled files, and used by the pages.

The .po files are read with the small reader below (no extra dependency). The compiled .mo files are kept
in the repository so that a machine without GNU gettext serves the translations; the tests check that
they say exactly what the .po files say. Where gettext is installed, one more test runs `makemessages` on
a copy of the project and checks that the catalogs hold every string marked in the source, and no other.
"""

import gettext
import io
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings

BASE_DIR = Path(settings.BASE_DIR)
LOCALE_DIR = BASE_DIR / "locale"
LANGUAGES = ["es", "ro"]


# A small .po reader ---------------------------------------------------------------------------------------


@dataclass
class Entry:
    line: int
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: str = ""
    msgstr_plural: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def key(self) -> str:
        """The key of the entry in a compiled catalog: the context and the msgid joined by EOT."""
        return f"{self.msgctxt}\x04{self.msgid}" if self.msgctxt is not None else self.msgid

    @property
    def translations(self) -> list[str]:
        if self.msgid_plural is None:
            return [self.msgstr]
        return [self.msgstr_plural[index] for index in sorted(self.msgstr_plural)]

    def __str__(self):
        return f"line {self.line}: {self.msgid!r}"


ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def unquote(text: str) -> str:
    text = text.strip()
    assert text.startswith('"') and text.endswith('"'), text
    return re.sub(r"\\(.)", lambda match: ESCAPES[match.group(1)], text[1:-1])


def read_po(path: Path) -> list[Entry]:
    """Every entry of a .po file, the header (msgid "") first; obsolete entries (#~) are kept, marked."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int | None] | None = None  # what a continuation line ("...") extends

    def start(number: int) -> Entry:
        nonlocal current
        if current is None or current.msgstr or current.msgstr_plural:
            if current is not None:
                entries.append(current)
            current = Entry(line=number)
        return current

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            continue
        if line.startswith("#"):
            entry = start(number)
            if line.startswith("#,"):
                entry.flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
            continue
        match = re.match(r'(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?\s+(".*")$', line)
        if match:
            keyword, index, value = match.group(1), match.group(2), unquote(match.group(3))
            entry = start(number) if keyword in ("msgctxt", "msgid") else current
            entry.obsolete = entry.obsolete or obsolete
            if keyword == "msgstr" and index is not None:
                entry.msgstr_plural[int(index)] = value
                target = ("msgstr_plural", int(index))
            else:
                setattr(entry, keyword, value)
                target = (keyword, None)
        elif line.startswith('"') and current is not None and target is not None:
            name, index = target
            if name == "msgstr_plural":
                current.msgstr_plural[index] += unquote(line)
            else:
                setattr(current, name, getattr(current, name) + unquote(line))
        else:
            raise AssertionError(f"{path}:{number}: cannot read {raw!r}")
    if current is not None:
        entries.append(current)
    return entries


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / "django.po"


def mo_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / "django.mo"


def header(entries: list[Entry]) -> dict[str, str]:
    assert entries and entries[0].msgid == "", "the .po file starts with its header"
    return dict(line.split(": ", 1) for line in entries[0].msgstr.splitlines() if ": " in line)


def messages(language: str) -> list[Entry]:
    """The entries of a catalog, without its header and without obsolete entries."""
    return [entry for entry in read_po(po_path(language))[1:] if not entry.obsolete]


def nplurals(language: str) -> int:
    forms = header(read_po(po_path(language)))["Plural-Forms"]
    return int(re.search(r"nplurals\s*=\s*(\d+)", forms).group(1))


# Placeholders ------------------------------------------------------------------------------------------------

PERCENT = re.compile(r"%(?:\((?P<name>\w+)\))?[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?P<conversion>[diouxXeEfFgGcrsa%])")
BRACES = re.compile(r"(?<!\{)\{(\w*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")


def percent_placeholders(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The named placeholders (%(name)s, %(score)+d, and %% for a literal %) and the positional ones (%d, %s)
    of a python-format string: a translation may reorder the named ones, not the positional ones."""
    named, positional = set(), []
    for match in PERCENT.finditer(text):
        if match.group("name") or match.group("conversion") == "%":
            named.add(match.group(0))
        else:
            positional.append(match.group(0))
    return frozenset(named), tuple(positional)


def brace_placeholders(text: str) -> set[str]:
    return set(BRACES.findall(text))


def sample_arguments(text: str):
    """Arguments that format `text`: a mapping for named placeholders, a tuple for positional ones."""
    matches = [match for match in PERCENT.finditer(text) if match.group("conversion") != "%"]
    if any(match.group("name") for match in matches):
        return {match.group("name"): 7 for match in matches}
    return tuple(7 for _ in matches)


# The catalogs --------------------------------------------------------------------------------------------------


def test_every_language_of_the_site_has_a_catalog():
    translated = {code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE}
    assert translated == set(LANGUAGES)
    for language in LANGUAGES:
        assert po_path(language).is_file(), f"run makemessages -l {language}"
        assert mo_path(language).is_file(), "run compilemessages: the .mo files are kept in the repository"


@pytest.mark.parametrize("language", LANGUAGES)
def test_header_names_the_language_and_its_plural_forms(language):
    entries = read_po(po_path(language))
    fields = header(entries)
    assert fields["Language"] == language
    assert fields["Content-Type"] == "text/plain; charset=UTF-8"
    assert "fuzzy" not in entries[0].flags, "a fuzzy header makes msgfmt ignore the Plural-Forms"
    assert nplurals(language) == {"es": 3, "ro": 3}[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_has_many_messages(language):
    # The templates, forms, models, views and messages of the site: several hundred strings.
    assert len(messages(language)) > 500


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated(language):
    forms = nplurals(language)
    untranslated = []
    for entry in messages(language):
        if entry.msgid_plural is None:
            if not entry.msgstr.strip():
                untranslated.append(str(entry))
        elif sorted(entry.msgstr_plural) != list(range(forms)) or not all(
            text.strip() for text in entry.msgstr_plural.values()
        ):
            untranslated.append(f"{entry} (needs {forms} plural forms)")
    assert untranslated == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_fuzzy_message(language):
    assert [str(entry) for entry in messages(language) if "fuzzy" in entry.flags] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_obsolete_message(language):
    assert [str(entry) for entry in read_po(po_path(language)) if entry.obsolete] == []


def sources(entry: Entry) -> list[str]:
    """The English text each translation renders: the singular for form 0, the plural for the other forms."""
    if entry.msgid_plural is None:
        return [entry.msgid]
    return [entry.msgid] + [entry.msgid_plural] * (len(entry.translations) - 1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_percent_placeholders(language):
    wrong = []
    for entry in messages(language):
        if "python-format" not in entry.flags:
            continue
        for source, text in zip(sources(entry), entry.translations, strict=True):
            if percent_placeholders(source) != percent_placeholders(text):
                wrong.append(
                    f"{entry}: {text!r} has {percent_placeholders(text)}, expected {percent_placeholders(source)}"
                )
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_format_like_their_source(language):
    broken = []
    for entry in messages(language):
        if "python-format" not in entry.flags:
            continue
        arguments = sample_arguments(entry.msgid)
        for text in entry.translations:
            try:
                text % arguments
            except (KeyError, TypeError, ValueError) as error:
                broken.append(f"{entry}: {text!r} ({error!r})")
    assert broken == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_brace_placeholders(language):
    wrong = [
        f"{entry}: {text!r}"
        for entry in messages(language)
        for source, text in zip(sources(entry), entry.translations, strict=True)
        if brace_placeholders(source) != brace_placeholders(text)
    ]
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_html_tags(language):
    tag = re.compile(r"</?[a-z]+[^>]*>")
    wrong = [
        f"{entry}: {text!r}"
        for entry in messages(language)
        for text in entry.translations
        if sorted(tag.findall(entry.msgid)) != sorted(tag.findall(text))
    ]
    assert wrong == []


# One word for a board: "mână" (plural "mâini"), as the Romanian scoring text (seed 003) and most of the catalog say;
# "mano", as the Spanish IMP text (seed 001) and most of the catalog say; a board's cards are its deal ("împărțire",
# "reparto"). Kept, not a word for a board: placeholders, column or field names (BOARD_NUMBER, low_board), a scoring
# method (board-a-match) and, in its messages only, a name: the PBN tag "Board", the --adjusted-imps value "board".
OTHER_WORDS_FOR_A_BOARD = {
    "ro": re.compile(r"\bboard|\btabl(?:a|ă|ei|ele|elor)\b|\bdistribuți", re.IGNORECASE),  # boardul, board-uri
    "es": re.compile(r"\bboards?\b|\btableros?\b", re.IGNORECASE),
}
NOT_A_WORD_FOR_A_BOARD = re.compile(r"%\(\w+\)\w|\w+_\w+|\bboard-a-match\b", re.IGNORECASE)
KEPT_AS_A_NAME = {
    "“%(value)s”: a Board tag holds a board number (1 or more)": "Board",
    "a deal without a Board tag": "Board",
    "Board “%(text)s” is not a board number from 1 to 999.": "Board",
    "IMPs of an adjusted score: comparison (the default), board or share": "board",
}


def board_words(language: str, text: str, msgid: str = "") -> list[str]:
    text = NOT_A_WORD_FOR_A_BOARD.sub("", text)
    if msgid in KEPT_AS_A_NAME:
        text = re.sub(rf"\b{KEPT_AS_A_NAME[msgid]}\b", "", text, count=1)  # the name, in its case, once
    return OTHER_WORDS_FOR_A_BOARD[language].findall(text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_word_for_a_board(language):
    other = [f"{e}: {t!r}" for e in messages(language) for t in e.translations if board_words(language, t, e.msgid)]
    assert other == []


def test_the_other_words_for_a_board_are_found():
    assert board_words("ro", "Boardul, board-uri, tabla 5, distribuția") == ["Board", "board", "tabla", "distribuți"]
    assert board_words("es", "El board 5; los tableros") == ["board", "tableros"]
    assert board_words("ro", "Mâna %(board)s, BOARD_NUMBER, low_board, board-a-match") == []
    assert board_words("ro", "eticheta Board, numărul de board", "a deal without a Board tag") == ["board"]


def test_romanian_uses_comma_below_not_cedilla():
    cedillas = [
        f"{entry}: {text!r}" for entry in messages("ro") for text in entry.translations if re.search("[şţŞŢ]", text)
    ]
    assert cedillas == []


def test_romanian_plural_rule_has_three_forms():
    # one: 1; few: 0 and numbers ending in 01-19; other: 20 and over, "20 de mese".
    catalog = gettext.GNUTranslations(io.BytesIO(mo_path("ro").read_bytes()))
    for n in range(0, 1000):
        expected = 0 if n == 1 else 1 if n == 0 or 0 < n % 100 < 20 else 2
        assert catalog.plural(n) == expected, n


def test_spanish_plural_rule():
    catalog = gettext.GNUTranslations(io.BytesIO(mo_path("es").read_bytes()))
    assert [catalog.plural(n) for n in (0, 1, 2, 5, 21, 100)] == [2, 0, 2, 2, 2, 2]


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalog_is_up_to_date(language):
    """The .mo says exactly what the .po says: compilemessages was run after the last change."""
    compiled = gettext.GNUTranslations(io.BytesIO(mo_path(language).read_bytes()))
    catalog = dict(compiled._catalog)  # the only way to list a GNUTranslations' messages
    catalog.pop("", None)
    expected = {}
    for entry in messages(language):
        if "fuzzy" in entry.flags:
            continue  # msgfmt leaves fuzzy entries out; test_no_fuzzy_message reports them
        if entry.msgid_plural is None:
            expected[entry.key] = entry.msgstr
        else:
            for index, text in entry.msgstr_plural.items():
                expected[(entry.key, index)] = text
    stale = {key for key in expected.keys() | catalog.keys() if expected.get(key) != catalog.get(key)}
    assert sorted(map(str, stale))[:10] == [], "run: python manage.py compilemessages --ignore=.venv"
    assert compiled.info()["language"] == language
    assert compiled.info()["plural-forms"] == header(read_po(po_path(language)))["Plural-Forms"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalog_is_not_ignored_by_git(language):
    if shutil.which("git") is None or not (BASE_DIR / ".git").exists():
        pytest.skip("not a git checkout")
    ignored = subprocess.run(["git", "check-ignore", "-q", str(mo_path(language))], cwd=BASE_DIR)
    assert ignored.returncode == 1, ".gitignore excludes the compiled catalog, which a fresh machine needs"


@pytest.mark.skipif(
    shutil.which("xgettext") is None or shutil.which("msgmerge") is None, reason="GNU gettext is not installed"
)
def test_catalogs_hold_every_string_marked_in_the_source(tmp_path):
    """makemessages on a copy of the project finds no string the catalogs lack, and none they have in excess."""
    skipped = {".venv", ".git", "staticfiles", "bench", "tests", "node_modules", "db.sqlite3", "backups", "cache"}
    for item in BASE_DIR.iterdir():
        if item.name in skipped or item.name.startswith("."):
            continue
        if item.is_dir():
            shutil.copytree(item, tmp_path / item.name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(item, tmp_path / item.name)
    run = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "makemessages",
            "--no-obsolete",
            "--ignore=.venv",
            "--ignore=staticfiles",
            "--ignore=bench",
            "--ignore=tests",
            *(f"-l{language}" for language in LANGUAGES),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    for language in LANGUAGES:
        ours = {(e.msgctxt, e.msgid, e.msgid_plural) for e in messages(language)}
        source = read_po(tmp_path / "locale" / language / "LC_MESSAGES" / "django.po")
        found = {(e.msgctxt, e.msgid, e.msgid_plural) for e in source[1:] if not e.obsolete}
        assert sorted(found - ours, key=str) == [], f"{language}: new strings to translate (run makemessages)"
        assert sorted(ours - found, key=str) == [], f"{language}: strings no longer in the source"
