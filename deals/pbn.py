"""Reading PBN files (Portable Bridge Notation 1.0, 2.0 and 2.1) into tagged games.

What the standard (``../shared/reference/pbn/pbn_v21.txt``) says a reader must cope with, and this one does:
a byte-order mark, CRLF or LF line ends, ISO 8859-1 text, ``%`` lines (escapes, e.g. ``% PBN 2.1``), ``{...}``
comments over several lines, ``;`` comments to the end of a line, games separated by semi-empty lines,
the sections after the tags (auction, play, tables), and tag value inheritance (``"#"`` takes the previous
game's value, ``"##text"`` gives every following game ``text``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


@dataclass
class PbnGame:
    """One game: its tags (inheritance applied), the line each tag was written on, and the section data after
    each tag (a table's rows), each with its line: ``rows["ScoreTable"] == [(12, " 1  2 4S N 10 420"), ...]``."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    rows: dict[str, list[tuple[int, str]]] = field(default_factory=dict)


_CHARSET = re.compile(rb"^%[ \t]*Content-type:[^\r\n]*charset=([A-Za-z0-9_.:-]{1,40})", re.IGNORECASE | re.MULTILINE)


def decode(data: bytes) -> str:
    """The text of a PBN file: UTF-8 (with or without a byte-order mark); else the character set its header names
    (BridgeComposer writes ``%Content-type: text/x-pbn; charset=windows-1250``); else ISO 8859-1 as the standard
    says, read as Windows-1252, its superset on Windows: the bytes 0x80-0x9F, control characters in ISO 8859-1 that
    no text holds, are the dashes, quotes and € that scorers on Windows write (ISO 8859-1 where a byte is none)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    declared = _CHARSET.search(data[:4096])
    if declared:
        try:
            return data.decode(declared.group(1).decode("ascii"))
        except (LookupError, ValueError):  # an unknown set, or bytes it cannot hold (UnicodeError is a ValueError)
            pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:  # 0x81, 0x8D, 0x8F, 0x90, 0x9D: no character in Windows-1252
        return data.decode("latin-1")


def _strip_comments(line: str, in_comment: bool) -> tuple[str, bool]:
    """The line without its comments, and whether a ``{`` comment is still open at its end."""
    kept: list[str] = []
    in_string = False
    index = 0
    while index < len(line):
        char = line[index]
        if in_comment:
            in_comment = char != "}"
        elif in_string:
            kept.append(char)
            if char == "\\" and index + 1 < len(line):
                kept.append(line[index + 1])
                index += 1
            elif char == '"':
                in_string = False
        elif char == "{":
            in_comment = True
        elif char == ";":
            break
        else:
            kept.append(char)
            in_string = char == '"'
        index += 1
    return "".join(kept), in_comment


def _unescape(value: str) -> str:
    """``\\"`` is a quote and ``\\\\`` a backslash; any other backslash is itself (``Result\\2R``)."""
    return re.sub(r'\\(["\\])', r"\1", value)


_Tagged = tuple[int, list[tuple[str, str]] | None, str]


def _tagged_lines(text: str) -> list[_Tagged]:
    """(line number, the line's tags, the line without comments) for every line; tags None for a semi-empty line
    (a game boundary), an empty list for a line of section data."""
    found: list[_Tagged] = []
    in_comment = False
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        if not in_comment and raw.startswith("%"):
            continue
        if not in_comment and not raw.strip():
            found.append((number, None, ""))
            continue
        line, in_comment = _strip_comments(raw, in_comment)
        tags = [(name, _unescape(value)) for name, value in _TAG.findall(line)]
        if tags or line.strip():
            found.append((number, tags, line))
    return found


def read_games(text: str) -> list[PbnGame]:
    """Every game of a PBN text with its tags, inheritance applied (a game is a run of lines with tags)."""
    games: list[PbnGame] = []
    previous: dict[str, str] = {}
    headers: dict[str, str] = {}
    current: PbnGame | None = None
    last = ""
    for number, tags, line in _tagged_lines(text):
        if tags is None:
            if current is not None:
                previous.update(current.tags)
            current = None
            continue
        if not tags:
            if current is not None and last:
                current.rows.setdefault(last, []).append((number, line))
            continue
        if current is None:
            current = PbnGame(line=number, tags=dict(headers))
            games.append(current)
        for name, value in tags:
            if value.startswith("##"):
                value = value[2:]
                headers[name] = value
            elif value == "#":
                value = previous.get(name, "")
            current.tags[name] = value
            current.lines[name] = number
            last = name
    return games
