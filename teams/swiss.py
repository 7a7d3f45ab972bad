"""Swiss pairings: pure Python, a ranking in, the round's pairs out.

The best-ranked team still unpaired meets the best-ranked team it can: one it has not met, as long
as the rest of the field can still be paired without a rematch. When no pairing at all avoids
rematches, the fewest rematches are allowed (and, with an odd number of teams, a second bye counts
as a rematch). The search is a backtracking one, remembering the sub-fields that cannot be paired
so that it stays fast for club-sized fields.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from typing import TypeVar

T = TypeVar("T", bound=Hashable)
BYE = None


def met(a, b, played: Collection[frozenset]) -> bool:
    return frozenset((a, b)) in played


def swiss_pairings(
    ranking: Sequence[T], played: Collection[frozenset] = (), byes: Collection[T] = ()
) -> list[tuple[T, T | None]]:
    """Pairs (home, away) for the next round; `ranking` is best first, `played` holds frozensets of the
    teams that have met, `byes` the teams that have had a bye. The bye, if any, is (team, None) and
    comes last; the higher-ranked team of each pair is at home."""
    if len(set(ranking)) != len(ranking):
        raise ValueError("a team appears twice in the ranking")
    entrants: list[T | None] = list(ranking) + ([BYE] if len(ranking) % 2 else [])
    costs = _costs(entrants, played, byes)
    for budget in range(len(entrants) // 2 + 1):
        found = _search(tuple(range(len(entrants))), budget, costs, {})
        if found is not None:
            pairs = [(entrants[i], entrants[j]) for i, j in found]
            return sorted(pairs, key=lambda pair: pair[1] is BYE)
    raise AssertionError("unreachable: any pairing fits a budget of every table")


def _costs(entrants, played, byes) -> dict[tuple[int, int], int]:
    costs = {}
    for i, a in enumerate(entrants):
        for j in range(i + 1, len(entrants)):
            b = entrants[j]
            repeat = (a in byes) if b is BYE else met(a, b, played)
            costs[i, j] = int(repeat)
    return costs


def _search(left: tuple[int, ...], budget: int, costs, failed: dict) -> list[tuple[int, int]] | None:
    """Pairs of `left` (indexes, best first) with at most `budget` rematches, top against top."""
    if not left:
        return []
    if failed.get(left, -1) >= budget:
        return None
    first, rest = left[0], left[1:]
    for position, other in enumerate(rest):
        cost = costs[first, other]
        if cost > budget:
            continue
        found = _search(rest[:position] + rest[position + 1 :], budget - cost, costs, failed)
        if found is not None:
            return [(first, other), *found]
    failed[left] = budget
    return None


def rematches(pairs: Sequence[tuple[T, T | None]], played: Collection[frozenset]) -> list[tuple[T, T]]:
    """The pairs of a round that have met before (a director's override may make some)."""
    return [(a, b) for a, b in pairs if b is not BYE and met(a, b, played)]
