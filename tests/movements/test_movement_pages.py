"""The movement pages of the director area: choose a movement, preview it, print its table and guide cards."""

import re
from html import unescape
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from movements import params
from movements.models import CustomMovement

# one_database: the movements drawn by the pure generators; the saved custom movements' writes are tested on both
# (README, *What runs twice*).
pytestmark = pytest.mark.one_database

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
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html[match.start() : end]))).strip()


PAGES = ["index", "preview", "table_cards", "guide_cards"]


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
    query = {
        "kind": "mitchell",
        "tables": "8",
        "boards_per_round": "3",
        "rounds": "6",
        "first_board": "11",
        "even": "relay",
        "arrows": "5,6",
        "phantom": "1",
    }
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
    table_1 = grid[grid.index(" 1 1NS") : grid.index(" 2 2NS")]
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
    table_5 = grid[grid.index(" 5 ") :]
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
