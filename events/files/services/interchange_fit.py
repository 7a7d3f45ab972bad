"""The conventions an imported file was scored with: what the file says, then what its figures show.

The file says it where it can: a PBN ``Scoring`` tag may say ``Sum`` (cross-IMPs summed over the comparisons) or
``Field``/``Across`` (scored across the field); a USEBIO EVENT_TYPE says the method. An IMP event's pair totals,
summed over the boards or averaged per board, are fitted to the file's pair totals (`fit_pair_total`).
What the file does not say its figures show: a session of several sections is scored
across the field or per section, a cross-IMP event's figures are averaged or summed; each choice the file leaves
open is tried, and the one under which the most of the file's figures agree is kept (the file's own, or the
preset's, when none does better).
"""

from __future__ import annotations

import dataclasses
import re

import scoring
from events.models import Session
from events.standings.selectors.conventions import convention_fields, conventions_of
from events.standings.services.rescoring import rescore_session
from events.standings.services.standings import store_standings
from interchange.usebio import UsebioEvent


def said_by_file(event: UsebioEvent, preset: str) -> tuple[str, dict[str, object]]:
    """The preset (as chosen: the file's scorer is not taken for its conventions, which the director's preset
    sets) and the conventions the file's words state."""
    words = set(re.findall(r"[A-Z]+", event.program.upper()))
    stated: dict[str, object] = {}
    if "SUM" in words:
        stated["cross_imps"] = "sum"
    if words & {"FIELD", "ACROSS"}:
        stated["across_field"] = True
    return preset, stated


def _choices(session: Session, event: UsebioEvent, stated: dict[str, object]) -> list[dict[str, object]]:
    """Each other setting of the conventions the file leaves open."""
    open_choices = []
    if len(event.sections) > 1 and "across_field" not in stated:
        open_choices.append(("across_field", (False, True)))
    if session.scoring == Session.Scoring.CROSS_IMPS and "cross_imps" not in stated:
        open_choices.append(("cross_imps", ("average", "sum")))
    found: list[dict[str, object]] = [{}]
    for name, values in open_choices:
        found = [{**choice, name: value} for choice in found for value in values]
    return [choice for choice in found if any(getattr(session, name) != value for name, value in choice.items())]


def fit_conventions(*, session: Session, event: UsebioEvent, stated: dict[str, object], misfits) -> None:
    """Sets the session's conventions the file leaves open to those its figures agree with best (`misfits(session)`
    counts the figures that differ); the session is scored again under each choice tried, and under the one kept."""
    choices = _choices(session, event, stated)
    if not choices:
        return
    original = conventions_of(session)
    best, kept = misfits(session), original
    for choice in choices:
        conventions = dataclasses.replace(original, **choice)
        _score_with(session, conventions)
        count = misfits(session)
        if count < best:
            best, kept = count, conventions
    _score_with(session, kept)
    if kept != original:
        session.save(update_fields=list(convention_fields(kept)))  # the conventions kept, in the session's history


def _score_with(session: Session, conventions: scoring.Conventions) -> None:
    """The session scored again under `conventions` (written without a history record: a trial)."""
    fields = convention_fields(conventions)
    for name, value in fields.items():
        setattr(session, name, value)
    Session.objects.filter(pk=session.pk).update(**fields)
    rescore_session(session=session)


def fit_pair_total(*, session: Session, event: UsebioEvent, stated: dict[str, object], misfits) -> None:
    """An IMP session's pair totals summed over the boards or averaged per board (`Session.pair_total`): the choice
    under which more of the file's pair totals agree (`misfits(session)` counts those that differ, from the
    standings stored for the trial), kept in the session's history when it is not the one set."""
    if not session.uses_imps or "pair_total" in stated or not any(pair.total is not None for pair in event.pairs):
        return
    original = conventions_of(session)
    best, kept = misfits(session), original
    other = dataclasses.replace(original, pair_total="average" if original.pair_total == "sum" else "sum")
    _total_with(session, other)
    if misfits(session) < best:
        kept = other
    _total_with(session, kept)
    if kept != original:
        session.save(update_fields=["pair_total"])


def _total_with(session: Session, conventions: scoring.Conventions) -> None:
    """The session's pair totals as `conventions` total them (stored; written without a history record: a trial)."""
    session.pair_total = conventions.pair_total
    Session.objects.filter(pk=session.pk).update(pair_total=conventions.pair_total)
    store_standings(session_ids=[session.pk])
