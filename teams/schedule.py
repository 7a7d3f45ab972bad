"""Round-robin schedules by the circle method: pure Python, team numbers in, rounds of pairs out."""

from __future__ import annotations

Pairing = tuple[int, int | None]  # (home, away); away None: the home team has a bye


def circle(teams: int) -> list[list[Pairing]]:
    """One full round robin of teams 1..teams: every team meets every other once.

    With an odd number of teams a phantom joins, and whoever meets it has a bye (each team once);
    the bye is listed last in its round. Team 1 stays put, the others rotate one place a round;
    team 1 and each table alternate home and away from round to round.
    """
    if teams < 2:
        raise ValueError("a round robin needs at least two teams")
    seats: list[int | None] = list(range(1, teams + 1)) + ([None] if teams % 2 else [])
    size = len(seats)
    schedule = []
    for round_index in range(size - 1):
        pairs = []
        for table in range(size // 2):
            home, away = seats[table], seats[size - 1 - table]
            if (round_index + table) % 2:
                home, away = away, home
            pairs.append((away, None) if home is None else (home, away))
        pairs.sort(key=lambda pair: pair[1] is None)
        schedule.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return schedule


def schedule(teams: int, rounds: int | None = None) -> list[list[Pairing]]:
    """`rounds` rounds (default: one full round robin); past a full cycle it starts again with home
    and away swapped, as in a double round robin."""
    cycle = circle(teams)
    rounds = len(cycle) if rounds is None else rounds
    result = []
    for index in range(rounds):
        pairs = cycle[index % len(cycle)]
        if (index // len(cycle)) % 2:
            pairs = [(away, home) if away is not None else (home, None) for home, away in pairs]
        result.append(pairs)
    return result


def cycle_length(teams: int) -> int:
    """Rounds in one full round robin: teams - 1, or teams when odd (each team sits out once)."""
    return teams if teams % 2 else teams - 1
