"""Double-dummy analysis of a session's deals: how long `deals.analysis.analyse` takes for 36 boards.

    .venv/bin/python bench/bench_hands.py [--boards 36] [--runs 3] [--seed 2026]

It deals `--boards` random deals (seeded, so every run analyses the same deals), then analyses them `--runs`
times as `manage.py analyse_hands` does (one DDS batch call, which spreads the deals over the machine's cores,
and the par of each deal from its table), and prints the wall and CPU time of each run with the load average.
Target (the hand-records issue): a session of 36 boards analysed within 10 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deals import Hands  # noqa: E402 - after the path is set
from deals.analysis import analyse  # noqa: E402

RANKS = "AKQJT98765432"
TARGET_SECONDS = 10.0


def random_deal(rng: random.Random) -> Hands:
    cards = [(suit, rank) for suit in range(4) for rank in range(13)]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        held = cards[13 * seat : 13 * seat + 13]
        suits = ["".join(RANKS[rank] for rank in sorted(rank for s, rank in held if s == suit)) for suit in range(4)]
        hands.append(".".join(suits))  # spades, hearts, diamonds, clubs
    return Hands(*hands)


def cpu_seconds() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    boards = [(number, random_deal(rng)) for number in range(1, args.boards + 1)]
    print(f"{args.boards} deals, {os.cpu_count()} CPUs, target {TARGET_SECONDS:g} s")
    for run in range(1, args.runs + 1):
        load = os.getloadavg()[0]
        wall, cpu = time.perf_counter(), cpu_seconds()
        found = analyse(boards)
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        verdict = "met" if wall <= TARGET_SECONDS else "MISSED"
        print(f"  run {run}: wall {wall:.1f} s, CPU {cpu:.1f} s, load average before {load:.2f}: {verdict}")
        assert len(found) == args.boards


if __name__ == "__main__":
    main()
