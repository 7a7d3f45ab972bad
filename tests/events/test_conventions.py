"""A session's scoring conventions: set on the set-up page (or by a preset), applied by the rescoring service, the
stored standings refreshed, and shown in words on the ranking page."""

from decimal import Decimal

import pytest
from django.core.cache import cache
from django.urls import reverse

from events.models import Pair, Session, TravellerLine
from events.standings.services.rescoring import conventions_of, rescore_session
from tests.builders.sessions import session_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def butler_board(make_session, enter):
    """A 3-table Butler Mitchell with board 1 played three times: 420, 450 and -100 for North-South."""
    session, section = make_session("mitchell", tables=3, boards_per_round=2, scoring="butler", status="provisional")
    enter(section, 1, "1NS", "4S", "N", "10")  # +420 (board 1: nobody vulnerable)
    enter(section, 1, "2NS", "4S", "N", "11")  # +450
    enter(section, 1, "3NS", "4S", "N", "8")  # -100
    return session, section


def points(section, label):
    return TravellerLine.objects.get(board__section=section, board__number=1, ns_pair__number=int(label[0])).ns_points


def setup_post(session, section, **changes):
    data = session_post(tables="3", boards_per_round="2")
    data.update(
        {
            "sections-INITIAL_FORMS": "1",
            "sections-0-id": str(section.pk),
            "sections-0-session": str(session.pk),
            "name": session.name,
            "scoring": session.scoring,
        }
    )
    data.update(changes)
    return data


def test_todays_datum_is_the_default(butler_board):
    session, section = butler_board
    # Fewer than 4 results: nothing set aside, (420 + 450 - 100) / 3 = 256.7 -> datum 260.
    # 420 - 260 = 160 -> 4 IMPs; 450 - 260 = 190 -> 5; -100 - 260 = -360 -> -8.
    assert [points(section, label) for label in ("1NS", "2NS", "3NS")] == [4, 5, -8]
    assert conventions_of(session).datum_from == 4


def test_changing_the_datum_on_the_setup_page_rescores_and_stores_the_standings(director_client, butler_board):
    session, section = butler_board
    response = director_client.post(
        reverse("events:session_setup", args=[session.pk]), setup_post(session, section, datum_from="3")
    )
    assert response.status_code == 302
    # 1 set aside at each end from 3 results: the datum is the middle score, 420.
    # 420 -> 0; 450 - 420 = 30 -> 1 IMP; -100 - 420 = -520 -> -11.
    assert [points(section, label) for label in ("1NS", "2NS", "3NS")] == [0, 1, -11]
    stored = {pair.label: pair.score for pair in Pair.objects.filter(section=section, direction="NS")}
    assert stored == {"1NS": 0, "2NS": 1, "3NS": -11}
    assert Session.history.filter(id=session.pk).count() >= 2  # the old conventions are kept in the history


def test_a_preset_sets_every_convention_at_once(director_client, butler_board):
    session, section = butler_board
    data = setup_post(session, section, preset="magic-contest", datum_from="4")  # the preset wins over the field
    assert director_client.post(reverse("events:session_setup", args=[session.pk]), data).status_code == 302
    session.refresh_from_db()
    assert (session.datum_discard, session.datum_from, session.short_boards_neuberg) == (1, 3, True)
    assert points(section, "3NS") == -11
    data = setup_post(session, section, preset="compscore")
    assert director_client.post(reverse("events:session_setup", args=[session.pk]), data).status_code == 302
    session.refresh_from_db()
    assert not session.short_boards_neuberg and session.datum_from == 4
    data = setup_post(session, section, preset="acbl")
    director_client.post(reverse("events:session_setup", args=[session.pk]), data)
    session.refresh_from_db()
    assert session.scale == "acbl" and session.short_boards_neuberg


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"datum_discard": "2", "datum_from": "4"}, "needs at least 5 results"),
        ({"adjusted_imps_size": "99"}, "less than or equal to 24"),
        ({"adjusted_imps": "half"}, "Select a valid choice"),
        ({"datum_rounding": "five"}, "Select a valid choice"),
        ({"preset": "bbo"}, "Select a valid choice"),
        ({"datum_from": "-3"}, "greater than or equal to 0"),
    ],
)
def test_bad_conventions_are_refused_and_nothing_changes(director_client, butler_board, changes, message):
    session, section = butler_board
    response = director_client.post(
        reverse("events:session_setup", args=[session.pk]), setup_post(session, section, **changes)
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    session.refresh_from_db()
    assert (session.datum_discard, session.datum_from, session.adjusted_imps_size) == (1, 4, Decimal(3))
    assert points(section, "3NS") == -8


def test_players_cannot_change_the_conventions(client, player_client, butler_board):
    session, section = butler_board
    data = setup_post(session, section, datum_from="3")
    assert player_client.post(reverse("events:session_setup", args=[session.pk]), data).status_code == 403
    assert client.post(reverse("events:session_setup", args=[session.pk]), data).status_code == 302  # to log in
    session.refresh_from_db()
    assert session.datum_from == 4 and points(section, "3NS") == -8


def test_the_ranking_page_says_how_the_session_was_scored(client, butler_board):
    session, _section = butler_board
    page = client.get(reverse("events:session", args=[session.pk])).content.decode()
    assert "leaves out the 1 highest and the 1 lowest North-South scores when a board has 4 results or more" in page
    assert "rounded to the nearest 10" in page
    assert "receives 3 IMPs per comparison" in page
    Session.objects.filter(pk=session.pk).update(datum_rounding="none", adjusted_imps="share", adjusted_imps_size=2)
    cache.clear()  # written past the services, which would move the cached pages on
    page = client.get(reverse("events:session", args=[session.pk])).content.decode()
    assert "The datum is not rounded." in page and "receives 2 IMPs for every 10% above 50%" in page


def test_the_ranking_page_names_the_short_boards_convention(client, make_session):
    session, _section = make_session("mitchell", tables=3, boards_per_round=2, status="provisional")
    assert (
        "factored up to the full top with Neuberg"
        in client.get(reverse("events:session", args=[session.pk])).content.decode()
    )
    Session.objects.filter(pk=session.pk).update(short_boards_neuberg=False)
    cache.clear()  # written past the services, which would move the cached pages on
    assert (
        "scored on their own, smaller top" in client.get(reverse("events:session", args=[session.pk])).content.decode()
    )


def test_adjusted_score_awards_in_cross_imps(make_session, enter):
    session, section = make_session("mitchell", tables=3, boards_per_round=2, scoring="cross-imps")
    enter(section, 1, "1NS", "4S", "N", "10")  # +420
    enter(section, 1, "2NS", "4S", "N", "11")  # +450
    enter(section, 1, "3NS", "A6040")
    # Per comparison (today): A60/40 gets +3 / -3 in the averaged cross-IMPs.
    assert points(section, "3NS") == 3
    # Per board: 3 IMPs over the 2 comparisons a result has on a board of 3 = 1.5.
    Session.objects.filter(pk=session.pk).update(adjusted_imps="board")
    session.refresh_from_db()
    rescore_session(session=session)
    assert points(section, "3NS") == 1.5
    assert Pair.objects.get(section=section, number=3, direction="NS").score == 1.5
    # A share of 2 IMPs per 10 %: 60 % -> +2.
    Session.objects.filter(pk=session.pk).update(adjusted_imps="share", adjusted_imps_size=2)
    session.refresh_from_db()
    rescore_session(session=session)
    assert points(section, "3NS") == 2
