"""The movement pages of the director area: choose a movement, preview it, print its table and guide cards."""

import dataclasses
import re
from html import unescape
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from movements import params
from movements.generators import mitchell
from movements.models import CustomMovement

SEVEN = {"kind": "mitchell", "tables": "7"}
CSV = "round,table,ns_pair,ew_pair,low_board,high_board\n1,1,1,2,1,2\n1,2,3,4,3,4\n2,1,1,3,3,4\n2,2,4,2,1,2\n"


def url(name, **query):
    return reverse(f"movements:{name}") + ("?" + urlencode(query) if query else "")


def text_of(response) -> str:
    """The page as plain text, tags removed and spaces collapsed."""
    html = response.content.decode()
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def section(response, element_id) -> str:
    """The text of the element with this id (up to its closing tag of the same name)."""
    html = response.content.decode()
    match = re.search(rf'<(\w+)[^>]*id="{element_id}"[^>]*>', html)
    assert match, element_id
    tag = match.group(1)
    end = html.index(f"</{tag}>", match.end())
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html[match.start():end]))).strip()


def card(response, element_id) -> str:
    html = response.content.decode()
    start = html.index(f'id="{element_id}"')
    end = html.index("</article>", start)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html[start:end])))


PAGES = ["index", "preview", "table_cards", "guide_cards"]


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The users of tests/conftest.py are made with the slow production hasher; these tests log in with
    # force_login, so a fast hasher changes nothing they check.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# ----- access ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PAGES)
def test_anonymous_visitors_are_sent_to_log_in(anonymous_client, name):
    response = anonymous_client.get(url(name, **SEVEN))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("name", PAGES)
def test_players_are_refused(player_client, name):
    assert player_client.get(url(name, **SEVEN)).status_code == 403


# ----- choosing a movement --------------------------------------------------------------------------------------


def test_index_offers_the_form_and_the_saved_custom_movements(director_client):
    CustomMovement.objects.create(name="Two-table special", csv_text=CSV, description="For quiet nights")
    response = director_client.get(url("index"))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<h1") == 1
    assert f'action="{reverse("movements:preview")}"' in html and 'method="get"' in html
    for name in params.PARAMETERS:
        assert f'name="{name}"' in html, name
    custom = CustomMovement.objects.get()
    assert "Two-table special" in section(response, "custom-movements")
    assert "For quiet nights" in section(response, "custom-movements")
    assert reverse("movements:custom_detail", args=[custom.pk]) in html
    assert f'<option value="{custom.pk}">Two-table special</option>' in html
    assert reverse("movements:custom_create") in html


def test_index_keeps_the_values_of_its_query_string(director_client):
    html = director_client.get(url("index", kind="howell", tables="5", rounds="6")).content.decode()
    assert '<option value="howell" selected>' in html
    assert 'name="tables" value="5"' in html and 'name="rounds" value="6"' in html


def test_index_says_when_there_are_no_custom_movements(director_client):
    response = director_client.get(url("index"))
    assert "No custom movements yet." in text_of(response)


# ----- preview --------------------------------------------------------------------------------------------------


def test_preview_of_a_seven_table_mitchell(director_client):
    response = director_client.get(url("preview", **SEVEN))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<h1") == 1
    assert re.search(r"<h1>\s*7-table Mitchell\s*</h1>", html)
    facts = section(response, "movement-facts")
    assert "7 tables" in facts and "7 rounds" in facts and "14 boards (1-14)" in facts and "two winners" in facts
    assert "East-West pairs move up one table" in section(response, "movement-notes")
    assert section(response, "check-result").startswith("Sound.")
    grid = section(response, "movement-grid")
    # Table 1: 1NS meets 1EW on boards 1-2, then 7EW on 3-4; table 7 ends with 1EW on boards 11-12.
    assert grid.startswith("Table R1 R2 R3 R4 R5 R6 R7 1 1NS v 1EW 1-2 1NS v 7EW 3-4 1NS v 6EW 5-6")
    assert "7 7NS v 7EW 13-14 7NS v 6EW 1-2" in grid and grid.endswith("7NS v 1EW 11-12")
    manning = section(response, "manning")
    assert "1 1-1-1 2-2-2 3-3-3 4-4-4 5-5-5 6-6-6 7-7-7" in manning
    assert "2 1-2-7 2-3-1" in manning
    assert "on 14 to 14 boards: average 14.00, spread 0" in section(response, "balance-summary")
    assert '<details class="balance-matrix">' in html
    query = "kind=mitchell&amp;tables=7"
    assert f'href="{reverse("movements:table_cards")}?{query}"' in html
    assert f'href="{reverse("movements:guide_cards")}?{query}"' in html


def test_preview_links_keep_every_parameter(director_client):
    query = {"kind": "mitchell", "tables": "8", "boards_per_round": "3", "rounds": "6", "first_board": "11",
             "even": "relay", "arrows": "5,6", "phantom": "1"}
    html = director_client.get(url("preview", **query)).content.decode()
    expected = urlencode(query).replace("&", "&amp;")
    assert f'{reverse("movements:table_cards")}?{expected}"' in html
    assert f'{reverse("movements:guide_cards")}?{expected}"' in html
    assert f'{reverse("movements:index")}?{expected}"' in html


def test_preview_of_an_eight_table_skip_mitchell(director_client):
    response = director_client.get(url("preview", kind="mitchell", tables="8"))
    assert re.search(r"<h1>\s*8-table Mitchell \(skip\)\s*</h1>", response.content.decode())
    grid = section(response, "movement-grid")
    assert "R7" in grid and "R8" not in grid
    table_1 = grid[grid.index(" 1 1NS"):grid.index(" 2 2NS")]
    assert "5EW" not in table_1  # EW 5 skips table 1
    assert "Skip: after round 4" in section(response, "movement-notes")


def test_preview_of_a_relay_mitchell_shows_shared_boards_and_the_bye_stand(director_client):
    response = director_client.get(url("preview", kind="mitchell", tables="8", even="relay"))
    grid = section(response, "movement-grid")
    assert "R8" in grid
    assert "1NS v 1EW 1-2 shared with 8" in grid
    assert "Relay 9-10 11-12 13-14 15-16 1-2 3-4 5-6 7-8" in grid
    assert "bye stand" in section(response, "movement-notes")
    assert "Relay" in section(response, "manning")


def test_preview_marks_arrow_switches(director_client):
    response = director_client.get(url("preview", kind="mitchell", tables="7", arrows="6, 7"))
    html = response.content.decode()
    assert "arrow switch in rounds 6, 7" in html
    assert "one winner" in section(response, "movement-facts")
    grid = section(response, "movement-grid")
    assert grid.count("⇄") == 14  # every table, rounds 6 and 7
    assert "1-6-3*" in section(response, "manning")


def test_preview_shows_sit_outs(director_client):
    response = director_client.get(url("preview", kind="mitchell", tables="5", phantom="on"))
    assert "pair 5EW missing" in section(response, "movement-facts")
    grid = section(response, "movement-grid")
    assert "5NS sits out" in grid and grid.count("sits out") == 5
    assert "5-5-0" in section(response, "manning")


def test_a_fixed_sit_out_table(director_client):
    response = director_client.get(url("preview", kind="mitchell", tables="5", phantom="ns"))
    grid = section(response, "movement-grid")
    table_5 = grid[grid.index(" 5 "):]
    assert table_5.count("sits out") == 5


def test_preview_of_a_howell(director_client):
    response = director_client.get(url("preview", kind="howell", tables="3", boards_per_round="3"))
    html = response.content.decode()
    assert re.search(r"<h1>\s*3-table Howell\s*</h1>", html)
    assert "5 rounds" in section(response, "movement-facts") and "one winner" in section(response, "movement-facts")
    assert section(response, "check-result").startswith("Sound.")
    assert "shared with 2 & 3" in section(response, "movement-grid")


def test_a_shortened_howell(director_client):
    response = director_client.get(url("preview", kind="howell", tables="4", rounds="3"))
    assert re.search(r"<h1>\s*4-table Howell \(3 of 7 rounds\)\s*</h1>", response.content.decode())
    assert "R3" in section(response, "movement-grid") and "R4" not in section(response, "movement-grid")


def test_first_board_numbers_the_boards(director_client):
    response = director_client.get(url("preview", kind="mitchell", tables="3", boards_per_round="3", first_board="19"))
    assert "9 boards (19-27)" in section(response, "movement-facts")
    assert "1NS v 1EW 19-21" in section(response, "movement-grid")


def test_an_unsound_custom_movement_lists_every_violation(director_client):
    text = CSV + "3,1,1,2,5,6\n"  # pairs 1 and 2 meet again
    custom = CustomMovement.objects.create(name="Meets twice", csv_text=text)
    response = director_client.get(url("preview", kind="custom", custom=str(custom.pk)))
    assert response.status_code == 200
    violations = section(response, "violations")
    assert "Line 6: pairs 1 and 2 meet again (they already met on line 2)" in violations


# ----- bad parameters -------------------------------------------------------------------------------------------

BAD = [
    ({"kind": "mitchell", "tables": "abc"}, "tables", "“abc” is not a whole number."),
    ({"kind": "mitchell", "tables": "2"}, "tables", "A Mitchell needs 3 to 30 tables."),
    ({"kind": "mitchell", "tables": "31"}, "tables", "A Mitchell needs 3 to 30 tables."),
    ({"kind": "mitchell", "tables": "-4"}, "tables", "A Mitchell needs 3 to 30 tables."),
    ({"kind": "mitchell", "tables": ""}, "tables", "Give the number of tables."),
    ({"kind": "howell", "tables": "11"}, "tables", "A complete Howell is available for 2 to 10 tables."),
    ({"kind": "whist", "tables": "7"}, "kind", "Unknown kind of movement “whist”"),
    ({"tables": "7"}, "kind", "Choose the kind of movement"),
    ({"kind": "mitchell", "tables": "7", "rounds": "8"}, "rounds", "This movement has 7 rounds: give at most 7."),
    ({"kind": "howell", "tables": "4", "rounds": "9"}, "rounds", "This movement has 7 rounds: give at most 7."),
    ({"kind": "mitchell", "tables": "7", "rounds": "0"}, "rounds", "Give a number from 1 to 99."),
    ({"kind": "mitchell", "tables": "7", "boards_per_round": "0"}, "boards_per_round", "Give a number from 1 to 10."),
    ({"kind": "mitchell", "tables": "7", "first_board": "x1"}, "first_board", "“x1” is not a whole number."),
    ({"kind": "mitchell", "tables": "8", "even": "sideways"}, "even", "Choose skip or relay"),
    ({"kind": "mitchell", "tables": "7", "arrows": "6,seven"}, "arrows", "“seven” is not a round number"),
    ({"kind": "mitchell", "tables": "7", "arrows": "6,8"}, "arrows", "Round 8 is not a round of this movement"),
    ({"kind": "mitchell", "tables": "7", "rounds": "5", "arrows": "6"}, "arrows", "Round 6 is not a round"),
    ({"kind": "mitchell", "tables": "7", "phantom": "maybe"}, "phantom", "“maybe” is not a missing pair"),
    ({"kind": "mitchell", "tables": "7", "phantom": "9NS"}, "phantom", "There is no pair 9NS with 7 tables."),
    ({"kind": "howell", "tables": "4", "phantom": "ns"}, "phantom", "In a Howell the missing pair is the stationary"),
    ({"kind": "custom"}, "custom", "Choose a saved custom movement."),
    ({"kind": "custom", "custom": "999"}, "custom", "There is no saved custom movement number 999."),
    ({"kind": "custom", "custom": "one"}, "custom", "“one” is not a whole number."),
]


@pytest.mark.parametrize(("query", "field", "message"), BAD)
def test_bad_parameters_show_the_form_again_with_a_message(director_client, query, field, message):
    for name in ("preview", "table_cards", "guide_cards"):
        response = director_client.get(url(name, **query))
        assert response.status_code == 200, name
        html = response.content.decode()
        assert html.count("<h1") == 1 and "Movement preview" in html
        assert message in section(response, "choice-errors"), name
        # The message is also next to the field, which keeps what was typed.
        assert re.search(rf'name="{field}"[^>]*is-invalid|is-invalid[^>]*name="{field}"', html), field
        value = query.get(field, "")
        if value and field in ("tables", "rounds", "boards_per_round", "first_board", "arrows"):
            assert f'value="{value}"' in html


def test_every_bad_value_is_reported_at_once(director_client):
    response = director_client.get(url("preview", kind="mitchell", tables="x", boards_per_round="0", arrows="a"))
    errors = section(response, "choice-errors")
    assert "Tables: “x” is not a whole number." in errors
    assert "Boards per round: Give a number from 1 to 10." in errors
    assert "Arrow-switch rounds (Mitchell): “a” is not a round number" in errors


def test_values_that_do_not_apply_are_ignored(director_client):
    # The session set-up page sends a section's every setting: a Howell's leftover "even" and "arrows" do no harm.
    response = director_client.get(url("preview", kind="howell", tables="4", even="relay", arrows="3", custom="7"))
    assert response.status_code == 200 and section(response, "check-result").startswith("Sound.")


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
    choice = params.parse_choice({"kind": "Mitchell", "tables": " 8 ", "even": "relay", "arrows": "7 ,8,7",
                                  "phantom": "8ns"})
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
    from movements.generators import check
    from movements.views.display import violation_rows

    movement = mitchell(3)
    twice = dataclasses.replace(movement, encounters=movement.encounters
                                + (dataclasses.replace(movement.encounters[0], table=2),))
    rows = violation_rows(check(twice))
    assert rows[0] == {"where": "Round 1, table 2", "message": "table 2 appears twice in round 1",
                       "text": "Round 1, table 2: table 2 appears twice in round 1", "code": "table_used_twice"}


@pytest.mark.parametrize("language", ["es", "ro"])
def test_pages_render_in_every_language(director_client, language):
    query = {"kind": "mitchell", "tables": "8", "even": "relay", "arrows": "8", "phantom": "1"}
    # The locale middleware leaves the request's language active in this thread: restore it for the next tests.
    with translation.override(settings.LANGUAGE_CODE):
        for name in PAGES:
            response = director_client.get(url(name, **query), HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200 and response.content.decode().count("<h1") == 1
            assert f'<html lang="{language}">' in response.content.decode()
