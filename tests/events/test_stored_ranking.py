"""The home page's winners and a published session's ranking read the standings stored with the pairs instead
of adding up every line: the same rankings, the same pages."""

from unittest import mock

import pytest
from django.urls import reverse

from events.models import Session
from events.results.views import public, results
from events.standings.selectors.ranking import rank_sessions
from tests.builders.sessions import big_session, fill_session, free_entry_session, made_final, make_session


def added_up(session):
    """A session's ranking added up from its lines, as before the stored standings were read."""
    return rank_sessions([session.pk])[session.pk]


def rows_of(results):
    return {
        session_id: [
            (f.section.id, f.direction, [(r.pair.id, r.place, r.position, r.boards) for r in f.rows], f.size)
            for f in result.fields
        ]
        for session_id, result in results.items()
    }


def totals_of(results):
    return {r.pair.id: (r.score, r.maximum) for result in results.values() for f in result.fields for r in f.rows}


@pytest.fixture
def published_kinds(db):
    """Sessions of every kind of ranking: two Mitchell sections, a Howell, Neuberg's varying tops, Butler IMPs."""
    sessions = [big_session(), big_session(tables=5, sections=("A",), kind="howell"), free_entry_session()]
    butler, _section = make_session("mitchell", tables=5, boards_per_round=1, scoring="butler", name="Butler")
    fill_session(butler, rng_seed=4)
    sessions.append(made_final(butler))
    return [session.pk for session in sessions]


def test_stored_standings_rank_as_the_lines_do(published_kinds):
    added_up = rank_sessions(published_kinds, names=False)
    read = rank_sessions(published_kinds, names=False, stored=True)
    assert rows_of(read) == rows_of(added_up)
    for pair_id, (score, maximum) in totals_of(added_up).items():
        assert totals_of(read)[pair_id] == pytest.approx((score, maximum))
    assert len(rows_of(read)) == 4 and all(fields for fields in rows_of(read).values())


def test_the_home_page_is_the_same_from_the_stored_standings(
    client, published_kinds, settings, django_assert_max_num_queries
):
    settings.PAGE_CACHE_SECONDS = 0  # both pages made, not the second read back
    with django_assert_max_num_queries(6):  # was 8: the two sums over every line are gone
        stored_page = client.get(reverse("events:home")).content.decode()
    assert Session.objects.published().count() == 4
    with mock.patch.object(public, "session_winners", lambda ids: rank_sessions(ids)):  # every pair ranked
        added_up_page = client.get(reverse("events:home")).content.decode()
    assert stored_page.count("%") > 4 and stored_page == added_up_page


def test_a_published_sessions_ranking_and_scorecards_are_the_same_from_the_stored_standings(
    client, published_kinds, settings, django_assert_max_num_queries
):
    settings.PAGE_CACHE_SECONDS = 0
    for session_id in published_kinds:
        url = reverse("events:session", args=[session_id])
        with django_assert_max_num_queries(7):
            stored_page = client.get(url).content.decode()
        with mock.patch.object(results, "rank_session", added_up):
            added_up_page = client.get(url).content.decode()
        assert stored_page.count('data-pair="') >= 6 and stored_page == added_up_page
        pair_id = rank_sessions([session_id])[session_id].fields[0].rows[0].pair.id
        url = reverse("events:pair_scorecard", args=[session_id, pair_id])
        stored_page = client.get(url).content.decode()
        with mock.patch.object(results, "rank_session", added_up):
            added_up_page = client.get(url).content.decode()
        assert "<table" in stored_page and stored_page == added_up_page
