"""Match scores (IMPs and victory points with adjustments), standings with shared places, cross-tables.

Everything here reads a few querysets once (teams, matches, adjustments) and works in Python, so a
page costs the same number of queries whatever the size of the event.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache

import scoring
from teams.models import Adjustment, Match, Team, TeamEvent

TWENTY_POINT_SCALES = {TeamEvent.Scale.WBF, TeamEvent.Scale.WBF_DISCRETE, TeamEvent.Scale.TWENTY}


def can_pair(event: TeamEvent, last_round: int) -> bool:
    """Whether the director may pair the next round: a Swiss event with a round played and rounds left."""
    return bool(event.is_swiss and last_round and (not event.rounds or last_round < event.rounds))


def bye_score(event: TeamEvent) -> Decimal:
    """What a bye is worth: the event's setting, or 12 of 20 VPs, 18 of 25 or 30, half the board-a-match points."""
    if event.bye_score is not None:
        return event.bye_score
    if event.is_board_a_match:
        return Decimal(event.boards_per_match)
    return Decimal(12 if event.scale in TWENTY_POINT_SCALES else 18)


def event_victory_points(event: TeamEvent, margin: int) -> tuple[Decimal, Decimal]:
    """VPs of the side with `margin` IMPs and of its opponents, on the event's scale."""
    return _victory_points(margin, event.boards_per_match, event.scale)


@lru_cache(maxsize=4096)
def _victory_points(margin: int, boards: int, scale: str) -> tuple[Decimal, Decimal]:
    """Remembered: a scale's VPs never change, and a page of ten events asks for the same margins again and again
    (a Decimal is immutable, so the pair is shared safely)."""
    won, lost = scoring.victory_points(margin, boards, scale)
    return Decimal(won), Decimal(lost)


_ZERO = Decimal(0)


@dataclass
class MatchScore:
    """A match as the standings see it: IMPs and VPs (or board-a-match points) after adjustments."""

    match: Match
    home_imps: int | None = None
    away_imps: int | None = None
    home_vp: Decimal | None = None
    away_vp: Decimal | None = None
    adjustments: list[Adjustment] = field(default_factory=list)

    @property
    def counted(self) -> bool:
        """Whether the match counts in the standings: a bye, or a match whose every board is in."""
        return self.match.is_bye or self.match.complete

    def side(self, team_id: int) -> tuple[int | None, int | None, Decimal | None]:
        """(IMPs for, IMPs against, VPs) of one of the two teams."""
        if team_id == self.match.home_id:
            return self.home_imps, self.away_imps, self.home_vp
        return self.away_imps, self.home_imps, self.away_vp


def _adjustment_totals(match: Match, adjustments: list[Adjustment], kind: str) -> tuple[Decimal, Decimal]:
    if not adjustments:  # most matches: no sum to make
        return _ZERO, _ZERO
    home = sum((a.amount for a in adjustments if a.kind == kind and a.team_id == match.home_id), Decimal(0))
    away = sum((a.amount for a in adjustments if a.kind == kind and a.team_id == match.away_id), Decimal(0))
    return home, away


def match_score(event: TeamEvent, match: Match, adjustments: list[Adjustment] = ()) -> MatchScore:
    """IMPs with IMP adjustments, then VPs (`scoring.victory_points`) with VP adjustments.

    VPs are given as soon as the match has a score, so the director sees them as lines are saved;
    `counted` says whether the standings take them.
    """
    adjustments = list(adjustments)
    result = MatchScore(match, adjustments=adjustments)
    vp_home, vp_away = _adjustment_totals(match, adjustments, Adjustment.Kind.VP)
    if match.is_bye:
        result.home_vp = bye_score(event) + vp_home
        return result
    imp_home, imp_away = _adjustment_totals(match, adjustments, Adjustment.Kind.IMPS)
    if match.home_imps is not None:
        result.home_imps = match.home_imps + int(imp_home)
        result.away_imps = match.away_imps + int(imp_away)
    if event.is_board_a_match:
        if match.home_points is not None:
            result.home_vp, result.away_vp = match.home_points + vp_home, match.away_points + vp_away
    elif result.home_imps is not None:
        home, away = event_victory_points(event, result.home_imps - result.away_imps)
        result.home_vp, result.away_vp = home + vp_home, away + vp_away
    return result


def match_scores(event: TeamEvent, matches=None) -> list[MatchScore]:
    """Every match of the event (or those given) scored: two queries."""
    matches = list(event.matches.all() if matches is None else matches)
    by_match = defaultdict(list)
    for adjustment in Adjustment.objects.filter(match__in=[m.pk for m in matches]).select_related("team"):
        by_match[adjustment.match_id].append(adjustment)
    return [match_score(event, match, by_match[match.pk]) for match in matches]


@dataclass
class TeamStanding:
    team: Team
    played: int = 0
    vp: Decimal = Decimal(0)
    imps_for: int = 0
    imps_against: int = 0
    place: str = ""

    @property
    def imp_difference(self) -> int:
        return self.imps_for - self.imps_against

    @property
    def key(self) -> tuple[Decimal, int]:
        """Victory points, then the aggregate IMP difference as the tie-break."""
        return self.vp, self.imp_difference


def rank(rows: list[TeamStanding]) -> list[TeamStanding]:
    """Sorts best first and sets places; teams equal on VPs and IMP difference share a place: "=2"."""
    rows.sort(key=lambda row: (-row.key[0], -row.key[1], row.team.number))
    keys = [row.key for row in rows]  # each key made once: equal keys are side by side once sorted
    first: dict[tuple[Decimal, int], int] = {}
    for index, key in enumerate(keys):
        first.setdefault(key, index)
    tied = Counter(keys)
    for index, (row, key) in enumerate(zip(rows, keys, strict=True)):
        row.place = f"={first[key] + 1}" if tied[key] > 1 else str(index + 1)
    return rows


def standings(
    event: TeamEvent,
    through_round: int | None = None,
    scores: list[MatchScore] | None = None,
    teams: list[Team] | None = None,
) -> list[TeamStanding]:
    """The standings after `through_round` (default: every round), counting complete matches and byes."""
    teams = list(event.teams.all()) if teams is None else teams
    scores = match_scores(event) if scores is None else scores
    rows = {team.pk: TeamStanding(team) for team in teams}
    for score in scores:
        if not score.counted or (through_round is not None and score.match.round > through_round):
            continue
        for team_id in (score.match.home_id, score.match.away_id):
            if team_id is None:
                continue
            imps_for, imps_against, vp = score.side(team_id)
            row = rows[team_id]
            row.played += 1
            row.vp += vp or 0
            row.imps_for += imps_for or 0
            row.imps_against += imps_against or 0
    return rank(list(rows.values()))


def rounds_scored(scores: list[MatchScore]) -> list[int]:
    """The rounds with at least one complete match, in order."""
    return sorted({s.match.round for s in scores if s.match.complete})


@dataclass
class CrossCell:
    """What one team scored against another (several results in a double round robin)."""

    results: list[tuple[MatchScore, int | None, int | None, Decimal | None]] = field(default_factory=list)


def cross_table(teams: list[Team], scores: list[MatchScore]) -> list[tuple[Team, list[CrossCell | None]]]:
    """Rows of (team, a cell per opponent in team order; None on the diagonal)."""
    cells = {(a.pk, b.pk): CrossCell() for a in teams for b in teams if a.pk != b.pk}
    for score in scores:
        match = score.match
        if match.is_bye or match.home_imps is None and match.home_points is None:
            continue
        for team_id, other_id in ((match.home_id, match.away_id), (match.away_id, match.home_id)):
            cells[team_id, other_id].results.append((score, *score.side(team_id)))
    return [(team, [cells.get((team.pk, other.pk)) for other in teams]) for team in teams]
