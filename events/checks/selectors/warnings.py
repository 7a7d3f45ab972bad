"""Non-blocking warnings on a board's lines (shown at entry and in the checks)."""

from __future__ import annotations

from itertools import combinations

from django.utils.translation import gettext as _

from events.models import TravellerLine

FAR_SCORE = 500  # a score this far from every other result on the board is worth a second look


def board_warnings(lines: list[TravellerLine]) -> dict[int, list[str]]:
    """Non-blocking warnings per line id: a score far from every other result on the board while some of those
    others agree (two of them within FAR_SCORE of each other). Results that all differ (420, -100, 1100) leave no
    usual result to stand out from: none is flagged, rather than every one."""
    warnings: dict[int, list[str]] = {}
    played = [line for line in lines if line.ns_score is not None and not line.adjusted]
    for line in played:
        notes = []  # a passed-out board is a normal result: no note
        others = [other.ns_score for other in played if other.pk != line.pk]
        usual = any(abs(first - second) < FAR_SCORE for first, second in combinations(others, 2))
        if usual and all(abs(line.ns_score - other) >= FAR_SCORE for other in others):
            notes.append(_("This score is far from every other result on the board: check the slip."))
        if notes:
            warnings[line.pk] = notes
    return warnings
