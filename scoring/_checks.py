"""Checks the scoring modules share on the values they are given."""

from __future__ import annotations

from typing import TypeGuard


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a Python int and not a bool (1.0 or True is not a level, a count or a doubling)."""
    return isinstance(value, int) and not isinstance(value, bool)
