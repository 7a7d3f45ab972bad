"""The part of the director's hands page that static/js/hands.js fetches again while the deals are analysed
(`session_hands_state`, `match_hands_state`): where the analysis stands, for directors only."""

import pytest
from django.test import Client
from django.urls import reverse

from club.background import ATTEMPTS
from club.hand_analysis import analyse_pending
from events.hands.services.hands import store_deals
from events.models import BoardDeal
from teams.models import MatchDeal
from teams.services.hands import store_match_deals
from tests.builders.hands import ONE_SUIT_EACH, ROUND_THE_TABLE, SIX_BOARDS
from tests.builders.sessions import club_night


@pytest.fixture
def session(db, cached_analysis):
    session, _section = club_night()
    store_deals(session=session, deals={1: SIX_BOARDS[1]})
    analyse_pending()
    store_deals(session=session, deals={2: SIX_BOARDS[2], 3: SIX_BOARDS[3]})
    return session


def state_url(session):
    return reverse("events:session_hands_state", args=[session.pk])


def test_the_state_says_how_far_the_analysis_is_and_asks_to_be_fetched_again(director_client, session):
    html = director_client.get(state_url(session)).content.decode()
    assert "Analysing: 1 of 3 deals analysed." in html and 'data-waiting="1"' in html
    assert f'data-state-url="{state_url(session)}"' in html and html.count("analysis pending") == 2


def test_a_failed_attempt_says_retrying_and_a_deal_out_of_attempts_says_failed(director_client, session):
    BoardDeal.objects.filter(board__number=2).update(analysis_failures=1)
    BoardDeal.objects.filter(board__number=3).update(analysis_failures=ATTEMPTS)
    html = director_client.get(state_url(session)).content.decode()
    assert "Analysis failed: retrying (1 deal)." in html and "analysis failed: retrying" in html
    assert ">analysis failed<" in html and 'data-waiting="1"' in html  # deal 2 may still be analysed


def test_once_every_deal_is_analysed_the_page_stops_asking(director_client, session):
    analyse_pending()
    html = director_client.get(state_url(session)).content.decode()
    assert "All 3 deals analysed." in html and "data-waiting" not in html


def test_the_hands_page_loads_its_script_and_the_state(director_client, session):
    html = director_client.get(reverse("events:session_hands", args=[session.pk])).content.decode()
    assert "js/hands.js" in html and 'id="deals-state"' in html and "Analysing: 1 of 3" in html


def test_only_directors_read_the_state(player_client, session):
    assert player_client.get(state_url(session)).status_code == 403
    anonymous = Client().get(state_url(session))
    assert anonymous.status_code == 302 and "/login/" in anonymous.url
    assert Client().get(reverse("events:session_hands_state", args=[999999])).status_code == 302


def test_a_director_asking_for_a_session_that_is_not_there_gets_a_404(director_client, db):
    assert director_client.get(reverse("events:session_hands_state", args=[999999])).status_code == 404


def test_a_teams_match_s_state(director_client, make_event):
    event = make_event(boards_per_match=3)
    match = event.matches.filter(away__isnull=False).order_by("pk").first()
    first, second, _third = match.board_numbers(3)
    store_match_deals(match=match, deals={first: ROUND_THE_TABLE, second: ONE_SUIT_EACH})
    MatchDeal.objects.filter(board=second).update(analysis_failures=2)
    url = reverse("teams:match_hands_state", args=[match.pk])
    html = director_client.get(url).content.decode()
    assert "Analysing: 0 of 2 deals analysed." in html and "Analysis failed: retrying (1 deal)." in html
    assert "js/hands.js" in director_client.get(reverse("teams:match_hands", args=[match.pk])).content.decode()
