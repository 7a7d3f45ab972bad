"""The host's cross-club season ladder (issue 31 item 4): its rule (`events.federation.selectors.ladder_rule`), with a
table of cases saying where each number comes from, and its storage (`events.federation.services.ladder`): derived
by the unit of work's members' derivation, computed again by the task, never per request."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ImproperlyConfigured

from club.tenancy import club_scope
from club.unit_of_work import MEMBER, record_change, unit_of_work
from events.federation.selectors.ladder import ladder_seasons, season_results
from events.federation.selectors.ladder_rule import (
    PERCENTAGES,
    PLACES,
    LadderRule,
    Result,
    ladder_rule,
    place_number,
    rank_ladder,
)
from events.federation.services.ladder import mark_ladders_stale, refresh_ladders
from events.models import Ladder, Session
from tests.builders.federation import many_clubs_site, members, session_of
from tests.builders.published import published_session

NOVEMBER = datetime.date(2026, 11, 2)


def results(member_id: int, *percentages: float) -> list[Result]:
    """A member's percentages, one session each (sessions 1, 2, 3 ...)."""
    return [Result(member_id, session, percentage, "", 0) for session, percentage in enumerate(percentages, start=1)]


def placed(member_id: int, *places: tuple[str, int]) -> list[Result]:
    """A member's places, each (place, field size), one session each."""
    return [Result(member_id, session, None, place, size) for session, (place, size) in enumerate(places, start=1)]


# (what the case shows, the rule, the results, the ladder: [member, place, figure, counted, played])
CASES = [
    (
        "best 2 of 3 averaged: member 1's 70 and 60 (its 50 left out) make 65; member 2 has 2 sessions: 55",
        LadderRule(PERCENTAGES, best=2, minimum=2),
        results(1, 50, 70, 60) + results(2, 55, 55),
        [[1, "1", 65.0, 2, 3], [2, "2", 55.0, 2, 2]],
    ),
    (
        "fewer sessions than the minimum: member 2 (1 session of 2 needed) is not ranked",
        LadderRule(PERCENTAGES, best=10, minimum=2),
        results(1, 40, 50) + results(2, 90),
        [[1, "1", 45.0, 2, 2]],
    ),
    (
        "fewer sessions than best: all of them averaged ((60 + 50 + 40) / 3 = 50)",
        LadderRule(PERCENTAGES, best=10, minimum=1),
        results(1, 60, 50, 40),
        [[1, "1", 50.0, 3, 3]],
    ),
    (
        "equal figures share the place (2=); more sessions counted first, then the member's id; the next is 4th",
        LadderRule(PERCENTAGES, best=3, minimum=1),
        results(1, 70) + results(3, 50) + results(2, 50, 50) + results(4, 40),
        [[1, "1", 70.0, 1, 1], [2, "2=", 50.0, 2, 2], [3, "2=", 50.0, 1, 1], [4, "4", 40.0, 1, 1]],
    ),
    (
        "a member twice in one session counts once, the better: 60 (not 40) in session 1, with 50: (60 + 50) / 2",
        LadderRule(PERCENTAGES, best=10, minimum=1),
        [Result(1, 1, 40, "", 0), Result(1, 1, 60, "", 0), Result(1, 2, 50, "", 0)],
        [[1, "1", 55.0, 2, 2]],
    ),
    (
        "a result without a percentage (no boards scored) does not count: one session, 62.5",
        LadderRule(PERCENTAGES, best=10, minimum=1),
        [Result(1, 1, None, "", 0), Result(1, 2, 62.5, "", 0)],
        [[1, "1", 62.5, 1, 1]],
    ),
    (
        "placing points, best 2 summed: 1st of 8 = 8, 3rd of 6 = 4, 2nd of 10 = 9: 9 + 8 = 17",
        LadderRule(PLACES, best=2, minimum=1),
        placed(1, ("1", 8), ("3", 6), ("2", 10)),
        [[1, "1", 17.0, 2, 3]],
    ),
    (
        "placing points: a shared place scores as its better place (2= of 6 = 5; 1-2 of 4 = 4); no place, none",
        LadderRule(PLACES, best=5, minimum=1),
        placed(1, ("2=", 6), ("1-2", 4), ("", 4)) + placed(2, ("7", 6)),
        [[1, "1", 9.0, 2, 2]],
    ),
]


@pytest.mark.parametrize(("case", "rule", "given", "expected"), CASES, ids=[case[0][:40] for case in CASES])
def test_the_ladders_rule(case, rule, given, expected):
    assert rank_ladder(given, rule) == expected, case


def test_place_numbers():
    assert [place_number(place) for place in ("1", "12", "2=", "3-4", "", "=", " 5")] == [1, 12, 2, 3, None, None, 5]


def test_the_rule_from_the_settings(settings):
    settings.FEDERATION_LADDER = {"rule": "places", "best": 8, "minimum": 3, "season_start": 9}
    rule = ladder_rule()
    assert (rule.kind, rule.best, rule.minimum, rule.key) == (PLACES, 8, 3, "places:8:3:9")
    assert rule.season_of(datetime.date(2026, 8, 31)) == 2025 and rule.season_of(datetime.date(2026, 9, 1)) == 2026
    assert rule.span(2026) == (datetime.date(2026, 9, 1), datetime.date(2027, 9, 1))
    for wrong in ({"rule": "best"}, {"best": 0}, {"minimum": 101}, {"season_start": 13}):
        settings.FEDERATION_LADDER = wrong
        with pytest.raises(ImproperlyConfigured):
            ladder_rule()


@pytest.fixture
def site(db, settings):
    """Two clubs: north's final session in November 2026 and one in progress, south's final one in 2025."""
    settings.FEDERATION_LADDER = {"rule": "percentages", "best": 10, "minimum": 1, "season_start": 1}
    north, south = many_clubs_site(settings, "north", "south")
    ana, dan = members(north, "Ana García", "Dan Smith")
    (eve,) = members(south, "Eve Stone")
    session_of(north, "Monday pairs", NOVEMBER, [(ana, dan, 60, "1"), ("A Guest", "B Guest", 40, "2")])
    session_of(north, "Secret pairs", NOVEMBER, [(ana, dan, 90, "1")], status=Session.Status.IN_PROGRESS)
    session_of(south, "Old pairs", datetime.date(2025, 3, 1), [(eve, "C Guest", 52.5, "1")])
    return {"north": north, "south": south, "ana": ana, "dan": dan, "eve": eve}


def test_a_seasons_results_are_every_clubs_published_ones(site):
    rule = ladder_rule()
    assert ladder_seasons(rule, NOVEMBER) == [2026, 2025]
    found = sorted((result.member_id, result.percentage) for result in season_results(2026, rule))
    assert found == [(site["ana"].pk, 60.0), (site["dan"].pk, 60.0)]  # no guest, nothing in progress, no 2025
    assert [result.member_id for result in season_results(2025, rule)] == [site["eve"].pk]


def test_the_ladders_are_stored_and_computed_again_only_when_stale(site, django_assert_max_num_queries):
    with django_assert_max_num_queries(10):
        assert refresh_ladders(today=NOVEMBER) == 2  # both seasons, never computed
    stored = Ladder.objects.get(season=2026)
    assert stored.rows == [[site["ana"].pk, "1=", 60.0, 1, 1], [site["dan"].pk, "1=", 60.0, 1, 1]]
    assert not stored.stale and stored.computed_at is not None
    with django_assert_max_num_queries(2):
        assert refresh_ladders(today=NOVEMBER) == 0  # nothing stale: the seasons and the stored ladders read
    with club_scope(site["north"].pk):
        session_of(site["north"], "Friday pairs", NOVEMBER, [(site["ana"], "D Guest", 70, "1")])
        record_change(MEMBER, site["ana"].pk, stale=True)  # what the standings' derivation records
    assert set(Ladder.objects.values_list("stale", flat=True)) == {True}
    assert refresh_ladders(today=NOVEMBER) == 2
    assert Ladder.objects.get(season=2026).rows[0] == [site["ana"].pk, "1", 65.0, 2, 2]


def test_a_change_marks_the_ladders_once_and_enqueues_their_task(site, monkeypatch):
    refresh_ladders(today=NOVEMBER)
    enqueued = []
    monkeypatch.setattr("events.federation.services.ladder.enqueue_on_commit", enqueued.append)
    with unit_of_work():
        record_change(MEMBER, site["ana"].pk, stale=True)
        record_change(MEMBER, site["dan"].pk, stale=True)
    mark_ladders_stale()  # already stale: nothing changed, nothing more enqueued
    assert Ladder.objects.filter(stale=False).count() == 0
    assert [task.name for task in enqueued] == ["refresh_ladders_task"]


def test_another_rule_is_computed_anew(site, settings):
    refresh_ladders(today=NOVEMBER)
    settings.FEDERATION_LADDER = {"rule": "places", "best": 10, "minimum": 1, "season_start": 1}
    assert refresh_ladders(today=NOVEMBER) == 2
    assert Ladder.objects.get(season=2026, rule="places:10:1:1").rows[0][2] == 2.0  # 1st of 2 pairs: 2 points


def test_with_one_club_there_is_no_ladder(db, django_assert_num_queries):
    with django_assert_num_queries(0):
        mark_ladders_stale()
        assert refresh_ladders() == 0


def test_a_publication_marks_the_ladders_stale(site):
    # the real path: publishing a session records its members stale (set_status); the derivation marks the ladders
    refresh_ladders(today=NOVEMBER)
    with club_scope(site["north"].pk):
        published_session()
    assert set(Ladder.objects.values_list("stale", flat=True)) == {True}


def test_a_change_while_the_ladder_is_computed_is_not_lost(site, monkeypatch):
    # the task marks a ladder fresh before it reads: a publication committed while it reads marks it stale again, and
    # the next run counts it (were it marked fresh after reading, the change would be lost until the next one)
    refresh_ladders(today=NOVEMBER)
    mark_ladders_stale()
    reading = season_results

    def read_while_a_club_publishes(season, rule):
        mark_ladders_stale()  # another club's publication, committed between the mark and the read's end
        return reading(season, rule)

    monkeypatch.setattr("events.federation.services.ladder.season_results", read_while_a_club_publishes)
    assert refresh_ladders(today=NOVEMBER) == 2
    assert set(Ladder.objects.values_list("stale", flat=True)) == {True}  # computed again by the next run
