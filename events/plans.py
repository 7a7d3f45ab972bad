"""A section's movement, built from its settings by the pure generators of `movements` and cached.

The section's plan is the `movement_generators.api.Movement` itself, with the section's board numbers (from its
first board on); a section without a movement gets `no_movement` (no schedule: results are entered freely).
No database access.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext as _

from club.limits import MAX_ROUNDS
from movement_generators.api import Movement, howell, mitchell, no_movement, parse_movement_csv

MOVEMENT_FIELDS = (
    "kind",
    "tables",
    "boards_per_round",
    "rounds",
    "first_board",
    "even_tables",
    "arrow_switch_rounds",
    "phantom",
    "custom_movement_id",
)  # fmt: skip  (a section's fields its movement is built from, as `section_plan` reads them: one changed, a new one)


def section_plan(section) -> Movement:
    """The movement of a section model instance (its custom movement is read if it has one)."""
    csv_text = section.custom_movement.csv_text if section.kind == "custom" and section.custom_movement_id else ""
    return build_plan(
        section.kind,
        section.tables,
        section.boards_per_round,
        section.rounds,
        section.first_board,
        section.even_tables,
        section.arrow_switch_rounds,
        section.phantom,
        csv_text,
    )


def parse_rounds(text: str) -> tuple[int, ...]:
    """'6, 7' → (6, 7); raises ValueError with a readable message."""
    rounds = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if not (part.isascii() and part.isdigit()) or not 1 <= int(part) <= MAX_ROUNDS:
            raise ValueError(_("“%(value)s” is not a round number") % {"value": part})
        rounds.append(int(part))
    return tuple(sorted(set(rounds)))


@lru_cache(maxsize=256)
def build_plan(
    kind, tables, boards_per_round, rounds, first_board, even, arrow_switch_rounds, phantom, csv_text
) -> Movement:
    """The movement of these section settings, its boards numbered from `first_board` (cached: every page
    asks for it)."""
    if kind == "none":
        return no_movement(tables, rounds or 0)
    if kind == "mitchell":
        movement = mitchell(
            tables,
            boards_per_round,
            rounds=rounds,
            even=even,
            arrow_switch_rounds=parse_rounds(arrow_switch_rounds),
            phantom=phantom,
        )
    elif kind == "howell":
        movement = howell(tables, boards_per_round, rounds=rounds, phantom=phantom)
    elif kind == "custom":
        movement = parse_movement_csv(csv_text)
    else:
        raise ValueError(f"unknown movement kind {kind!r}")
    return movement.shift_boards(first_board - 1)


@dataclass(frozen=True)
class PlanFacts:
    """What a movement will give, shown before the set-up is saved: rounds, boards and results to enter
    (`results` is None without a movement: they are entered freely)."""

    rounds: int
    boards: int
    results: int | None


def plan_facts(plan: Movement, boards_per_round: int) -> PlanFacts:
    if not plan.has_schedule:
        return PlanFacts(plan.rounds, plan.rounds * boards_per_round, None)
    return PlanFacts(plan.rounds, len(plan.played_boards), len(plan.schedule))
