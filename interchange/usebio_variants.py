"""What other USEBIO writers put where Compscore writes something else, read as `interchange.usebio` takes it.

Seen in files written from Jeff Smith's Scorer (New Zealand) as USEBIO 1.1 (the converter kept by the New Zealand
federation's results tools writes them so): ``Version="1.1"`` with ``<!DOCTYPE USEBIO PUBLIC "-//EBU//DTD USEBIO
1.1//EN" "http://www.usebio.org/files/usebio_v1_1.dtd">``, pair numbers ``1 NS``, masterpoints inside one
``MASTER_POINTS`` element per kind (``<MASTER_POINTS><MASTER_POINTS_AWARDED>6</MASTER_POINTS_AWARDED>
<MASTER_POINT_TYPE>a</MASTER_POINT_TYPE></MASTER_POINTS>``) and the pair's percentage written as its TOTAL_SCORE
too. The elements read are the same in USEBIO 1.0, 1.1 and 1.2.

Other writers of USEBIO 1.2 (as readers kept on GitHub take their files) state a pairs event as
``EVENT_TYPE="PAIRS"`` with ``BOARD_SCORING_METHOD`` (``MATCH_POINTS``, ``IMPS``) and ``PAIRWISE_SCORING_METHOD``
(``CROSS_IMPS``) beside it, and put the SECTIONs in a SESSION of the EVENT: read as Compscore's MP_PAIRS,
BUTLER_PAIRS (IMPs against a datum) or CROSS_IMP, the SESSION's sections as the event's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING
from xml.etree.ElementTree import Element

if TYPE_CHECKING:
    from .usebio import UsebioPair

VERSIONS = ("1.0", "1.1", "1.2")


def awarded(element: Element, text: Callable[[Element | None, str], str]) -> tuple[str, str]:
    """The masterpoints of a PAIR and their kind, as text: its own MASTER_POINTS_AWARDED and MASTER_POINT_TYPE
    (Compscore), else those of its first MASTER_POINTS element that awards any (Scorer's USEBIO 1.1)."""
    points = text(element, "MASTER_POINTS_AWARDED")
    if points:
        return points, text(element, "MASTER_POINT_TYPE")
    for inner in element.findall("MASTER_POINTS"):
        points = text(inner, "MASTER_POINTS_AWARDED")
        if points.strip("0."):
            return points, text(inner, "MASTER_POINT_TYPE")
    return "", ""


def totals_that_are_percentages(pairs: list[UsebioPair]) -> list[UsebioPair]:
    """The pairs without their TOTAL_SCORE when every pair's equals its PERCENTAGE: the file writes the percentage
    in both (Scorer), and a matchpoint total is no percentage."""
    given = [pair for pair in pairs if pair.total is not None]
    if len(given) < 2 or any(pair.total != pair.percentage for pair in given):
        return pairs
    return [replace(pair, total=None) for pair in pairs]


_BOARD_SCORING = {
    "MATCH_POINTS": "MP_PAIRS",
    "MATCHPOINTS": "MP_PAIRS",
    "IMPS": "BUTLER_PAIRS",
    "BUTLER_IMPS": "BUTLER_PAIRS",
    "CROSS_IMPS": "CROSS_IMP",
}


def event_kind(event: Element, text: Callable[[Element | None, str], str]) -> str:
    """The EVENT_TYPE (attribute or element), a ``PAIRS`` event named by its scoring methods as Compscore names it:
    ``MP_PAIRS``, ``BUTLER_PAIRS`` or ``CROSS_IMP`` (a ``PAIRS`` event with a method not read stays ``PAIRS``)."""
    kind = (event.get("EVENT_TYPE") or text(event, "EVENT_TYPE")).upper()
    if kind != "PAIRS":
        return kind
    if text(event, "PAIRWISE_SCORING_METHOD").upper() == "CROSS_IMPS":
        return "CROSS_IMP"
    return _BOARD_SCORING.get(text(event, "BOARD_SCORING_METHOD").upper().replace(" ", "_"), kind)
