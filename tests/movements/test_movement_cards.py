"""The movement pages' table and guide cards, the parameters on their own, bounded queries and display details."""

import dataclasses
import re
from html import unescape
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from movement_generators.api import mitchell
from movements import params
from movements.models import CustomMovement

# one_database: the cards drawn by the pure generators (README, *What runs twice*).
pytestmark = pytest.mark.one_database

SEVEN = {"kind": "mitchell", "tables": "7"}
CSV = "round,table,ns_pair,ew_pair,low_board,high_board\n1,1,1,2,1,2\n1,2,3,4,3,4\n2,1,1,3,3,4\n2,2,4,2,1,2\n"


def url(name, **query):
    return reverse(f"movements:{name}") + ("?" + urlencode(query) if query else "")


def card(response, element_id) -> str:
    html = response.content.decode()
    start = html.index(f'id="{element_id}"')
    end = html.index("</article>", start)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html[start:end])))


PAGES = ["index", "preview", "table_cards", "guide_cards"]


# ----- table cards ----------------------------------------------------------------------------------------------


def test_table_cards_of_a_seven_table_mitchell(director_client):
    response = director_client.get(url("table_cards", **SEVEN))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<h1") == 1 and html.count('class="card movement-card table-card"') == 7
    assert html.count("css/cards.css") == 1
    assert '<button type="button" class="btn btn-success btn-sm" data-print>' in html
    first = card(response, "table-card-1")
    assert "Table 1" in first and "7-table Mitchell" in first
    assert "Round N-S E-W Boards Boards go to" in first
    # Boards move down one table: table 1's boards go to table 7.
    assert "1 1NS 1EW 1-2 Table 7 2 1NS 7EW 3-4 Table 7" in first
    assert "7 1NS 2EW 13-14 Collect: not played again" in first
    assert "1 4NS 4EW 7-8 Table 3" in card(response, "table-card-4")


def test_table_cards_of_a_relay_mitchell_say_where_the_boards_wait(director_client):
    response = director_client.get(url("table_cards", kind="mitchell", tables="8", even="relay"))
    table_5 = card(response, "table-card-5")
    assert "1 5NS 5EW 11-12 Relay, then table 4 in round 3" in table_5
    table_1 = card(response, "table-card-1")
    assert "Shares its boards with table 8 every round." in table_1
    assert "1 1NS 1EW 1-2 Table 7" in table_1
    assert "Tables 1 & 8" in card(response, "table-card-2")


def test_table_cards_show_sit_outs_and_arrow_switches(director_client):
    response = director_client.get(url("table_cards", kind="mitchell", tables="5", phantom="1", arrows="5"))
    table_5 = card(response, "table-card-5")
    assert "1 5NS sit-out 9-10 Table 4" in table_5
    assert "⇄" in table_5 and "Arrow switch" in table_5


# ----- guide cards ----------------------------------------------------------------------------------------------


def test_guide_cards_of_a_seven_table_mitchell(director_client):
    response = director_client.get(url("guide_cards", **SEVEN))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<h1") == 1 and html.count('class="card movement-card guide-card"') == 14
    first_ew = card(response, "guide-card-1EW")
    assert "Pair 1EW" in first_ew
    assert "Round Table Direction Against Boards Then go to" in first_ew
    assert "1 1 E-W 1NS 1-2 Table 2 E-W 2 2 E-W 2NS 5-6 Table 3 E-W" in first_ew
    assert "7 7 E-W 7NS 11-12 End of the session" in first_ew
    assert "1 3 N-S 3EW 5-6 Table 3 N-S" in card(response, "guide-card-3NS")


def test_guide_cards_show_sit_outs(director_client):
    response = director_client.get(url("guide_cards", kind="howell", tables="3", phantom="yes"))
    html = response.content.decode()
    assert 'id="guide-card-6"' not in html  # the missing pair has no card
    assert "1 Sit out (table 1) Table 3 E-W" in card(response, "guide-card-1")
    pair_2 = card(response, "guide-card-2")
    assert "2 Sit out (table 1)" in pair_2
    assert pair_2.count("Sit out") == 2  # its own sit-out row, and "then go to" in the round before


def test_guide_cards_show_the_arrow_switch(director_client):
    response = director_client.get(url("guide_cards", kind="mitchell", tables="3", arrows="2"))
    assert "2 2 E-W ⇄ play the N-S cards 2NS 5-6 Table 3 E-W" in card(response, "guide-card-1EW")
    assert "2 1 N-S ⇄ play the E-W cards 3EW" in card(response, "guide-card-1NS")


def test_custom_movement_cards(director_client):
    custom = CustomMovement.objects.create(name="Tiny", csv_text=CSV)
    response = director_client.get(url("table_cards", kind="custom", custom=str(custom.pk)))
    assert response.status_code == 200
    assert "1 1 2 1-2 Table 2" in card(response, "table-card-1")
    response = director_client.get(url("guide_cards", kind="custom", custom=str(custom.pk), first_board="5"))
    assert "1 1 N-S 2 5-6 Table 1 N-S" in card(response, "guide-card-1")


# ----- the parameters on their own ----------------------------------------------------------------------------


def test_parse_choice_and_build_movement():
    choice = params.parse_choice(
        {"kind": "Mitchell", "tables": " 8 ", "even": "relay", "arrows": "7 ,8,7", "phantom": "8ns"}
    )
    assert choice == params.MovementChoice("mitchell", 8, even="relay", arrows=(7, 8), phantom="8NS")
    movement = params.build_movement(choice)
    assert movement == mitchell(8, even="relay", arrow_switch_rounds=(7, 8), phantom="8NS")
    assert params.parse_choice({"kind": "howell", "tables": "5", "phantom": "true"}).phantom is True
    assert params.parse_choice({"kind": "mitchell", "tables": "5", "phantom": "off"}).phantom is False


def test_choice_errors_name_their_parameter():
    with pytest.raises(params.ChoiceError) as error:
        params.parse_choice({"kind": "mitchell", "tables": "0", "rounds": "x"})
    assert set(error.value.errors) == {"tables", "rounds"}


def test_query_string_keeps_the_movement_parameters_only():
    data = {"kind": "mitchell", "tables": "7", "arrows": "", "page": "2", "phantom": "1"}
    assert params.query_string(data) == "kind=mitchell&tables=7&phantom=1"


# ----- queries ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PAGES)
def test_bounded_queries(director_client, django_assert_max_num_queries, name):
    # The session, the user, the permission check and the custom movements of the form: whatever the size.
    for tables in ("3", "15"):
        with django_assert_max_num_queries(6):
            assert director_client.get(url(name, kind="mitchell", tables=tables)).status_code == 200


def test_bounded_queries_with_many_custom_movements(director_client, django_assert_max_num_queries):
    for number in range(12):
        CustomMovement.objects.create(name=f"Movement {number}", csv_text=CSV)
    custom = CustomMovement.objects.first()
    for name in PAGES:
        with django_assert_max_num_queries(7):
            assert director_client.get(url(name, kind="custom", custom=str(custom.pk))).status_code == 200


# ----- display details ------------------------------------------------------------------------------------------


def test_violations_say_where_in_the_readers_words():
    from movement_generators.api import check
    from movements.views.display import violation_rows

    movement = mitchell(3)
    twice = dataclasses.replace(
        movement, encounters=movement.encounters + (dataclasses.replace(movement.encounters[0], table=2),)
    )
    rows = violation_rows(check(twice))
    assert rows[0] == {
        "where": "Round 1, table 2",
        "message": "table 2 appears twice in round 1",
        "text": "Round 1, table 2: table 2 appears twice in round 1",
        "code": "table_used_twice",
    }


@pytest.mark.parametrize("language", ["es", "ro"])
def test_pages_render_in_every_language(director_client, language):
    query = {"kind": "mitchell", "tables": "8", "even": "relay", "arrows": "8", "phantom": "1"}
    # The locale middleware leaves the request's language active in this thread: restore it for the next tests.
    with translation.override(settings.LANGUAGE_CODE):
        for name in PAGES:
            response = director_client.get(url(name, **query), HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200 and response.content.decode().count("<h1") == 1
            assert f'<html lang="{language}">' in response.content.decode()
