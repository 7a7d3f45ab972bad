"""The messages of the pure packages in the reader's language: every code has a translatable string."""

import string

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from club.bridge_messages import MESSAGES, error_lines, line_problem, translate, violation_text
from club.typed_result import read_typed_result
from deals.errors import MESSAGES as DEAL_MESSAGES
from deals.errors import DealProblem
from movement_generators.api import check, howell, mitchell
from movement_generators.checks import Violation
from movement_generators.custom import MovementError, parse_movement_csv
from movement_generators.texts import TEMPLATES, Text
from scoring import ScoringError, parse_contract, tricks_from_result
from scoring.errors import MESSAGES as SCORING_MESSAGES
from teams.room_results import read_room

# The site says "arrow switch in rounds 6, 7" where the generators' English says "round 6, 7".
SITE_SAYS_ROUNDS = {
    "mitchell.name.arrows.rounds",
    "mitchell.name.skip.arrows.rounds",
    "mitchell.name.relay.arrows.rounds",
}


def all_codes() -> dict[str, str]:
    assert not set(SCORING_MESSAGES) & set(TEMPLATES), "scoring and the generators share no code"
    assert not set(DEAL_MESSAGES) & (set(SCORING_MESSAGES) | set(TEMPLATES)), "deals shares no code either"
    return {**SCORING_MESSAGES, **TEMPLATES, **DEAL_MESSAGES}


def fields(template: str) -> set[str]:
    return {name for _text, name, _spec, _conversion in string.Formatter().parse(template) if name}


def test_every_code_the_pure_packages_produce_has_a_translatable_string():
    assert sorted(set(all_codes()) - set(MESSAGES)) == []
    assert sorted(set(MESSAGES) - set(all_codes())) == [], "a string for a code nothing produces"


@pytest.mark.parametrize("code", sorted(set(all_codes()) - SITE_SAYS_ROUNDS))
def test_the_site_says_in_english_what_the_pure_package_says(code):
    make = ScoringError if code in SCORING_MESSAGES else DealProblem if code in DEAL_MESSAGES else Text
    shown = set()
    for value in ("7", 7):
        for count in (1, 2):
            params = {name: value for name in fields(all_codes()[code])} | {"count": count}
            message = make(code, **params)
            shown.add(translate(message))
            if translate(message) == str(message):
                return
    pytest.fail(f"{code}: {str(message)!r} is shown as {shown}")


def test_a_code_without_a_string_or_a_plain_text_is_shown_as_it_is():
    class Unknown(ValueError):
        code, params = "no.such.code", {}

    assert translate(Unknown("in English")) == "in English"
    assert translate("a custom movement's name") == "a custom movement's name"
    assert translate(ValueError("plain")) == "plain"


def test_contract_errors_in_spanish_and_romanian():
    with pytest.raises(ScoringError) as error:
        parse_contract("8S")
    assert error.value.code == "contract.level" and str(error.value) == "8S: a contract level must be 1 to 7"
    with translation.override("es"):
        assert translate(error.value) == "8S: el nivel de un contrato debe ser de 1 a 7"
    with pytest.raises(ScoringError) as error:
        tricks_from_result("4S", "+4")
    with translation.override("ro"):
        assert translate(error.value) == "4S+4: ar însemna levate: 14, iar o mână are doar 13"


@pytest.mark.parametrize(
    "language, contract, tricks",
    [
        ("es", "la denominación debe ser C, D, H, S o SA (sin triunfo)", "puede irse como mucho 10 abajo"),
        ("ro", "culoarea trebuie să fie C, D, H, S sau FA (fără atu)", "poate cădea cu cel mult 10"),
    ],
)
def test_typed_results_are_refused_in_the_readers_language(language, contract, tricks):
    with translation.override(language):
        with pytest.raises(ValidationError) as error:
            read_typed_result(1, "4Q", "N", "10")
        assert error.value.message_dict["contract"] == [f"4Q: {contract}"]
        with pytest.raises(ValidationError) as error:
            read_room(1, "4S", "N", "-11")
        assert tricks in error.value.message_dict["tricks"][0]


@pytest.mark.parametrize(
    "language, digits, control",
    [
        (
            "es",
            "²: escriba los números con las cifras del 0 al 9",
            "el texto contiene un carácter de control invisible",
        ),
        ("ro", "²: scrieți numerele cu cifrele de la 0 la 9", "textul conține un caracter de control invizibil"),
    ],
)
def test_odd_characters_are_refused_in_the_readers_language(language, digits, control):
    with translation.override(language):
        with pytest.raises(ValidationError) as error:
            read_typed_result(1, "4S", "N", "²")
        assert error.value.message_dict == {"tricks": [digits]}
        with pytest.raises(ValidationError) as error:
            read_room(1, "4S\x00", "N", "10")
        assert control in error.value.message_dict["contract"][0]


def test_movement_names_and_notes_in_romanian_with_their_plurals():
    movement = mitchell(20, even="relay", arrow_switch_rounds=(19, 20), phantom=True)
    with translation.override("ro"):
        assert translate(movement.name) == (
            "Mitchell cu 20 de mese (partajare și releu), schimbarea săgeții în rundele 19, 20"
        )
        notes = [translate(note) for note in movement.notes]
    assert notes[-1] == "Perechea 20EW lipsește: adversarii ei stau în pauză în acea rundă."
    assert notes[2].startswith("Schimbarea săgeții în rundele 19, 20:")
    with translation.override("es"):
        assert translate(howell(3, rounds=3).name) == "Howell de 3 mesas (3 de 5 rondas)"
        assert translate(mitchell(21, rounds=19).notes[-1]) == "Acortado a 19 de las 21 rondas."
    with translation.override("ro"):
        assert translate(mitchell(21, rounds=19).notes[-1]) == "Scurtată la 19 din cele 21 de runde."


def test_csv_problems_and_violations_in_spanish():
    text = "round,table,ns_pair,ew_pair,low_board,high_board\n1,1,1,2,3,2\n"
    with pytest.raises(MovementError) as error:
        parse_movement_csv(text)
    with translation.override("es"):
        assert error_lines(error.value) == ["Línea 2: low_board 3 es mayor que high_board 2"]
        assert line_problem(None, error.value.problems[0].message) == "low_board 3 es mayor que high_board 2"
    twice = parse_movement_csv("round,table,ns_pair,ew_pair,low_board,high_board\n1,1,1,2,1,2\n2,1,1,2,3,4\n")
    [violation] = check(twice)
    with translation.override("es"):
        assert violation_text(violation) == (
            "Línea 3: las parejas 1 y 2 se enfrentan otra vez (ya se enfrentaron en la línea 2)"
        )
    by_table = Violation(
        "board_played_twice",
        "round 2, table 1: ...",
        round=2,
        table=1,
        detail=Text("check.board_played_twice.table", pair="3", boards="5", count=1, round=1, table=4),
    )
    with translation.override("ro"):
        assert violation_text(by_table) == (
            "Runda 2, masa 1: perechea 3 joacă din nou mâna 5 (a jucat-o deja în runda 1 la masa 4)"
        )


def test_a_deal_problem_names_seats_and_vulnerability_in_the_readers_language():
    # `deals` writes English seat names and codes; the reader sees their own words (Spanish: Norte, O for West).
    with translation.override("es"):
        count = translate(DealProblem("hand.count", board=3, seat="North", count=12))
        duplicate = translate(DealProblem("deal.duplicate", board=3, card="SA", seats="North, East"))
        dealer = translate(DealProblem("pbn.dealer", 2, board=3, found="N", expected="W"))
        vulnerable = translate(DealProblem("pbn.vulnerable", 3, board=3, found="All", expected="Both"))
    assert "Norte" in count and "North" not in count
    assert "(Norte, Este)" in duplicate
    assert dealer.endswith(" O") and vulnerable.endswith(" todos")
