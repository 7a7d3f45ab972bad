"""A 4-team round robin entered through the services, checked against IMPs and VPs worked out by hand.

Scale "20" (seed 000's 20-point table, whatever the boards): 0 → 10-10, 1-2 → 11-9, 3-4 → 12-8,
5-7 → 13-7, 8-10 → 14-6, 11-13 → 15-5. Board vulnerability: 1 None, 2 NS, 3 EW, 4 Both, 5 NS, 6 EW.
IMP table 1962: 90-120 → 3, 170-210 → 5, 430-490 → 10, 600-740 → 12, 750-890 → 13.
The home team sits NS in room 1, the away team NS in room 2.
"""

from decimal import Decimal

import pytest

from teams.models import Adjustment, TeamEvent
from teams.selectors.standings import cross_table, match_scores, standings
from teams.services.matches import add_adjustment, set_match_totals

PASS = ("PASS", "", "")


@pytest.fixture
def league(make_event, enter_match, find_match):
    event = make_event(teams=4, scale=TeamEvent.Scale.TWENTY, boards_per_match=2)
    # Round 1, boards 1 (None) and 2 (NS vul).
    # T1 v T4, board 1: room 1 4S by N making (+420), room 2 4S by N one down (-50): 470 → 10 IMPs to T1.
    #          board 2: 4S by N making in both rooms (+620, +620): flat. T1 10-0 → 14-6.
    enter_match(
        find_match(event, 1, "T1", "T4"),
        {1: (("4S", "N", "10"), ("4S", "N", "-1")), 2: (("4S", "N", "="), ("4S", "N", "10"))},
    )
    # T3 v T2, board 1: room 1 passed out, room 2 1NT by N making (+90 to T2): 90 → 3 IMPs to T2.
    #          board 2: room 1 2S by N +2 (110 + 60 = +170), room 2 passed out: 170 → 5 IMPs to T3.
    #          T3 5-3, margin 2 → 11-9.
    enter_match(find_match(event, 1, "T3", "T2"), {1: (PASS, ("1NT", "N", "7")), 2: (("2S", "N", "+2"), PASS)})
    # Round 2, boards 3 (EW vul) and 4 (Both).
    # T3 v T1, board 3: room 1 3NT by N making (+400), room 2 3NT by N one down (-50): 450 → 10 to T3.
    #          board 4: room 1 3NT by N one down vul (-100), room 2 3NT by N making vul (+600): 700 → 12 to T1.
    #          T1 12-10, margin 2 → T1 11, T3 9.
    enter_match(
        find_match(event, 2, "T3", "T1"),
        {3: (("3NT", "N", "9"), ("3NT", "N", "8")), 4: (("3NT", "N", "-1"), ("3NT", "N", "="))},
    )
    # T4 v T2, board 3: average plus to T4 in room 1 (A+ = A6040: +3 IMPs T4, -3 T2: 3-0 on the card);
    #          board 4: passed out in both rooms. Then T4 loses 3 IMPs for a late start: 0-0 → 10-10.
    match = find_match(event, 2, "T4", "T2")
    enter_match(match, {3: (("A+", "", ""), ("3NT", "N", "9")), 4: (PASS, PASS)})
    add_adjustment(match=match, team=match.home, kind=Adjustment.Kind.IMPS, amount=Decimal(-3), reason="Late start")
    # Round 3, boards 5 (NS vul) and 6 (EW vul).
    # T1 v T2, board 5: room 1 6S by N making vul (+1430), room 2 4S by N +2 vul (620 + 60 = +680): 750 → 13 to T1.
    #          board 6: passed out twice. T1 13-0 → 15-5.
    enter_match(find_match(event, 3, "T1", "T2"), {5: (("6S", "N", "12"), ("4S", "N", "+2")), 6: (PASS, PASS)})
    # T4 v T3: only the totals were kept, 20-25: margin 5 to T3 → T3 13, T4 7.
    set_match_totals(match=find_match(event, 3, "T4", "T3"), home=Decimal(20), away=Decimal(25))
    return event


def test_the_schedule_is_the_circle_method(make_event):
    event = make_event(teams=4)
    pairs = [(m.round, m.home.name, m.away.name) for m in event.matches.select_related("home", "away")]
    # Team 1 stays, 2-3-4 rotate: R1 1v4 2v3, R2 1v3 4v2, R3 1v2 3v4, home and away alternating.
    assert pairs == [
        (1, "T1", "T4"),
        (1, "T3", "T2"),
        (2, "T3", "T1"),
        (2, "T4", "T2"),
        (3, "T1", "T2"),
        (3, "T4", "T3"),
    ]
    assert [m.first_board for m in event.matches.all()] == [1, 1, 3, 3, 5, 5]


def test_each_match_is_scored_as_worked_out_by_hand(league):
    scores = {(s.match.home.name, s.match.away.name): s for s in match_scores(league)}
    expected = {
        ("T1", "T4"): (10, 0, 14, 6),
        ("T3", "T2"): (5, 3, 11, 9),
        ("T3", "T1"): (10, 12, 9, 11),
        ("T4", "T2"): (0, 0, 10, 10),  # 3-0 less T4's 3 IMPs penalty
        ("T1", "T2"): (13, 0, 15, 5),
        ("T4", "T3"): (20, 25, 7, 13),
    }
    for key, (home_imps, away_imps, home_vp, away_vp) in expected.items():
        score = scores[key]
        assert (score.home_imps, score.away_imps, score.home_vp, score.away_vp) == (
            home_imps,
            away_imps,
            home_vp,
            away_vp,
        ), key
        assert score.counted


def test_final_standings(league):
    rows = standings(league)
    # T1: 14 + 11 + 15 = 40 VP; IMPs for 10 + 12 + 13 = 35, against 0 + 10 + 0 = 10.
    # T3: 11 + 9 + 13 = 33; for 5 + 10 + 25 = 40, against 3 + 12 + 20 = 35.
    # T2: 9 + 10 + 5 = 24; for 3 + 0 + 0 = 3, against 5 + 0 + 13 = 18.
    # T4: 6 + 10 + 7 = 23; for 0 + 0 + 20 = 20, against 10 + 0 + 25 = 35.  Total 120 = 6 matches x 20.
    assert [(r.place, r.team.name, r.vp, r.imps_for, r.imps_against, r.played) for r in rows] == [
        ("1", "T1", 40, 35, 10, 3),
        ("2", "T3", 33, 40, 35, 3),
        ("3", "T2", 24, 3, 18, 3),
        ("4", "T4", 23, 20, 35, 3),
    ]


def test_standings_after_round_one(league):
    rows = standings(league, through_round=1)
    # T1 14 (+10), T3 11 (+2), T2 9 (-2), T4 6 (-10).
    assert [(r.place, r.team.name, r.vp, r.imp_difference) for r in rows] == [
        ("1", "T1", 14, 10),
        ("2", "T3", 11, 2),
        ("3", "T2", 9, -2),
        ("4", "T4", 6, -10),
    ]


def test_cross_table(league):
    teams = list(league.teams.all())
    table = dict((team.name, cells) for team, cells in cross_table(teams, match_scores(league)))
    t1_v_t4 = table["T1"][3].results[0]
    assert t1_v_t4[1:] == (10, 0, 14)  # IMPs for, against, VPs of T1 against T4
    assert table["T4"][0].results[0][1:] == (0, 10, 6)
    assert table["T2"][1] is None  # the diagonal


def test_an_unfinished_match_shows_vps_but_does_not_count(make_event, enter_match, find_match):
    event = make_event(teams=4, scale=TeamEvent.Scale.TWENTY, boards_per_match=2)
    match = enter_match(find_match(event, 1, "T1", "T4"), {1: (("4S", "N", "10"), ("4S", "N", "-1"))})
    assert (match.home_imps, match.boards_scored, match.complete) == (10, 1, False)
    score = match_scores(event, [match])[0]
    assert (score.home_vp, score.counted) == (14, False)
    assert all(row.vp == 0 for row in standings(event))


def test_double_round_robin_swaps_home_and_away(make_event):
    event = make_event(teams=3, rounds=6)
    matches = list(event.matches.select_related("home", "away"))
    first = [(m.home.name, m.away.name if m.away else None) for m in matches if m.round == 1]
    fourth = [(m.home.name, m.away.name if m.away else None) for m in matches if m.round == 4]
    assert fourth == [(away, home) if away else (home, None) for home, away in first]
    byes = [m.home.name for m in matches if m.is_bye]
    assert sorted(byes) == ["T1", "T1", "T2", "T2", "T3", "T3"]  # three teams: each sits out once a cycle
