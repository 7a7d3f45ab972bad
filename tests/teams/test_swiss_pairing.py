"""Swiss pairings (pure Python): top against top, never a rematch while a pairing without one exists."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teams.swiss import BYE, rematches, swiss_pairings


def all_pairings(entrants):
    """Every way of splitting `entrants` into pairs (brute force, for checking)."""
    if not entrants:
        yield []
        return
    first, rest = entrants[0], entrants[1:]
    for index, other in enumerate(rest):
        for tail in all_pairings(rest[:index] + rest[index + 1 :]):
            yield [(first, other), *tail]


def repeats(pairing, played, byes):
    return sum((a in byes or b in byes) if BYE in (a, b) else frozenset((a, b)) in played for a, b in pairing)


@st.composite
def fields(draw):
    teams = draw(st.integers(min_value=2, max_value=9))
    ranking = draw(st.permutations(list(range(1, teams + 1))))
    all_pairs = [frozenset(pair) for pair in combinations(ranking, 2)]
    played = draw(st.sets(st.sampled_from(all_pairs))) if all_pairs else set()
    byes = draw(st.sets(st.sampled_from(ranking)))
    return list(ranking), played, byes


@pytest.mark.slow  # 300 generated fields
@settings(max_examples=300, deadline=None)
@given(fields())
def test_no_rematch_while_a_pairing_without_one_exists(field):
    ranking, played, byes = field
    pairs = swiss_pairings(ranking, played, byes)
    seated = [team for pair in pairs for team in pair if team is not BYE]
    assert sorted(seated) == sorted(ranking)  # every team exactly once
    assert sum(1 for _home, away in pairs if away is BYE) == len(ranking) % 2
    entrants = ranking + ([BYE] if len(ranking) % 2 else [])
    fewest = min(repeats(pairing, played, byes) for pairing in all_pairings(entrants))
    assert repeats(pairs, played, byes) == fewest  # zero whenever a pairing without a rematch exists


@settings(max_examples=100, deadline=None)
@given(fields())
def test_the_leader_meets_the_best_opponent_that_still_allows_a_pairing(field):
    ranking, played, byes = field
    pairs = swiss_pairings(ranking, played, byes)
    entrants = ranking + ([BYE] if len(ranking) % 2 else [])
    fewest = min(repeats(pairing, played, byes) for pairing in all_pairings(entrants))
    leader = ranking[0]
    best = next(
        other
        for other in entrants[1:]
        if any(
            pairing[0] == (leader, other) and repeats(pairing, played, byes) == fewest
            for pairing in all_pairings(entrants)
        )
    )
    assert pairs[0] == (leader, best) or (best is BYE and (leader, BYE) in pairs)


def test_top_against_top_without_history():
    assert swiss_pairings(["A", "B", "C", "D", "E"]) == [("A", "B"), ("C", "D"), ("E", None)]


def test_backtracking_changes_an_earlier_choice():
    # Greedy A v B leaves C v D, who have met; the search goes back and gives A v C, B v D.
    played = {frozenset("CD")}
    assert swiss_pairings(list("ABCD"), played) == [("A", "C"), ("B", "D")]


def test_a_second_bye_is_avoided():
    # E (last) has had the bye, so D takes it; E plays C.
    assert swiss_pairings(list("ABCDE"), byes={"E"}) == [("A", "B"), ("C", "E"), ("D", None)]


def test_rematches_when_unavoidable():
    played = {frozenset("AB")}
    assert swiss_pairings(list("AB"), played) == [("A", "B")]
    assert rematches([("A", "B")], played) == [("A", "B")]


def test_a_team_twice_is_refused():
    with pytest.raises(ValueError):
        swiss_pairings(["A", "A"])
