"""Teams, the start of an event, totals, adjustments, pairings overrides and member data, through the services."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from club.models import Member
from teams.models import Adjustment, BoardResult, TeamEvent
from teams.selectors.member_events import member_team_events
from teams.selectors.standings import match_scores
from teams.services import rounds
from teams.services.matches import add_adjustment, save_results, set_event_status, set_match_totals
from teams.services.rosters import PlayerEntry, delete_team, save_team


def guests(count, prefix="G"):
    return [PlayerEntry(guest_name=f"{prefix}{i}", captain=i == 0) for i in range(count)]


@pytest.fixture
def event(db):
    return TeamEvent.objects.create(name="Teams", date=datetime.date(2026, 5, 7), boards_per_match=2)


def test_a_team_needs_four_to_six_players_and_one_captain(event):
    with pytest.raises(ValidationError, match="4 to 6 players"):
        save_team(event=event, name="Short", players=guests(3))
    with pytest.raises(ValidationError, match="4 to 6 players"):
        save_team(event=event, name="Long", players=guests(7))
    with pytest.raises(ValidationError, match="one captain"):
        save_team(event=event, name="Captainless", players=[PlayerEntry(guest_name=f"G{i}") for i in range(4)])
    team = save_team(event=event, name="Right", players=guests(6))
    assert [p.name for p in team.players.all()] == ["G0", "G1", "G2", "G3", "G4", "G5"]
    assert team.players.get(captain=True).name == "G0"


def test_a_member_plays_for_one_team_only(event):
    member = Member.objects.create(first_name="Ana", last_name="García", number="1")
    save_team(
        event=event,
        name="First",
        players=[PlayerEntry(member=member, captain=True), *guests(3)[1:], PlayerEntry(guest_name="X")],
    )
    with pytest.raises(ValidationError, match="already plays for First"):
        save_team(event=event, name="Second", players=[PlayerEntry(member=member, captain=True), *guests(4)[1:]])
    with pytest.raises(ValidationError, match="already a team called"):
        save_team(event=event, name="first", players=guests(4))


def test_editing_a_team_replaces_its_players(event):
    team = save_team(event=event, name="Old", players=guests(4))
    save_team(event=event, name="New", players=guests(5, "H"), team=team)
    team.refresh_from_db()
    assert team.name == "New" and team.players.count() == 5 and team.number == 1


def test_teams_are_fixed_once_started(event):
    for name in "AB":
        save_team(event=event, name=name, players=guests(4))
    rounds.start_event(event=event)
    with pytest.raises(ValidationError, match="started"):
        save_team(event=event, name="C", players=guests(4))
    with pytest.raises(ValidationError, match="started"):
        delete_team(team=event.teams.first())
    with pytest.raises(ValidationError, match="already started"):
        rounds.start_event(event=event)


def test_start_needs_teams(event):
    with pytest.raises(ValidationError, match="at least two"):
        rounds.start_event(event=event)
    event.format = TeamEvent.Format.MATCH
    for name in "ABC":
        save_team(event=event, name=name, players=guests(4))
    with pytest.raises(ValidationError, match="exactly two"):
        rounds.start_event(event=event)


def test_totals_only(make_event):
    event = make_event(teams=2, format=TeamEvent.Format.MATCH)
    match = event.matches.get()
    with pytest.raises(ValidationError, match="whole numbers"):
        set_match_totals(match=match, home=Decimal("1.5"), away=Decimal(0))
    with pytest.raises(ValidationError, match="both"):
        set_match_totals(match=match, home=Decimal(3), away=None)
    match = set_match_totals(match=match, home=Decimal(31), away=Decimal(7))
    assert (match.home_imps, match.away_imps, match.complete, match.totals_only) == (31, 7, True, True)
    with pytest.raises(ValidationError, match="IMP totals"):
        save_results(match=match, changes={})
    match = set_match_totals(match=match, home=None, away=None)
    assert (match.home_imps, match.complete, match.totals_only) == (None, False, False)


def test_totals_are_refused_over_board_results(make_event, enter_match):
    event = make_event(teams=2, format=TeamEvent.Format.MATCH)
    match = enter_match(event.matches.get(), {1: (("4S", "N", "10"), ("4S", "N", "9"))})
    with pytest.raises(ValidationError, match="board results"):
        set_match_totals(match=match, home=Decimal(3), away=Decimal(0))


def test_results_outside_the_match_are_refused(make_event):
    event = make_event(teams=2, format=TeamEvent.Format.MATCH)
    with pytest.raises(ValidationError, match="not part of this match"):
        save_results(match=event.matches.get(), changes={(3, 1): None})


def test_removing_a_result_rescores(make_event, enter_match):
    event = make_event(teams=2, format=TeamEvent.Format.MATCH)
    match = enter_match(event.matches.get(), {1: (("4S", "N", "10"), ("4S", "N", "9"))})
    assert match.home_imps == 10
    match = save_results(match=match, changes={(1, 2): None})
    assert (match.home_imps, match.boards_scored, BoardResult.objects.count()) == (0, 0, 1)


def test_vp_and_imp_adjustments(make_event, enter_match):
    event = make_event(teams=2, format=TeamEvent.Format.MATCH, boards_per_match=4)
    match = enter_match(event.matches.get(), {b: (("PASS", "", ""), ("PASS", "", "")) for b in range(1, 5)})
    # A flat match: 0-0, 10.00-10.00. Two IMPs to the away team make it 0-2: on 4 boards (blitz 30)
    # 10 + 10 (1 - tau^0.2) / (1 - tau^3) = 10 + 10 x 0.091793 / 0.763932 = 11.20 to the away team.
    add_adjustment(
        match=match, team=match.away, kind=Adjustment.Kind.IMPS, amount=Decimal(2), reason="Revoke corrected late"
    )
    # Then half a VP off the home team.
    add_adjustment(match=match, team=match.home, kind=Adjustment.Kind.VP, amount=Decimal("-0.5"), reason="Mobile phone")
    score = match_scores(event)[0]
    assert (score.home_imps, score.away_imps) == (0, 2)
    assert (score.home_vp, score.away_vp) == (Decimal("8.30"), Decimal("11.20"))  # 8.80 - 0.50


@pytest.mark.parametrize(
    ("kind", "amount", "reason", "message"),
    [
        (Adjustment.Kind.IMPS, Decimal("1.5"), "Why", "whole"),
        (Adjustment.Kind.VP, Decimal(0), "Why", "changes nothing"),
        (Adjustment.Kind.VP, Decimal(1), "  ", "reason"),
    ],
)
def test_bad_adjustments(make_event, kind, amount, reason, message):
    event = make_event(teams=2, format=TeamEvent.Format.MATCH)
    match = event.matches.select_related("home").get()
    with pytest.raises(ValidationError, match=message):
        add_adjustment(match=match, team=match.home, kind=kind, amount=amount, reason=reason)


def test_adjustment_for_a_team_not_in_the_match(make_event):
    event = make_event(teams=4)
    match = event.matches.filter(round=1).first()
    other = event.teams.exclude(pk__in=[match.home_id, match.away_id]).first()
    with pytest.raises(ValidationError, match="does not play"):
        add_adjustment(match=match, team=other, kind=Adjustment.Kind.VP, amount=Decimal(1), reason="Why")


def test_override_before_the_round_starts(make_event, enter_match):
    event = make_event(teams=4, format=TeamEvent.Format.SWISS, rounds=3)
    t = {team.name: team for team in event.teams.all()}
    repeats = rounds.override_round(event=event, round_=1, pairs=[(t["T1"], t["T3"]), (t["T2"], t["T4"])])
    assert repeats == []
    assert [(m.home.name, m.away.name) for m in event.matches.select_related("home", "away")] == [
        ("T1", "T3"),
        ("T2", "T4"),
    ]
    with pytest.raises(ValidationError, match="more than once"):
        rounds.override_round(event=event, round_=1, pairs=[(t["T1"], t["T3"]), (t["T1"], t["T4"])])
    with pytest.raises(ValidationError, match="bye"):
        rounds.override_round(event=event, round_=1, pairs=[(t["T1"], t["T3"]), (t["T2"], None), (t["T4"], None)])
    enter_match(event.matches.first(), {1: (("PASS", "", ""), ("PASS", "", ""))})
    with pytest.raises(ValidationError, match="has started"):
        rounds.override_round(event=event, round_=1, pairs=[(t["T1"], t["T2"]), (t["T3"], t["T4"])])


def test_override_reports_rematches(make_event, enter_match):
    event = make_event(teams=4, format=TeamEvent.Format.SWISS, rounds=3, boards_per_match=1)
    for match in event.matches.all():
        enter_match(match, {1: (("PASS", "", ""), ("PASS", "", ""))})
    rounds.next_swiss_round(event=event)
    t = {team.name: team for team in event.teams.all()}
    repeats = rounds.override_round(event=event, round_=2, pairs=[(t["T1"], t["T2"]), (t["T3"], t["T4"])])
    assert [(a.name, b.name) for a, b in repeats] == [("T1", "T2"), ("T3", "T4")]


def test_member_team_events(make_event):
    member = Member.objects.create(first_name="Ana", last_name="García", number="1001")
    event = TeamEvent.objects.create(name="Cup", date=datetime.date(2026, 5, 7), boards_per_match=2)
    save_team(event=event, name="Mine", players=[PlayerEntry(member=member, captain=True), *guests(4)[1:]])
    save_team(event=event, name="Theirs", players=guests(4, "H"))
    assert member_team_events(member) == []  # in progress: not listed
    set_event_status(event=event, status=TeamEvent.Status.FINAL)
    [row] = member_team_events(member)
    assert row["event"] == "Cup" and row["team"] == "Mine" and row["captain"] is True
    assert row["place"] == "=1" and row["teams"] == 2 and row["url"] == f"/teams/{event.pk}/"
    assert row["team_url"].startswith("/teams/teams/")


def test_swiss_with_an_odd_number_of_teams_gives_each_bye_once(make_event, enter_match):
    event = make_event(teams=5, format=TeamEvent.Format.SWISS, rounds=4, boards_per_match=1)
    for round_ in range(1, 5):
        if round_ > 1:
            rounds.next_swiss_round(event=event)
        for match in event.matches.filter(round=round_, away__isnull=False):
            enter_match(match, {match.first_board: (("4S", "N", "10"), ("4S", "N", "9"))})
    byes = [m.home_id for m in event.matches.filter(away__isnull=True)]
    assert len(byes) == 4 and len(set(byes)) == 4
    played = [frozenset((m.home_id, m.away_id)) for m in event.matches.filter(away__isnull=False)]
    assert len(played) == len(set(played)) == 8
    bye = event.matches.filter(away__isnull=True).first()
    assert match_scores(event, [bye])[0].home_vp == Decimal(12)


def test_member_team_events_agree_with_the_standings_with_adjustments_and_ties(make_event, enter_match):
    """The member page reads its events' matches and adjustments as plain rows: each team's place and VPs are
    still what the event's standings say, adjustments (IMPs and VPs) and shared places included."""
    from teams.selectors.standings import rank, standings

    event = make_event(teams=4, format=TeamEvent.Format.ROUND_ROBIN, boards_per_match=2)
    members = []
    for index, team in enumerate(event.teams.order_by("number")):
        member = Member.objects.create(first_name=f"M{index}", last_name="Teams", number=f"90{index}")
        player = team.players.order_by("position").last()
        player.member, player.guest_name = member, ""
        player.save()
        members.append(member)
    for match in event.matches.filter(away__isnull=False):  # every board: the matches count
        board = match.first_board
        enter_match(match, {board: (("4S", "N", "10"), ("4S", "N", "9")), board + 1: (("3NT", "S", "9"),) * 2})
    first, second = event.matches.filter(away__isnull=False).order_by("pk")[:2]
    add_adjustment(match=first, team=first.home, kind=Adjustment.Kind.VP, amount=Decimal("-1.5"), reason="slow")
    add_adjustment(match=second, team=second.away, kind=Adjustment.Kind.IMPS, amount=Decimal(3), reason="claim")
    set_event_status(event=event, status=TeamEvent.Status.FINAL)
    expected = {row.team.pk: (row.place, row.vp) for row in standings(event)}
    for member in members:
        [row] = member_team_events(member)
        assert (row["place"], row["vp"]) == expected[row["team_id"]] and row["teams"] == 4
    assert len({place for place, _vp in expected.values()}) > 1  # the adjustments moved somebody

    class Row:  # rank() on equal keys: shared places, the next place after them
        def __init__(self, vp, imps, number):
            self.vp, self.imp_difference, self.team = Decimal(vp), imps, type("T", (), {"number": number})

        @property
        def key(self):
            return self.vp, self.imp_difference

    ranked = rank([Row(10, 2, 3), Row(12, 0, 1), Row(10, 2, 2), Row(8, 5, 4)])
    assert [(row.place, row.team.number) for row in ranked] == [("1", 1), ("=2", 2), ("=2", 3), ("4", 4)]
