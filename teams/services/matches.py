"""A teams event's matches: creating them, results entered and scored, IMP totals, adjustments, the event's status.

Every function that writes does so in one transaction: all of it is saved, or nothing. Bad input
raises ValidationError with messages a director can act on (keyed by field where there is one).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from club.unit_of_work import EVENT, record_change, unit_of_work
from teams.models import Adjustment, BoardResult, Match, Team, TeamEvent
from teams.room_results import RoomResult
from teams.selectors.scorecard import scorecard


def first_board(event: TeamEvent, round_: int) -> int:
    """Each round plays its own boards: round 1 boards 1-8, round 2 boards 9-16 ... (8 boards a match)."""
    return (round_ - 1) * event.boards_per_match + 1


def create_matches(*, event: TeamEvent, round_: int, pairs: Iterable[tuple[Team, Team | None]]) -> list[Match]:
    made = Match.objects.bulk_create(
        [
            Match(event=event, round=round_, table=table, home=home, away=away, first_board=first_board(event, round_))
            for table, (home, away) in enumerate(pairs, start=1)
        ]
    )
    record_change(EVENT, event.pk, stale=True)  # the rounds' pages: every way of starting or pairing a round comes here
    return made


def rescore_match(*, match: Match, event: TeamEvent, results: list[BoardResult] | None = None) -> Match:
    """Totals the match's boards into its IMPs, board-a-match points, boards scored and completeness."""
    if match.totals_only:
        return match
    results = list(match.results.all()) if results is None else results
    scores = [board.score for board in scorecard(match, event, results) if board.score is not None]
    started = bool(results)
    match.home_imps = sum(s.home_imps for s in scores) if started else None
    match.away_imps = sum(s.away_imps for s in scores) if started else None
    match.home_points = sum((s.home_points for s in scores), Decimal(0)) if started else None
    match.away_points = sum((s.away_points for s in scores), Decimal(0)) if started else None
    match.boards_scored = len(scores)
    match.complete = len(scores) >= event.boards_per_match
    match.save(update_fields=["home_imps", "away_imps", "home_points", "away_points", "boards_scored", "complete"])
    record_change(EVENT, event.pk, stale=True)
    return match


def _check_playable(match: Match) -> None:
    if match.is_bye:
        raise ValidationError(_("A bye has no boards to enter."))


@unit_of_work()
def save_results(
    *, match: Match, changes: Mapping[tuple[int, int], RoomResult | None], user=None, source: str = ""
) -> Match:
    """Saves rooms' results, {(board, room): RoomResult, or None to remove it}, and rescores the match. `source`
    goes in the results' history as the change's reason (e.g. "table:room1" for a board confirmed at the table)."""
    event = match.event
    match = Match.objects.select_for_update().get(pk=match.pk)
    _check_playable(match)
    if match.totals_only:
        raise ValidationError(_("This match was entered as IMP totals: clear the totals to enter boards."))
    boards = match.board_numbers(event.boards_per_match)
    existing = {(r.board, r.room): r for r in match.results.all()}
    for (board, room), result in changes.items():
        if board not in boards or room not in BoardResult.Room.values:
            raise ValidationError(
                _("Board %(board)s room %(room)s is not part of this match.") % {"board": board, "room": room}
            )
        line = existing.pop((board, room), None)
        if result is None:
            if line is not None:
                line._history_user = user
                line.delete()
            continue
        version = line.version + 1 if line is not None else 1  # a page drawn from an older version is refused
        line = line or BoardResult(match=match, board=board, room=room)
        line.version = version
        line.contract, line.declarer, line.tricks = result.contract, result.declarer, result.tricks
        line.adjusted, line.ns_score = result.adjusted, result.ns_score
        line._history_user = user
        if source:
            line._change_reason = source
        line.save()
        existing[(board, room)] = line
    record_change(EVENT, event.pk, stale=True)
    return rescore_match(match=match, event=event, results=list(existing.values()))


def _whole(value: Decimal, field: str) -> int:
    if value != value.to_integral_value():
        raise ValidationError({field: _("IMPs are whole numbers.")})
    return int(value)


@unit_of_work()
def set_match_totals(*, match: Match, home: Decimal | None, away: Decimal | None) -> Match:
    """Enters a match as totals only (IMPs, or board-a-match points); both empty clears them."""
    event = match.event
    match = Match.objects.select_for_update().get(pk=match.pk)
    _check_playable(match)
    record_change(EVENT, event.pk, stale=True)
    if home is None and away is None:
        match.totals_only = False
        match.home_imps = match.away_imps = match.home_points = match.away_points = None
        match.save()
        return rescore_match(match=match, event=event)
    if home is None or away is None:
        raise ValidationError(_("Enter both teams' totals."))
    if home < 0 or away < 0:
        raise ValidationError(_("Totals are 0 or more."))
    if match.results.exists():
        raise ValidationError(_("This match already has board results: remove them to enter totals only."))
    if event.is_board_a_match:
        if home + away > 2 * event.boards_per_match:
            raise ValidationError(
                _("Board-a-match points of both teams add up to at most %(max)s.") % {"max": 2 * event.boards_per_match}
            )
        match.home_points, match.away_points = home, away
        match.home_imps = match.away_imps = None
    else:
        match.home_imps, match.away_imps = _whole(home, "home"), _whole(away, "away")
        match.home_points = match.away_points = None
    match.totals_only, match.complete, match.boards_scored = True, True, event.boards_per_match
    match.save()
    return match


@unit_of_work()
def add_adjustment(*, match: Match, team: Team, kind: str, amount: Decimal, reason: str) -> Adjustment:
    if team.pk not in (match.home_id, match.away_id):
        raise ValidationError({"team": _("%(team)s does not play in this match.") % {"team": team.name}})
    if not reason.strip():
        raise ValidationError({"reason": _("Give the reason: it is shown with the results.")})
    if kind == Adjustment.Kind.IMPS:
        if match.is_bye:
            raise ValidationError({"kind": _("A bye has no IMPs to adjust: adjust its VPs.")})
        amount = Decimal(_whole(amount, "amount"))
    if not amount:
        raise ValidationError({"amount": _("An adjustment of 0 changes nothing.")})
    record_change(EVENT, match.event_id, stale=True)
    return Adjustment.objects.create(match=match, team=team, kind=kind, amount=amount, reason=reason.strip())


@unit_of_work()
def delete_adjustment(*, adjustment: Adjustment) -> None:
    """Removes an adjustment (the standings read adjustments as they are: nothing else to update)."""
    record_change(EVENT, adjustment.match.event_id, stale=True)
    adjustment.delete()


@unit_of_work()
def save_event(*, form) -> TeamEvent:
    """Saves the event's settings (`form`, valid): name, date, scoring ... shown on its pages."""
    event = form.save()
    record_change(EVENT, event.pk, stale=True)
    return event


@unit_of_work()
def set_event_status(*, event: TeamEvent, status: str) -> None:
    if status not in TeamEvent.Status.values:
        raise ValidationError(_("Unknown status."))
    event.status = status
    event.save(update_fields=["status"])
    record_change(EVENT, event.pk, stale=True)
