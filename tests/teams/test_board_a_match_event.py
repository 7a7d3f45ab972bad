"""Board-a-match: 2 points a board won, 1 tied, 0 lost (seed 000), totalled per match."""

from decimal import Decimal

from teams.models import TeamEvent
from teams.selectors.standings import match_scores, standings

PASS = ("PASS", "", "")


def test_board_a_match_totals(make_event, enter_match):
    event = make_event(
        teams=2, format=TeamEvent.Format.MATCH, scoring=TeamEvent.Scoring.BOARD_A_MATCH, boards_per_match=4
    )
    match = event.matches.get()
    enter_match(
        match,
        {
            1: (("4S", "N", "11"), ("4S", "N", "10")),  # +450 v +420: home wins by 30 → 2-0 (IMPs: 1)
            2: (("3NT", "N", "9"), ("3NT", "N", "9")),  # +600 both rooms: tied → 1-1
            3: (("2H", "N", "8"), ("2H", "N", "9")),  # +110 v +140: away wins → 0-2 (IMPs: 1)
            4: (("A+", "", ""), PASS),  # average plus to the home team: 60 % of 2 → 1.2-0.8
        },
    )
    match.refresh_from_db()
    # Home 2 + 1 + 0 + 1.2 = 4.2; away 0 + 1 + 2 + 0.8 = 3.8; the 8 points of 4 boards shared out.
    assert (match.home_points, match.away_points) == (Decimal("4.2"), Decimal("3.8"))
    # IMPs are kept as the tie-break: home 1 + 3 (average plus), away 1.
    assert (match.home_imps, match.away_imps) == (4, 1)
    score = match_scores(event)[0]
    assert (score.home_vp, score.away_vp) == (Decimal("4.2"), Decimal("3.8"))
    rows = standings(event)
    assert [(r.place, r.team.name, r.vp) for r in rows] == [("1", "T1", Decimal("4.2")), ("2", "T2", Decimal("3.8"))]


def test_a_bye_scores_half_the_board_a_match_points(make_event):
    event = make_event(teams=3, scoring=TeamEvent.Scoring.BOARD_A_MATCH, boards_per_match=3)
    bye = event.matches.filter(away__isnull=True).first()
    assert match_scores(event, [bye])[0].home_vp == Decimal(3)  # 3 boards x 2 points / 2
