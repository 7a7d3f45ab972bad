"""Writing a session's deals as a PBN 2.1 file in export format (CRLF line ends, one game per board).

Each game has the mandatory tags that matter for a hand record (``Event``, ``Site``, ``Date``, ``Board``,
``Dealer``, ``Vulnerable``, ``Deal``), the analysis as ``OptimumScore`` and ``OptimumResultTable`` (20 rows,
declarers W N E S, each with S H D C NT, as the standard lists them in section 5.7) and, when the board was
played, a ``ScoreTable`` of its traveller lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .analysis import Analysis
from .boards import board_dealer, board_vulnerability
from .cards import Hands

_VULNERABLE = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}
_DECLARERS = ("W", "N", "E", "S")
_DENOMINATIONS = ("S", "H", "D", "C", "NT")
SCORE_COLUMNS = r"PairId_NS\2R;PairId_EW\2R;Contract\5L;Declarer\1R;Result\2R;Score_NS\6R"


@dataclass(frozen=True)
class ScoreRow:
    """One traveller line: the pairs, the contract (``4SX``, ``Pass``), declarer, tricks and NS's score."""

    ns_pair: str
    ew_pair: str
    contract: str
    declarer: str
    tricks: int | None
    ns_score: int | None


@dataclass
class ExportBoard:
    number: int
    deal: Hands
    analysis: Analysis | None = None
    scores: list[ScoreRow] = field(default_factory=list)


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def _table_tag(name: str, columns: str) -> str:
    """A table's tag: its column names are written as they are (``Result\\2R``: a backslash, not an escape)."""
    return f'[{name} "{columns}"]'


def _value(value: object) -> str:
    return "-" if value is None or value == "" else str(value)


def optimum_rows(analysis: Analysis) -> list[str]:
    """The 20 rows of an OptimumResultTable: ``W  S  7``, ``W NT  7``..."""
    return [
        f"{seat} {strain:>2} {analysis.tricks[seat][strain]:>2}" for seat in _DECLARERS for strain in _DENOMINATIONS
    ]


def score_rows(rows: Iterable[ScoreRow]) -> list[str]:
    return [
        f"{row.ns_pair:>2} {row.ew_pair:>2} {_value(row.contract):<5} {_value(row.declarer):>1} "
        f"{_value(row.tricks):>2} {_value(row.ns_score):>6}"
        for row in rows
    ]


def _game(board: ExportBoard, header: dict[str, str]) -> list[str]:
    lines = [_tag(name, value) for name, value in header.items()]
    lines += [
        _tag("Board", board.number),
        _tag("Dealer", board_dealer(board.number)),
        _tag("Vulnerable", _VULNERABLE[board_vulnerability(board.number)]),
        _tag("Deal", board.deal.pbn(board_dealer(board.number))),
    ]
    if board.analysis is not None:
        lines.append(_tag("OptimumScore", f"NS {board.analysis.par_score}"))
        lines.append(_table_tag("OptimumResultTable", r"Declarer;Denomination\2R;Result\2R"))
        lines += optimum_rows(board.analysis)
    if board.scores:
        lines.append(_table_tag("ScoreTable", SCORE_COLUMNS))
        lines += score_rows(board.scores)
    return lines


def write_pbn(boards: Iterable[ExportBoard], *, event: str, site: str, date: str) -> str:
    """The PBN 2.1 text of ``boards`` (``date`` as ``YYYY.MM.DD``), with CRLF line ends."""
    lines = ["% PBN 2.1", "% EXPORT", "%"]
    header = {"Event": event, "Site": site or "?", "Date": date}
    for index, board in enumerate(sorted(boards, key=lambda item: item.number)):
        if index:
            lines.append("")
        lines += _game(board, header)
    return "\r\n".join(lines) + "\r\n"
