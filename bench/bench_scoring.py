"""Benchmark: score one board of 30 results with matchpoints.

Run from the project root: ``python bench/bench_scoring.py`` (``make bench``).  For each step it
prints the median and 95th percentile time per board, in microseconds, over many timed runs.
The target (issue 3) is well under a millisecond for the whole board.
"""

from __future__ import annotations

import statistics
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import (  # noqa: E402  (needs the project root on the path)
    board_vulnerability,
    matchpoints,
    parse_contract,
    percentages,
    score_deal,
    seat_vulnerable,
)

BOARD = 13  # both vulnerable
VULNERABILITY = board_vulnerability(BOARD)

# Thirty plausible travellers of one board: (contract, declarer, tricks).
TRAVELLERS = [
    (parse_contract(text), declarer, tricks)
    for text, declarer, tricks in [
        ("4S", "N", 10), ("4S", "S", 11), ("4S", "N", 9), ("3NT", "S", 9), ("3NT", "N", 10),
        ("4SX", "N", 10), ("5DX", "E", 9), ("4S", "S", 10), ("2S", "N", 10), ("4H", "W", 8),
        ("6S", "N", 12), ("6S", "S", 11), ("3S", "N", 10), ("4S", "N", 10), ("4NT", "S", 10),
        ("5S", "N", 11), ("4S", "N", 12), ("3NTX", "S", 8), ("4S", "S", 10), ("5C", "W", 8),
        ("4SXX", "N", 10), ("PASS", "N", 0), ("4S", "N", 10), ("1NT", "E", 5), ("4S", "S", 9),
        ("7S", "N", 11), ("4S", "N", 11), ("3S", "S", 9), ("4S", "N", 10), ("5DX", "W", 10),
    ]
]  # fmt: skip


def scores_of_board() -> list[int]:
    """score_deal for each traveller line, from North-South's point of view."""
    scores = []
    for contract, declarer, tricks in TRAVELLERS:
        score = score_deal(contract, seat_vulnerable(VULNERABILITY, declarer), tricks)
        scores.append(score if declarer in "NS" else -score)
    return scores


SCORES = scores_of_board()


def whole_board() -> None:
    scores = scores_of_board()
    matchpoints(scores)
    percentages(scores)


STEPS = [
    ("score_deal x 30", scores_of_board),
    ("matchpoints", lambda: matchpoints(SCORES)),
    ("percentages", lambda: percentages(SCORES)),
    ("whole board", whole_board),
]


def measure(function, number: int = 50, repeat: int = 200) -> tuple[float, float]:
    """Median and 95th percentile of the time per call, in microseconds."""
    runs = sorted(t / number * 1e6 for t in timeit.repeat(function, number=number, repeat=repeat))
    return statistics.median(runs), runs[min(len(runs) - 1, round(0.95 * len(runs)) - 1)]


def main() -> int:
    print(f"Scoring one board of {len(TRAVELLERS)} results (board {BOARD}, vulnerability {VULNERABILITY})")
    print(f"{'step':<18}{'median µs':>12}{'p95 µs':>12}")
    for name, function in STEPS:
        median, p95 = measure(function)
        print(f"{name:<18}{median:>12.1f}{p95:>12.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
