"""CPU per request beside wall time: the CPU seconds a server's processes (gunicorn's master and workers, read from
/proc) or this process spent, and the machine's load average. The load moves wall times far more than CPU times:
on a shared machine, CPU per request is the figure to compare between runs."""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:  # not on this platform
        return "unknown"


def speed_probe() -> float:
    """The machine's speed now: the process time (ms) of a fixed pure-Python loop, the median of three. On a shared
    (virtual) machine the CPU a request costs moves with the host's speed as well as with the code: on 3 December
    2026 the same loop took from about 140 to about 280 ms within minutes, the load under 2. Runs taken at different
    probes compare by CPU divided by the probe."""
    spent = []
    for _ in range(3):
        started = time.process_time()
        total = 0
        for value in range(1_000_000):
            total += value * value % 7
        spent.append(1000 * (time.process_time() - started))
    return statistics.median(spent)


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(child) for child in task.read_text().split()]
        except OSError:
            continue
    return found


def _cpu_seconds(pid: int) -> float:
    """User and system CPU of one process (its threads included) and of its children that ended and were waited for
    (a gunicorn worker replaced, a task's subprocess), 0 when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(value) for value in fields[11:15]) / TICKS  # utime, stime, cutime, cstime: fields 14-17 of stat


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its children (gunicorn's master and workers), as /proc says now."""
    total, waiting = 0.0, [pid]
    while waiting:
        current = waiting.pop()
        total += _cpu_seconds(current)
        waiting += _children(current)
    return total


class ServerMeter:
    """A server's CPU over one stretch of a bench (from now until `line`), per request, beside the stretch's wall time
    and the load average before and after: what bench_flood, bench_load and bench_tasks print, as bench_http does."""

    def __init__(self, pid: int):
        self.pid = pid
        self.load_before = load_average()
        self.cpu_before = tree_cpu(pid)
        self.started = time.perf_counter()

    def line(self, requests: int, what: str = "request") -> str:
        cpu = tree_cpu(self.pid) - self.cpu_before
        wall = time.perf_counter() - self.started
        cores = os.cpu_count() or 1
        per = f"{1000 * cpu / requests:.1f} ms per {what} ({requests})" if requests else f"no {what}"
        return (
            f"server CPU {per}; {cpu:.1f} s in {wall:.1f} s wall ({100 * cpu / max(wall, 1e-9) / cores:.0f}% of "
            f"{cores} cores); load average before {self.load_before}, after {load_average()}"
        )
