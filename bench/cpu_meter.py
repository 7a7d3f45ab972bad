"""CPU per request beside wall time: the CPU seconds a server's processes (gunicorn's master and workers, read from
/proc) or this process spent, and the machine's load average. The load moves wall times far more than CPU times:
on a shared machine, CPU per request is the figure to compare between runs."""

from __future__ import annotations

import os
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:  # not on this platform
        return "unknown"


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(child) for child in task.read_text().split()]
        except OSError:
            continue
    return found


def _cpu_seconds(pid: int) -> float:
    """User and system CPU of one process (its threads included), 0 when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime and stime, fields 14 and 15 of stat


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its children (gunicorn's master and workers), as /proc says now."""
    total, waiting = 0.0, [pid]
    while waiting:
        current = waiting.pop()
        total += _cpu_seconds(current)
        waiting += _children(current)
    return total
