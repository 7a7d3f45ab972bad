"""PBN results: a session's traveller lines from the ``ScoreTable`` of each board, as Ruter, Magic Contest and
BridgeComposer write them (PBN 2.1, section 5.9), with the pairs of the ``TotalScoreTable`` (section 5.10).

The result is the plain data a USEBIO file gives (`interchange.usebio.UsebioEvent`), each traveller line with the
line of the file it was written on, so the site imports both the same way. What is read::

    [Event "Monday pairs"]  [Date "2026.11.30"]  [Scoring "MP"]  [Section "A"] (optional)  [Board "1"]
    [ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;MP_NS\\4R;MP_EW\\4R"]
     1  2 4S    N 10    420  2.0  0.0
     3  4 -     - -  ^A6040  1.2  0.8          an artificial score: ^ before it (or in Contract), Score_NS empty
     5  - BYE   - -  -       -    -            a sit-out: BYE in Contract (or Score_NS), only the sitting pair
    [TotalScoreTable "Rank\\2R;PairId\\2R;Direction\\2L;Names\\30L;TotalMP\\5R;TotalPercentage\\5R"]
     1  1 NS "Ana Garcia;Bea Lopez" 38.5 64.17

Column names are matched without their order mark and width (``+MP_NS\\4R``); ``-`` and ``?`` are empty. Every
problem of the file is collected with its line and the file is refused whole (`PbnResultsError`).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field, replace

from deals import DealProblem, DealRefused, Hands, read_pbn_deals
from deals.pbn import PbnGame, decode, read_games

from .directions import direction_of
from .pbn_tables import column, players_of, row_values
from .usebio import (
    MAX_BYTES,
    MAX_LINES,
    MAX_PAIRS,
    UsebioEvent,
    UsebioLine,
    UsebioPair,
    UsebioPlayer,
    UsebioSitOut,
    is_bye,
)

MESSAGES: dict[str, str] = {
    "pbn.too_big": "the file is larger than {limit} bytes",
    "pbn.no_scores": "the file holds no ScoreTable with the pairs of each line (PairId_NS and PairId_EW)",
    "pbn.no_pairs": "the ScoreTable names no pairs (columns PairId_NS and PairId_EW): it gives no traveller lines",
    "pbn.columns": "{found} values where the {table} names {expected} columns",
    "pbn.pair": "{column} “{text}” is not a pair number from 1 to 999 (3, or 3NS, 5EW in a Mitchell)",
    "pbn.board": "Board “{text}” is not a board number from 1 to 999",
    "pbn.figure": "{column} “{text}” is not a number",
    "pbn.direction": "Direction “{text}” is not NS or EW",
    "pbn.section": "Section “{text}” is not a section letter",
    "pbn.sections": "PairId_NS “{ns}” and PairId_EW “{ew}” name different sections",
    "pbn.board_twice": "the ScoreTable of board {board} is given twice with different lines (also on line {other})",
    "pbn.too_many": "the file has more than {limit} {what}",
    "pbn.per_table": "the file gives each table's result in a game of its own (Contract, Declarer and Result tags, "
    "as BBO, and PbnTools from JFR Pary and KOPS pages, write) with no ScoreTable naming the pairs of each line: "
    "import its deals as hand records",
    "pbn.bye": "board {board}: a BYE row names the one pair sitting out, in PairId_NS or PairId_EW",
}
_PAIR = re.compile(r"([A-Z]{1,2}(?=[0-9]))?([0-9]{1,3})\s*([^\W\d_]{1,2}|[^\W\d_][-/][^\W\d_])?", re.IGNORECASE)
_NUMBER = re.compile(r"[+-]?[0-9]{1,7}([.,][0-9]{1,6})?")
MAX_PROBLEMS = 1000  # a file this wrong is refused with the first ones (a page lists a hundred)
MAX_ROWS = MAX_LINES + MAX_PAIRS  # table rows read in all
# A multi-session event's TotalScoreTable (Ruter) gives the session's own figures beside the running totals.
_TOTALS = (
    "SessionScoreMP",
    "SessionScoreIMP",
    "SessionScore",
    "TotalScoreMP",
    "TotalMP",
    "TotalIMP",
    "TotalScoreIMP",
    "TotalScore",
    "MP",
    "IMP",
)
_PERCENTAGES = ("SessionPercentage", "TotalPercentage", "Percentage", "MeanPercentage")
_PLAYED = ("contract", "declarer", "result", "score_ns", "score_ew")
_SCORING = (("BUTLER", "butler"), ("IMP", "cross-imps"), ("MP", "matchpoints"), ("MATCHPOINT", "matchpoints"))


@dataclass(frozen=True)
class PbnProblem:
    """One reason the file is refused: ``code`` (in `MESSAGES`), the file's ``line``, and the message's ``params``."""

    code: str
    line: int | None = None
    params: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return MESSAGES[self.code].format(**self.params)


class PbnResultsError(ValueError):
    """A PBN file refused whole; ``problems`` lists every reason with its line (a `PbnProblem`, or a
    `deals.DealProblem` for a deal that is not one)."""

    def __init__(self, problems: list[PbnProblem | DealProblem]) -> None:
        super().__init__("\n".join(f"{problem.line}: {problem}" for problem in problems))
        self.problems = problems


@dataclass
class _Reading:
    problems: list[PbnProblem | DealProblem] = field(default_factory=list)
    lines: list[UsebioLine] = field(default_factory=list)
    sit_outs: list[UsebioSitOut] = field(default_factory=list)
    pairs: dict[tuple[str, int, str], UsebioPair] = field(default_factory=dict)
    names: dict[tuple[str, int, str], tuple[UsebioPlayer, ...]] = field(default_factory=dict)
    tables: dict[tuple[str, int], tuple[int, list[str]]] = field(default_factory=dict)
    rows: int = 0

    def problem(self, code: str, line: int | None, **params: object) -> None:
        self.problems.append(PbnProblem(code, line, params))
        if len(self.problems) >= MAX_PROBLEMS:
            raise PbnResultsError(self.problems)


def _rows(game: PbnGame, tag: str, reading: _Reading) -> list[tuple[int, dict[str, str]]]:
    headers = game.tags.get(tag, "").split(";")
    names = [column(name) for name in headers]
    rows = []
    for number, text in game.rows.get(tag, []):
        reading.rows += 1
        if reading.rows > MAX_ROWS:
            raise PbnResultsError([PbnProblem("pbn.too_many", number, {"limit": MAX_ROWS, "what": "table rows"})])
        values = row_values(text, headers)
        if len(values) != len(names):
            reading.problem("pbn.columns", number, found=len(values), table=tag, expected=len(names))
            continue
        rows.append((number, dict(zip(names, values, strict=True))))
    return rows


def _pair_number(text: str, name: str, line: int, reading: _Reading) -> tuple[int, str, str] | None:
    """(number, direction, section): ``3``, ``3NS``, or ``B3`` (section B's pair 3, as the site's own export and
    some scorers write a session of several sections)."""
    match = _PAIR.fullmatch(text.strip())
    direction = direction_of(match.group(3) or "") if match else None
    if match is None or int(match.group(2)) < 1 or direction is None:
        reading.problem("pbn.pair", line, column=name, text=text[:20])
        return None
    return int(match.group(2)), direction, (match.group(1) or "").upper()


def figure(row: dict[str, str], names: tuple[str, ...], line: int, reading: _Reading) -> float | None:
    """The first of ``names`` the row gives, as a number (an artificial ``^`` mark dropped)."""
    for name in names:
        text = row.get(name.casefold(), "").lstrip("^").rstrip("%")
        if text:
            if _NUMBER.fullmatch(text):
                return float(text.replace(",", "."))
            reading.problem("pbn.figure", line, column=name, text=text[:20])
            return None
    return None


# No trumps as scorers write it in their user's language: SA (sans atout, senza, sin triunfo), BA (bez atu), UT
# (uten trumf): never a suit letter followed by another, so never a suit contract.
_NO_TRUMPS = re.compile(r"(?<=^[1-7])(?:SA|BA|UT)(?=X{0,2}$)")
_AVERAGES = {"AVE+": 60, "AVE": 50, "AVE-": 40, "AVG+": 60, "AVG": 50, "AVG-": 40}  # ACBLscore's words


def _average(row: dict[str, str]) -> str:
    """An ACBL average written as the scores (``AVE+`` in Score_NS, ``AVE-`` in Score_EW), as ``A60/40``."""
    ns = _AVERAGES.get(row.get("score_ns", "").upper()) or _AVERAGES.get(row.get("contract", "").upper())
    ew = _AVERAGES.get(row.get("score_ew", "").upper())
    if ns is None:
        if ew is None:
            return ""
        ns = 100 - ew
    return f"A{ns}/{100 - ns if ew is None else ew}"


def _result_cells(row: dict[str, str]) -> dict[str, str]:
    """CONTRACT, PLAYED_BY, TRICKS and SCORE of a row as the traveller file writes them."""
    contract = _NO_TRUMPS.sub("NT", row.get("contract", "").lstrip("^").upper())
    if average := _average(row):
        return {"CONTRACT": "", "PLAYED_BY": "", "TRICKS": "", "SCORE": average, "LEAD": ""}
    score = row.get("score_ns", "").lstrip("^")
    if not score and row.get("score_ew", "").lstrip("^"):
        ew = row["score_ew"].lstrip("^")
        score = ew[1:] if ew.startswith("-") else ew if ew.startswith("A") else f"-{ew}"
    if contract in ("P", "AP", "PASSED", "ALLPASS", "PASS") or score.upper() == "PASS":
        contract, score = "PASS", ""  # BridgeComposer writes PASS in Score_NS too
    elif contract and not contract[0].isdigit():  # an artificial score or NP written as the contract
        contract, score = "", score or contract
    return {
        "CONTRACT": contract[:40],
        "PLAYED_BY": row.get("declarer", "")[:40],
        "TRICKS": row.get("result", "")[:40],
        "SCORE": score[:40],
        "LEAD": row.get("lead", "")[:40],
    }


def _score_table(game: PbnGame, section: str, board: int, reading: _Reading) -> None:
    rows = _rows(game, "ScoreTable", reading)
    if rows and not {"pairid_ns", "pairid_ew"} <= set(rows[0][1]):
        reading.problem("pbn.no_pairs", game.lines["ScoreTable"])
        return
    texts = [text for _number, text in game.rows.get("ScoreTable", [])]
    first = reading.tables.setdefault((section, board), (game.lines["ScoreTable"], texts))
    if first[0] != game.lines["ScoreTable"]:
        if [" ".join(text.split()) for text in first[1]] != [" ".join(text.split()) for text in texts]:
            reading.problem("pbn.board_twice", game.lines["ScoreTable"], board=board, other=first[0])
        return  # one game per table, as some scorers write: the board's lines once
    for line, row in rows:
        bye = is_bye({"CONTRACT": row.get("contract", "").lstrip("^"), "SCORE": row.get("score_ns", "").lstrip("^")})
        if bye or (not (row["pairid_ns"] and row["pairid_ew"]) and not any(row.get(name) for name in _PLAYED)):
            _sit_out(row, section, board, line, reading)  # BYE, or a pair "-" and no result (as Ruter writes)
            continue
        ns = _pair_number(row["pairid_ns"], "PairId_NS", line, reading)
        ew = _pair_number(row["pairid_ew"], "PairId_EW", line, reading)
        ns_points = figure(row, ("MP_NS", "IMP_NS"), line, reading)
        ew_points = figure(row, ("MP_EW", "IMP_EW"), line, reading)
        if ns is None or ew is None:
            continue
        if ns[2] != ew[2]:
            reading.problem("pbn.sections", line, ns=row["pairid_ns"][:20], ew=row["pairid_ew"][:20])
            continue
        letter = ns[2] or _row_section(row, line, reading) or section
        cells = _result_cells(row)
        reading.lines.append(UsebioLine(letter, board, ns[0], ew[0], cells, ns_points, ew_points, line))
        for key, side, names in ((ns, "NS", row.get("names_ns", "")), (ew, "EW", row.get("names_ew", ""))):
            if names:
                reading.names.setdefault((letter, key[0], side), players_of(names))
        if len(reading.lines) > MAX_LINES:
            raise PbnResultsError([PbnProblem("pbn.too_many", line, {"limit": MAX_LINES, "what": "traveller lines"})])


def _row_section(row: dict[str, str], line: int, reading: _Reading) -> str:
    """The section a row's own ``Section`` column names (BridgeComposer writes one table for every section)."""
    text = row.get("section", "").strip().upper()
    if text and not re.fullmatch(r"[A-Z]{1,2}", text):
        reading.problem("pbn.section", line, text=text[:10])
    return text if re.fullmatch(r"[A-Z]{1,2}", text) else ""


def _sit_out(row: dict[str, str], section: str, board: int, line: int, reading: _Reading) -> None:
    """A sit-out row: the one pair named (the other ``-`` or 0), in its section."""
    named = [(side, row[f"pairid_{side.lower()}"]) for side in ("NS", "EW") if row[f"pairid_{side.lower()}"] != "0"]
    named = [(side, text) for side, text in named if text]
    if len(named) != 1:
        reading.problem("pbn.bye", line, board=board)
        return
    side, text = named[0]
    pair = _pair_number(text, f"PairId_{side}", line, reading)
    if pair is not None:
        letter = pair[2] or _row_section(row, line, reading) or section
        reading.sit_outs.append(UsebioSitOut(letter, board, pair[0], side))


def _total_table(game: PbnGame, section: str, reading: _Reading) -> None:
    for line, row in _rows(game, "TotalScoreTable", reading):
        pair = _pair_number(row.get("pairid", ""), "PairId", line, reading)
        direction = direction_of(row.get("direction", ""))  # "N-S", "Ö-V", "Ø-V", "O-W", "E-O" ...
        if direction is None:
            reading.problem("pbn.direction", line, text=row.get("direction", "")[:10])
        total, percentage = figure(row, _TOTALS, line, reading), figure(row, _PERCENTAGES, line, reading)
        if pair is None or direction is None:
            continue
        direction, letter = direction or pair[1], pair[2] or _row_section(row, line, reading) or section
        players = players_of(row.get("names", ""), (row.get("memberid1", ""), row.get("memberid2", "")))
        key = (letter, pair[0], direction)
        place = (row.get("sessionrank") or row.get("rank", ""))[:8]  # Ruter: Rank is the event's, after it
        reading.pairs.setdefault(key, UsebioPair(letter, pair[0], direction, players, place,
                                                 total, percentage))  # fmt: skip
        if len(reading.pairs) > MAX_PAIRS:
            raise PbnResultsError([PbnProblem("pbn.too_many", line, {"limit": MAX_PAIRS, "what": "pairs"})])


def _section(game: PbnGame, reading: _Reading) -> str | None:
    text = game.tags.get("Section", "").strip().upper() or "A"
    if not re.fullmatch(r"[A-Z]{1,2}", text):
        reading.problem("pbn.section", game.lines.get("Section"), text=text[:10])
        return None
    return text


def _read_game(game: PbnGame, reading: _Reading) -> None:
    section = _section(game, reading)
    if section is None:
        return
    if "TotalScoreTable" in game.rows:
        _total_table(game, section, reading)
    if "ScoreTable" not in game.rows:
        return
    text = game.tags.get("Board", "").strip()
    if not re.fullmatch(r"[0-9]{1,3}", text) or int(text) < 1:
        reading.problem("pbn.board", game.lines.get("Board", game.lines["ScoreTable"]), text=text[:20])
        return
    _score_table(game, section, int(text), reading)


def scoring_of(text: str) -> str | None:
    """The site's scoring method a PBN ``Scoring`` tag names (``MP``, ``IMP``, ``Butler``...), else None."""
    words = text.upper()
    return next((method for word, method in _SCORING if word in words), None)


def pbn_date(text: str) -> datetime.date | None:
    """A PBN date, ``2026.11.30``; also ``2026-11-30`` and a time after it, as BBO writes (None when unknown:
    ``2026.??.??``)."""
    match = re.fullmatch(r"([0-9]{4})[.-]([0-9]{2})[.-]([0-9]{2})(?:[ T][0-9:.]{0,12})?", text.strip())
    try:
        return datetime.date(*(int(part) for part in match.groups())) if match else None
    except ValueError:
        return None


def _placed(pair: UsebioPair, mitchell: set[str], reading: _Reading) -> UsebioPair | None:
    """A TotalScoreTable pair with its direction in a Mitchell: the one its number plays in the lines (None when
    it plays both ways and the table does not say which)."""
    if pair.direction or pair.section not in mitchell:
        return pair
    lines = [line for line in reading.lines if line.section == pair.section]
    sides = {side for line in lines for side, number in (("NS", line.ns), ("EW", line.ew)) if number == pair.number}
    return replace(pair, direction=sides.pop()) if len(sides) == 1 else None


def _pairs(reading: _Reading) -> list[UsebioPair]:
    """The TotalScoreTable's pairs, and the pairs only the ScoreTables name (with a direction in a Mitchell)."""
    found = list(reading.pairs.values())
    mitchell = {pair.section for pair in found if pair.direction}
    mitchell |= {line.section for line in reading.lines if line.ns == line.ew}
    pairs = [placed for pair in found if (placed := _placed(pair, mitchell, reading)) is not None]
    known = {(pair.section, pair.number, pair.direction) for pair in pairs}
    for (section, number, side), players in reading.names.items():
        key = (section, number, side if section in mitchell else "")
        if key not in known:
            known.add(key)
            pairs.append(UsebioPair(*key, players))
    return pairs


def read_pbn_results(data: bytes) -> UsebioEvent:
    """The event of a PBN file with ScoreTables (its ``scoring`` is the Scoring tag's method, or "" when it names
    none); raises `PbnResultsError` listing every problem with its line."""
    if len(data) > MAX_BYTES:
        raise PbnResultsError([PbnProblem("pbn.too_big", None, {"limit": MAX_BYTES})])
    text = decode(data)
    games = read_games(text)
    reading = _Reading()
    for game in games:
        _read_game(game, reading)
    if not reading.lines and not reading.problems:
        per_table = next((game for game in games if game.tags.get("Contract", "").strip() not in ("", "?")), None)
        if per_table is None:
            reading.problem("pbn.no_scores", None)
        else:
            reading.problem("pbn.per_table", per_table.lines["Contract"])
    hands = _deals(text, games, reading)
    if reading.problems:
        raise PbnResultsError(sorted(reading.problems, key=lambda problem: problem.line or 0))
    sections = tuple(sorted({line.section for line in reading.lines}))
    scoring = scoring_of(_first(games, "Scoring", text)) or ""
    name = " ".join(_first(games, "Event", text).split())[:100]
    return UsebioEvent(name, pbn_date(_first(games, "Date", text)), "PBN", scoring, None, sections,
                       tuple(_pairs(reading)), tuple(reading.lines), hands, tuple(reading.sit_outs),
                       f"Scoring {_first(games, 'Scoring', text)}"[:60])  # fmt: skip


_HEADERS = {"Event": ("HRTitleEvent", "ContestName"), "Date": ("HRTitleDate", "ContestDate"), "Scoring": ()}


def _first(games: list[PbnGame], tag: str, text: str) -> str:
    """The first value a game gives the tag (BridgeComposer's opening game may leave Event and Date empty, and
    only the boards carry Scoring; ``?``, unknown, and ``#``, the previous game's, give none), else the header's
    title line: BridgeComposer's ``%HRTitleEvent "Monday pairs"`` or ``%<META  name=ContestName content="...">``."""
    found = next((value for game in games if (value := game.tags.get(tag, "").strip()) not in ("", "?", "#")), "")
    for name in () if found else _HEADERS[tag]:
        line = rf'^%[ \t]*(?:{name}[ \t]+"?|<META[ \t]+name="?{name}"?[ \t]+content=")([^"\r\n>]*)'
        title = re.search(line, text[:20_000], re.MULTILINE | re.IGNORECASE)
        if title and title.group(1).strip():
            return title.group(1).strip()
    return found


def _deals(text: str, games: list[PbnGame], reading: _Reading) -> dict[int, Hands]:
    """The file's deals for the boards its ScoreTables play (none when it has no Deal tag)."""
    if not any(game.tags.get("Deal", "").strip() for game in games):  # [Deal ""]: no hand records
        return {}
    try:
        return read_pbn_deals(text, playable={line.board for line in reading.lines} or None).deals
    except DealRefused as refused:
        reading.problems += refused.problems
        return {}
