"""Where the double-dummy analysis of a session's or a match's stored deals stands, for the director's hands
page ("Analysing: 12 of 36 deals analysed", "analysis failed: retrying"): read from the deals' own fields."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from club.background import ATTEMPTS
from club.models import HandRecord

ANALYSED, PENDING, RETRYING, FAILED = "analysed", "pending", "retrying", "failed"


def analysis_state(record: HandRecord) -> str:
    """analysed; pending; retrying (an attempt failed, another is due); failed (every attempt failed)."""
    if record.analysed:
        return ANALYSED
    if record.analysis_failures >= ATTEMPTS:
        return FAILED
    return RETRYING if record.analysis_failures else PENDING


@dataclass(frozen=True)
class AnalysisProgress:
    total: int
    analysed: int
    retrying: int
    failed: int

    @property
    def waiting(self) -> bool:
        """Whether the page should look again: some deal may still be analysed."""
        return self.analysed + self.failed < self.total


def analysis_progress(records: Iterable[HandRecord]) -> AnalysisProgress:
    states = [analysis_state(record) for record in records]
    return AnalysisProgress(len(states), states.count(ANALYSED), states.count(RETRYING), states.count(FAILED))


def stored_context(records: dict[int, HandRecord], state_url: str) -> dict[str, object]:
    """What templates/includes/hands_stored.html reads besides the records."""
    return {"progress": analysis_progress(records.values()), "attempts": ATTEMPTS, "state_url": state_url}
