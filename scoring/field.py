"""Scoring across the field: the sections that play the same boards compared together (`Conventions.across_field`).

A board's results in every section are one field: matchpoints with one top over all of them (each result beats
or ties the results of every section), Neuberg's formula factoring to the sum of the results each section was due,
the Butler datum and cross-IMPs over all the results. Ruter scores a multi-section cross-IMP event so, and
congresses their matchpoint fields; the default stays per section.
"""

from __future__ import annotations

from collections.abc import Sequence

from .adjusted import Entry
from .conventions import Conventions, score_board

DEFAULT = Conventions()


def score_field(
    method: str,
    sections: Sequence[Sequence[Entry]],
    *,
    expected: Sequence[int | None] | None = None,
    scale: str = "ebu",
    conventions: Conventions = DEFAULT,
) -> list[list[tuple[float, float]]]:
    """Every entry's ``(ns, ew)`` points on one board played in several sections, each section's entries in the
    order given (a list per section), scored as one field.

    ``expected``: the results each section was due on the board (Neuberg's E of the section); the field's E is
    their sum. None (or a section's None): as many as it has entries.
    """
    entries = [entry for section in sections for entry in section]
    due = None
    if expected is not None:
        due = sum(
            len(section) if wanted is None else wanted for section, wanted in zip(sections, expected, strict=True)
        )
    points = score_board(method, entries, expected=due, scale=scale, conventions=conventions) if entries else []
    found, start = [], 0
    for section in sections:
        found.append(points[start : start + len(section)])
        start += len(section)
    return found
