"""Board numbers: who deals and who is vulnerable (the 16-board cycle, repeated for boards 17 and up)."""

from __future__ import annotations

from ._checks import is_whole

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
VULNERABILITIES: tuple[str, ...] = ("None", "NS", "EW", "Both")

# Boards 1-16, as in the seeds' sixteen-board table ("Tablero / Distribuidor / Vulnerabilidad").
_CYCLE: tuple[str, ...] = (
    "None", "NS", "EW", "Both",
    "NS", "EW", "Both", "None",
    "EW", "Both", "None", "NS",
    "Both", "None", "NS", "EW",
)  # fmt: skip


def _check_board(number: int) -> None:
    if not is_whole(number) or number < 1:
        raise ValueError(f"{number!r}: board numbers are whole numbers starting at 1")


def board_dealer(number: int) -> str:
    """Dealer of a board: ``"N" "E" "S" "W"`` for boards 1, 2, 3, 4, then repeating."""
    _check_board(number)
    return SEATS[(number - 1) % 4]


def board_vulnerability(number: int) -> str:
    """Vulnerability of a board: ``"None" "NS" "EW" "Both"``, the standard 16-board cycle."""
    _check_board(number)
    return _CYCLE[(number - 1) % 16]


def seat_vulnerable(vulnerability: str, seat: str) -> bool:
    """Whether the side of ``seat`` (``"N" "E" "S" "W"``) is vulnerable under a board vulnerability."""
    if vulnerability not in VULNERABILITIES:
        raise ValueError(f"{vulnerability!r}: vulnerability must be one of None, NS, EW, Both")
    if seat not in SEATS:
        raise ValueError(f"{seat!r}: a seat is N, E, S or W")
    if vulnerability == "Both":
        return True
    if vulnerability == "None":
        return False
    return seat in vulnerability
