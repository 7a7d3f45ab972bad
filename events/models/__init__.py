"""The models of pairs sessions (`core`) and of table entry (`table_entry`), importable from `events.models`."""

from events.models.core import (
    Board,
    BoardDeal,
    Correction,
    Pair,
    Seating,
    Section,
    Session,
    SessionQuerySet,
    TravellerLine,
)
from events.models.ladder import Ladder
from events.models.sit_outs import SitOut
from events.models.summaries import MemberSummary
from events.models.table_entry import CorrectionRequest, TableEntry, TableResult

__all__ = [
    "Board",
    "BoardDeal",
    "Correction",
    "CorrectionRequest",
    "Ladder",
    "MemberSummary",
    "Pair",
    "Seating",
    "Section",
    "Session",
    "SitOut",
    "SessionQuerySet",
    "TableEntry",
    "TableResult",
    "TravellerLine",
]
