"""The rows of a PBN table (PBN 2.1, section 5) as real scorers write them: each row's elements by the columns the
table's tag names, and the players a ``Names`` element gives."""

from __future__ import annotations

import re

from .usebio import UsebioPlayer

_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')


def column(name: str) -> str:
    """A column's name without its order mark and width: ``+MP_NS\\4R`` → ``MP_NS``."""
    return name.strip().lstrip("+-").split("\\")[0].strip().casefold()


def tokens(text: str) -> list[str]:
    """The table elements of a row: string tokens without their quotes (``\\"`` a quote), ``-`` and ``?`` as empty."""
    found = [
        re.sub(r'\\(["\\])', r"\1", quoted) if quoted or bare == "" else bare for quoted, bare in _TOKEN.findall(text)
    ]
    return ["" if item in ("-", "?") else item for item in found]


def width(name: str) -> int:
    """A column's declared width (``Names_NS\\17`` → 17; 0 when it declares none)."""
    match = re.search(r"\\([0-9]{1,3})", name)
    return int(match.group(1)) if match else 0


def _with_names(text: str, headers: list[str]) -> list[str]:
    """The row's elements when its last columns are unquoted names with spaces (BridgeComposer writes
    ``Names_NS\\17;Names_EW`` as ``Van Dyke-Ng       Ash-Birch``): each name column but the last ends at its
    declared width, or past it at the next space when the name is longer; the last takes the rest."""
    first = next((i for i, name in enumerate(headers) if column(name).startswith("names")), len(headers))
    found = list(_TOKEN.finditer(text))
    if (
        first == len(headers)
        or len(found) <= first
        or not all(column(name).startswith("names") for name in headers[first:])
    ):
        return tokens(text)
    values = tokens(text[: found[first].start()])
    rest = text[found[first].start() :]
    for name in headers[first:-1]:
        end = max(width(name), 1)
        while end < len(rest) and not rest[end].isspace():
            end += 1
        values.append(rest[:end].strip())
        rest = rest[end:].lstrip()
    return values + [rest.strip()]


def row_values(text: str, headers: list[str]) -> list[str]:
    """The elements of a row of a table whose tag names ``headers``: whitespace-separated tokens, or by the names
    columns' widths when unquoted names hold spaces (a count that does not fit is left for the caller to refuse)."""
    values = tokens(text)
    return _with_names(text, headers) if len(values) > len(headers) else values


def players_of(text: str, federations: tuple[str, ...] = ()) -> tuple[UsebioPlayer, ...]:
    """The players a Names element gives: ``Ana Garcia;Bea Lopez`` (the standard), ``POP ANA - ION DAN`` (Magic
    Contest), ``Quill-Rook`` (BridgeComposer's surnames), each with its federation number from ``federations``
    (the MemberID1 and MemberID2 columns of a TotalScoreTable)."""
    names = [" ".join(text.split())] if text.strip() else []
    for separator in (";", " - ", " \u2013 ", " \u2014 ", " & ", " / "):  # hyphen, en dash, em dash (cp1252)
        if separator in text:
            names = [" ".join(name.split()) for name in text.split(separator)[:2]]
            break
    else:
        if text.count("-") == 1:
            names = [name.strip() for name in text.split("-")]
    numbers = [number.strip()[:20] for number in federations] + ["", ""]
    return tuple(UsebioPlayer(name[:80], numbers[index]) for index, name in enumerate(names))
