"""The deals of a PBN file, board by board, checked: a file with any bad deal is refused whole.

Games without a ``Deal`` tag (results only), or with an empty one (``[Deal ""]``, as Magic Contest writes every board
of a session without hand records), are skipped; a board given twice with the same deal (one game per
table, as scoring programs write) counts once. The file's own ``Dealer`` and ``Vulnerable`` are compared with
what the board number says: a disagreement is a warning, and the board number wins.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from .boards import board_dealer, board_vulnerability
from .cards import SEATS, Hands, read_deal
from .errors import DealProblem, DealRefused
from .pbn import PbnGame, read_games

VULNERABLE_WORDS = {"NONE": "None", "LOVE": "None", "-": "None", "NS": "NS", "EW": "EW", "ALL": "Both", "BOTH": "Both"}


@dataclass
class PbnDeals:
    """The file's deals by board number, the line of each, and the warnings the director should see."""

    deals: dict[int, Hands] = field(default_factory=dict)
    lines: dict[int, int] = field(default_factory=dict)
    warnings: list[DealProblem] = field(default_factory=list)


def _board_number(game: PbnGame, problems: list[DealProblem]) -> int | None:
    value = game.tags.get("Board", "").strip()
    line = game.lines.get("Board", game.lines["Deal"])
    if not value:
        problems.append(DealProblem("pbn.no_board", line))
    elif not (value.isascii() and value.isdigit()) or int(value) < 1:
        problems.append(DealProblem("pbn.board", line, value=value))
    else:
        return int(value)
    return None


def _compare(game: PbnGame, board: int) -> list[DealProblem]:
    """Warnings where the file's Dealer or Vulnerable differ from what the board number says."""
    warnings = []
    dealer = game.tags.get("Dealer", "").strip().upper()
    if dealer in SEATS and dealer != board_dealer(board):
        line = game.lines["Dealer"]
        warnings.append(DealProblem("pbn.dealer", line, board=board, found=dealer, expected=board_dealer(board)))
    written = game.tags.get("Vulnerable", "").strip()
    vulnerable = VULNERABLE_WORDS.get(written.upper())
    if vulnerable and vulnerable != board_vulnerability(board):
        line = game.lines["Vulnerable"]
        expected = board_vulnerability(board)
        warnings.append(DealProblem("pbn.vulnerable", line, board=board, found=written, expected=expected))
    return warnings


def _read_game(game: PbnGame, found: PbnDeals, problems: list[DealProblem]) -> None:
    board = _board_number(game, problems)
    if board is None:
        return
    line = game.lines["Deal"]
    try:
        deal = read_deal(board, game.tags["Deal"])
    except DealRefused as refused:
        for problem in refused.problems:
            problem.line = line
        problems += refused.problems
        return
    if board in found.deals:
        if found.deals[board] != deal:
            problems.append(DealProblem("pbn.board_twice", line, board=board, other_line=found.lines[board]))
        return
    found.deals[board] = deal
    found.lines[board] = line
    found.warnings += _compare(game, board)


def _leave_out(found: PbnDeals, playable: set[int], problems: list[DealProblem]) -> None:
    """The deals of boards the session does not play left out, each named in a warning (a dealing machine's file
    deals more boards than a night plays); when the file has none of its boards, each is a problem instead."""
    extra = sorted(set(found.deals) - playable)
    if extra and len(extra) == len(found.deals):
        problems += [DealProblem("session.board", found.lines[number], board=number) for number in extra]
        problems.sort(key=lambda problem: problem.line or 0)
        return
    for number in extra:
        found.warnings.append(DealProblem("session.board_left_out", found.lines.pop(number), board=number))
        del found.deals[number]
    found.warnings.sort(key=lambda problem: problem.line or 0)


def read_pbn_deals(text: str, playable: Collection[int] | None = None) -> PbnDeals:
    """Every deal of a PBN text by board number; raises `DealRefused` listing every problem with its line.

    ``playable``: the board numbers a deal may have (a session's boards); a deal for another board is left out with
    a warning (a problem when no deal of the file is for a playable board).
    """
    found = PbnDeals()
    problems: list[DealProblem] = []
    for game in read_games(text):
        if game.tags.get("Deal", "").strip():
            _read_game(game, found, problems)
    if playable is not None:
        _leave_out(found, set(playable), problems)
    if not found.deals and not problems:
        problems.append(DealProblem("pbn.no_deals"))
    if problems:
        raise DealRefused(problems)
    return found
