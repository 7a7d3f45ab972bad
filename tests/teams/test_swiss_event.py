"""A 6-team, 3-round Swiss entered through the services, checked against IMPs, VPs and pairings by hand.

WBF 2012 continuous scale, 4 boards a match: blitz B = 15 x sqrt(4) = 30, tau = (sqrt 5 - 1) / 2 = 0.618034,
winner's VP = 10 + 10 (1 - tau^(3M/B)) / (1 - tau^3), with 1 - tau^3 = 0.763932:
  M = 0  → 10.00 - 10.00
  M = 5  → tau^0.5 = 0.786151; 10 + 10 x 0.213849 / 0.763932 = 12.80 → 12.80 - 7.20
  M = 10 → tau^1 = 0.618034;  10 + 10 x 0.381966 / 0.763932 = 15.00 → 15.00 - 5.00
  M = 20 → tau^2 = 0.381966;  10 + 10 x 0.618034 / 0.763932 = 18.09 → 18.09 - 1.91
  M >= 30 → 20.00 - 0.00
Boards: a 10-IMP swing is 4S by N making (+420) against one down (-50) where NS are not vulnerable (470);
a 5-IMP swing is 2S by N with two overtricks (+170) against a pass-out; 12 IMPs is the same game vulnerable
(+620 against -100: 720). Round 1 plays boards 1-4, round 2 boards 5-8, round 3 boards 9-12.
"""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from teams.models import Adjustment, TeamEvent
from teams.selectors.standings import match_scores, standings
from teams.services import rounds
from teams.services.matches import add_adjustment

PASS = ("PASS", "", "")
MAKES, DOWN, PART = ("4S", "N", "10"), ("4S", "N", "9"), ("2S", "N", "10")


def pairs(event, round_):
    return [(m.home.name, m.away.name) for m in event.matches.filter(round=round_).select_related("home", "away")]


@pytest.fixture
def swiss(make_event, enter_match, find_match):
    event = make_event(teams=6, format=TeamEvent.Format.SWISS, rounds=3, boards_per_match=4)
    # Round 1: 1 v 2, 3 v 4, 5 v 6 (by team number). Boards 1 (None) and 3 (NS not vulnerable) swing 10.
    assert pairs(event, 1) == [("T1", "T2"), ("T3", "T4"), ("T5", "T6")]
    flat = {2: (PASS, PASS), 4: (PASS, PASS)}
    enter_match(find_match(event, 1, "T1", "T2"), {1: (MAKES, DOWN), 3: (MAKES, DOWN), **flat})  # T1 20-0
    enter_match(find_match(event, 1, "T3", "T4"), {1: (DOWN, MAKES), 3: (PASS, PASS), **flat})  # T4 10-0
    enter_match(find_match(event, 1, "T5", "T6"), {1: (PART, PASS), 3: (PASS, PART), **flat})  # 5-5
    rounds.next_swiss_round(event=event)
    # After round 1: T1 18.09, T4 15.00, T5 and T6 10.00 (IMP difference 0 each: =3), T3 5.00, T2 1.91.
    # T1 meets T4; T5 has met T6, so T5 takes the next best, T3; T6 meets T2.
    assert pairs(event, 2) == [("T1", "T4"), ("T5", "T3"), ("T6", "T2")]
    # Round 2, boards 5 (NS vul), 6 (EW), 7 (Both), 8 (None).
    flat = {6: (PASS, PASS), 7: (PASS, PASS), 8: (PASS, PASS)}
    enter_match(find_match(event, 2, "T1", "T4"), {5: (PASS, PART), **flat})  # T4 by 5
    enter_match(
        find_match(event, 2, "T5", "T3"), {5: (MAKES, DOWN), 6: (MAKES, DOWN), 7: (PASS, PASS), 8: (MAKES, DOWN)}
    )  # board 5 vul: 720 → 12; 6 and 8: 10 each. 32-0
    enter_match(
        find_match(event, 2, "T6", "T2"), {5: (PASS, PASS), 6: (PASS, PASS), 7: (PASS, PASS), 8: (DOWN, MAKES)}
    )  # T2 by 10
    rounds.next_swiss_round(event=event)
    # After round 2: T5 10 + 20 = 30.00, T4 15 + 12.80 = 27.80, T1 18.09 + 7.20 = 25.29, T2 1.91 + 15 = 16.91,
    # T6 10 + 5 = 15.00, T3 5 + 0 = 5.00. T5 v T4; T1 has met T2, so T1 v T6; T2 v T3.
    assert pairs(event, 3) == [("T5", "T4"), ("T1", "T6"), ("T2", "T3")]
    # Round 3, boards 9 (EW vul: NS not), 10 (Both), 11 (None), 12 (NS vul).
    flat = {10: (PASS, PASS), 12: (PASS, PASS)}
    enter_match(find_match(event, 3, "T5", "T4"), {9: (PASS, PASS), 11: (PASS, PASS), **flat})  # 0-0
    t1_v_t6 = enter_match(find_match(event, 3, "T1", "T6"), {9: (MAKES, DOWN), 11: (PASS, PASS), **flat})  # T1 by 10
    enter_match(find_match(event, 3, "T2", "T3"), {9: (DOWN, MAKES), 11: (DOWN, MAKES), **flat})  # T3 by 20
    # T1 loses one VP for slow play in round 3.
    add_adjustment(match=t1_v_t6, team=t1_v_t6.home, kind=Adjustment.Kind.VP, amount=Decimal("-1"), reason="Slow play")
    return event


def test_round_one_standings_share_a_place(swiss):
    rows = standings(swiss, through_round=1)
    assert [(r.place, r.team.name, r.vp, r.imp_difference) for r in rows] == [
        ("1", "T1", Decimal("18.09"), 20),
        ("2", "T4", Decimal("15.00"), 10),
        ("=3", "T5", Decimal("10.00"), 0),
        ("=3", "T6", Decimal("10.00"), 0),
        ("5", "T3", Decimal("5.00"), -10),
        ("6", "T2", Decimal("1.91"), -20),
    ]


def test_each_match_is_scored_as_worked_out_by_hand(swiss):
    scores = {(s.match.round, s.match.home.name): s for s in match_scores(swiss)}
    expected = {
        (1, "T1"): (20, 0, "18.09", "1.91"),
        (1, "T3"): (0, 10, "5.00", "15.00"),
        (1, "T5"): (5, 5, "10.00", "10.00"),
        (2, "T1"): (0, 5, "7.20", "12.80"),
        (2, "T5"): (32, 0, "20.00", "0.00"),
        (2, "T6"): (0, 10, "5.00", "15.00"),
        (3, "T5"): (0, 0, "10.00", "10.00"),
        (3, "T1"): (10, 0, "14.00", "5.00"),  # 15.00 less 1 VP
        (3, "T2"): (0, 20, "1.91", "18.09"),
    }
    for key, (home_imps, away_imps, home_vp, away_vp) in expected.items():
        score = scores[key]
        assert (score.home_imps, score.away_imps, score.home_vp, score.away_vp) == (
            home_imps,
            away_imps,
            Decimal(home_vp),
            Decimal(away_vp),
        ), key


def test_final_standings(swiss):
    rows = standings(swiss)
    # T5: 10 + 20 + 10 = 40.00, IMPs 5 + 32 + 0 = 37 for, 5 against.
    # T1: 18.09 + 7.20 + 15.00 - 1 = 39.29, IMPs 20 + 0 + 10 = 30 for, 0 + 5 + 0 = 5 against.
    # T4: 15.00 + 12.80 + 10.00 = 37.80, IMPs 10 + 5 + 0 = 15 for, 0 against.
    # T3: 5.00 + 0.00 + 18.09 = 23.09, IMPs 0 + 0 + 20 = 20 for, 10 + 32 + 0 = 42 against.
    # T6: 10.00 + 5.00 + 5.00 = 20.00, IMPs 5 + 0 + 0 = 5 for, 5 + 10 + 10 = 25 against.
    # T2: 1.91 + 15.00 + 1.91 = 18.82, IMPs 0 + 10 + 0 = 10 for, 20 + 0 + 20 = 40 against.
    # The VPs add up to 9 matches x 20 - 1 = 179.
    assert [(r.place, r.team.name, str(r.vp), r.imps_for, r.imps_against) for r in rows] == [
        ("1", "T5", "40.00", 37, 5),
        ("2", "T1", "39.29", 30, 5),
        ("3", "T4", "37.80", 15, 0),
        ("4", "T3", "23.09", 20, 42),
        ("5", "T6", "20.00", 5, 25),
        ("6", "T2", "18.82", 10, 40),
    ]
    assert sum(r.vp for r in rows) == Decimal("179.00")


def test_no_fourth_round(swiss):
    with pytest.raises(ValidationError, match="All 3 rounds"):
        rounds.next_swiss_round(event=swiss)


def test_next_round_waits_for_the_current_one(make_event):
    event = make_event(teams=6, format=TeamEvent.Format.SWISS, rounds=3, boards_per_match=4)
    with pytest.raises(ValidationError, match="Round 1 is not finished"):
        rounds.next_swiss_round(event=event)
