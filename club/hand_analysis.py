"""The double-dummy analysis of the stored deals, off the request: the task `club.tasks.analyse_pending_hands`,
which the services enqueue when the deals they store commit (`manage.py analyse_hands` does the same at once).

A service stores a deal with its analysis pending (``dd_tricks`` empty, no claim). A run of `analyse_pending`
then, batch after batch (one DDS batch call each, `deals.analysis.analyse`):

1. *claims* up to ``batch`` pending deals with one conditional UPDATE that sets its own random token where no
   live claim is (no token, or one older than `CLAIM_MINUTES`: a run that died). The database runs the UPDATE
   one row at a time under the row's lock (PostgreSQL re-reads a row another UPDATE changed; SQLite writes one
   transaction at a time), so of two runs at once only one claims a deal;
2. analyses the deals it claimed, outside any transaction;
3. writes each analysis only where the row still carries its token: a deal stored again meanwhile (a director's
   correction clears the claim) is left pending, and the next batch analyses the new deal. Nothing is lost, and
   no deal is analysed by two runs.

A batch whose analysis fails releases its deals, each counting the failure (``analysis_failures``: the hands
page says "analysis failed: retrying"), and the run fails (the task is retried with a growing delay); a deal that
failed `ATTEMPTS` times is no longer claimed until it is stored again.

The apps say which models hold deals (`register_hand_records` in their `AppConfig.ready()`), how to read a
deal's board number and whose pages it shows on.
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from club.background import ATTEMPTS
from club.models import HandRecord
from deals import Hands
from deals.analysis import BATCH, Analysis, analyse

CLAIM_MINUTES = 10  # a batch of 40 deals takes well under a minute; a claim this old is a run that died


@dataclass(frozen=True)
class HandRecords:
    """A model of stored deals: ``number`` the lookup of a deal's board number, ``owner`` that of what its pages
    belong to (a session, a teams event), ``owners_changed(owner ids)`` records their change (`club.unit_of_work`)."""

    model: type[HandRecord]
    number: str
    owner: str
    owners_changed: Callable[[set[int]], None]


_kinds: dict[str, HandRecords] = {}


def register_hand_records(name: str, kind: HandRecords) -> None:
    _kinds[name] = kind


def registered() -> list[HandRecords]:
    return [_kinds[name] for name in sorted(_kinds)]


def analysis_fields(analysis: Analysis) -> dict[str, object]:
    """The stored fields of an analysis, with the claim released."""
    return {
        "dd_tricks": analysis.tricks,
        "par_score": analysis.par_score,
        "par_contracts": [contract.as_dict() for contract in analysis.par_contracts],
        "analysis_claim": "",
        "analysis_claimed_at": None,
        "analysis_failures": 0,
    }


PENDING_FIELDS = {
    "dd_tricks": None,
    "par_score": None,
    "par_contracts": [],
    "analysis_claim": "",
    "analysis_failures": 0,
}


def _claimable(now: datetime.datetime) -> Q:
    expired = now - datetime.timedelta(minutes=CLAIM_MINUTES)
    live = Q(dd_tricks__isnull=True, analysis_failures__lt=ATTEMPTS)
    return live & (Q(analysis_claim="") | Q(analysis_claimed_at__lt=expired))


def claim(kind: HandRecords, token: str, batch: int) -> list[tuple[int, int, int, Hands]]:
    """Claims up to ``batch`` pending deals for ``token`` → (pk, board number, owner id, deal) of each claimed;
    [] when no deal is left to claim. (Deals another run claimed between the read and the UPDATE are looked for
    again: each such turn means that run took them, so the loop ends.)"""
    while True:
        now = timezone.now()
        pending = kind.model.objects.filter(_claimable(now)).order_by("pk")
        candidates = list(pending.values_list("pk", flat=True)[:batch])
        if not candidates:
            return []
        taken = kind.model.objects.filter(_claimable(now), pk__in=candidates)
        if taken.update(analysis_claim=token, analysis_claimed_at=now):
            break
    rows = kind.model.objects.filter(analysis_claim=token).order_by("pk")
    columns = rows.values_list("pk", kind.number, kind.owner, "north", "east", "south", "west")
    return [(pk, number, owner, Hands(*hands)) for pk, number, owner, *hands in columns]


def analyse_kind(kind: HandRecords, *, batch: int = BATCH) -> int:
    """Analyses the pending deals of one model, batch after batch; returns how many were stored analysed."""
    stored = 0
    while True:
        token = uuid.uuid4().hex
        claimed = claim(kind, token, batch)
        if not claimed:
            return stored
        try:
            found = analyse([(number, deal) for _pk, number, _owner, deal in claimed])
        except Exception:
            _release_failed(kind, token)
            raise
        stored += _store(kind, token, claimed, found)


def _release_failed(kind: HandRecords, token: str) -> None:
    """The batch's analysis failed: its deals are released, each counting the failure (one statement)."""
    kind.model.objects.filter(analysis_claim=token).update(
        analysis_claim="", analysis_claimed_at=None, analysis_failures=F("analysis_failures") + 1
    )


def _store(kind: HandRecords, token: str, claimed: list[tuple[int, int, int, Hands]], found: list[Analysis]) -> int:
    """Stores each analysis where the deal still carries ``token`` (one transaction); moves their pages on."""
    owners: set[int] = set()
    written = 0
    with transaction.atomic():
        for (pk, _number, owner, _deal), analysis in zip(claimed, found, strict=True):
            if kind.model.objects.filter(pk=pk, analysis_claim=token).update(**analysis_fields(analysis)):
                owners.add(owner)
                written += 1
        if owners:
            kind.owners_changed(owners)
    return written


def analyse_pending(kinds: Iterable[HandRecords] | None = None, *, batch: int = BATCH) -> int:
    """Analyses every pending deal of every registered model; returns how many were stored analysed."""
    return sum(analyse_kind(kind, batch=batch) for kind in (registered() if kinds is None else kinds))
