"""Places in a ranking, with ties (the rankings themselves: `events.results`)."""

from __future__ import annotations


def assign_places(rows: list, key) -> None:
    """Sorts rows (each with `.pair.number` and a writable `.place`) best first; ties share a place, "=2"."""
    rows.sort(key=lambda row: (-round(key(row) or 0, 6), row.pair.number))
    index = 0
    while index < len(rows):
        value = round(key(rows[index]) or 0, 6)
        end = index
        while end + 1 < len(rows) and round(key(rows[end + 1]) or 0, 6) == value:
            end += 1
        place = str(index + 1) if end == index else f"={index + 1}"
        for row in rows[index:end + 1]:
            row.place = place
        index = end + 1
