"""The public live ranking before any result: "No results yet", never every pair "=2 … %"."""

import pytest
from django.urls import reverse

from events.plans import section_plan
from events.tables.services.table_entry import set_live_results
from tests.builders.sessions import make_session
from tests.builders.table_entry import confirm_post, ew, open_tables, save_post, typed_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "words"), [("en", "No results yet"), ("es", "Aún no hay resultados")])
def test_no_ranking_before_the_first_result_then_places_for_those_who_played(anonymous_client, language, words):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    paths = open_tables(session)
    set_live_results(session=session, on=True)
    part = reverse("events:live_ranking", args=[session.pk])
    page = anonymous_client.get(part, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in page and "data-live-row" not in page and "%" not in page
    play = section_plan(section).schedule[0]
    anonymous_client.post(paths[str(play.table)], save_post(play, *typed_for(play)))
    anonymous_client.post(ew(paths[str(play.table)]), confirm_post(play))
    page = anonymous_client.get(part, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words not in page and "data-live-row" in page
    assert "<td>=" not in page  # the pairs that have not played yet have no place


def test_the_directors_private_ranking_gives_no_place_to_a_pair_that_has_not_played(anonymous_client, director_client):
    session, section = make_session("mitchell", tables=3, boards_per_round=2)
    paths = open_tables(session)
    grid = reverse("events:live_grid", args=[session.pk])
    page = director_client.get(grid).content.decode()
    assert "<td>=" not in page and ">%<" not in page  # was "=2 … %" for every pair before any result
    play = section_plan(section).schedule[0]
    anonymous_client.post(paths[str(play.table)], save_post(play, *typed_for(play)))
    anonymous_client.post(ew(paths[str(play.table)]), confirm_post(play))
    page = director_client.get(grid).content.decode()
    assert "<td>1</td>" in page and "<td>=" not in page  # the pairs that played have places, the others none
