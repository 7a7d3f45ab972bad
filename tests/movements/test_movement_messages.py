"""The generators' names, notes, CSV problems and check results on the movement pages, in the reader's language."""

import re
from html import unescape
from urllib.parse import urlencode

from django.conf import settings
from django.urls import reverse
from django.utils import translation

HEADER = "round,table,ns_pair,ew_pair,low_board,high_board\n"


def get(client, language, name, **query):
    # The locale middleware leaves the request's language active in this thread: restore it afterwards.
    with translation.override(settings.LANGUAGE_CODE):
        return client.get(reverse(f"movements:{name}") + "?" + urlencode(query), HTTP_ACCEPT_LANGUAGE=language)


def post_csv(client, language, text):
    with translation.override(settings.LANGUAGE_CODE):
        return client.post(
            reverse("movements:custom_create"),
            {"name": "Mine", "description": "", "csv_text": text},
            HTTP_ACCEPT_LANGUAGE=language,
        )


def section(response, element_id) -> str:
    html = response.content.decode()
    match = re.search(rf'<(\w+)[^>]*id="{element_id}"[^>]*>', html)
    assert match, element_id
    end = html.index(f"</{match.group(1)}>", match.end())
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html[match.start() : end]))).strip()


def heading(response) -> str:
    return re.sub(r"\s+", " ", re.search(r"<h1>(.*?)</h1>", response.content.decode(), re.S).group(1)).strip()


def test_preview_title_and_notes_in_romanian(director_client):
    response = get(
        director_client, "ro", "preview", kind="mitchell", tables="22", even="relay", arrows="7", phantom="1"
    )
    assert heading(response) == "Mitchell cu 22 de mese (partajare și releu), schimbarea săgeții în runda 7"
    notes = section(response, "movement-notes")
    assert "Perechile Nord-Sud rămân la masa lor" in notes
    assert "O masă de pauză (releu) între mesele 11 și 12 ține un set de mâini" in notes
    assert "Schimbarea săgeții în runda 7:" in notes and "Perechea 22EW lipsește" in notes
    assert "North-South" not in notes


def test_preview_title_and_notes_in_spanish_and_english(director_client):
    response = get(director_client, "es", "preview", kind="howell", tables="4", rounds="5")
    assert heading(response) == "Howell de 4 mesas (5 de 7 rondas)"
    assert "Acortado a 5 de las 7 rondas: no todas las parejas se enfrentan entre sí." in section(
        response, "movement-notes"
    )
    response = get(director_client, "en", "preview", kind="mitchell", tables="6", arrows="2,3")
    assert heading(response) == "6-table Mitchell (skip), arrow switch in rounds 2, 3"
    assert "Arrow switch in rounds 2, 3: at every table" in section(response, "movement-notes")


def test_table_cards_title_in_spanish(director_client):
    response = get(director_client, "es", "table_cards", kind="mitchell", tables="7")
    assert "Mitchell de 7 mesas" in response.content.decode()


def test_csv_problems_in_spanish(director_client):
    response = post_csv(director_client, "es", HEADER + "1,x,1,2,1,2\n1,2,3NS,4,3,2\n")
    problems = section(response, "csv-problems")
    assert "Línea 2: table “x” no es un número entero" in problems
    assert "Línea 3: low_board 3 es mayor que high_board 2" in problems
    assert "not a whole number" not in problems


def test_csv_violations_in_romanian(director_client):
    response = post_csv(director_client, "ro", HEADER + "1,1,1,2,1,2\n2,1,2,1,1,2\n")
    problems = section(response, "csv-problems")
    assert "Linia 3: perechile 2 și 1 se întâlnesc din nou (s-au întâlnit deja pe linia 2)" in problems
    assert "Linia 3: perechea 2 joacă din nou mâinile 1-2 (le-a jucat deja pe linia 2)" in problems


def test_preview_check_of_a_saved_custom_movement_in_spanish(director_client):
    from movements.models import CustomMovement

    custom = CustomMovement.objects.create(name="Dos mesas", csv_text=HEADER + "1,1,1,2,1,2\n1,2,3,4,2,3\n")
    response = get(director_client, "es", "preview", kind="custom", custom=str(custom.pk))
    assert heading(response) == "Dos mesas"
    violations = section(response, "violations")
    assert violations == (
        "Línea 3: la mano 2 también está en la mesa 1 en la ronda 1 (en la línea 2) y las mesas no comparten manos"
    )


def test_counts_on_the_preview_in_romanian_need_de_from_twenty(director_client):
    response = get(director_client, "ro", "preview", kind="mitchell", tables="21")
    facts = section(response, "movement-facts")
    assert "21 de mese" in facts and "21 de runde" in facts
    assert "la 42 până la 42 de mâini" in section(response, "balance-summary")
    assert 'aria-label="Navigare"' in response.content.decode()


def test_shared_tables_are_listed_in_the_readers_language(director_client):
    from movements.views.display import tables_text

    assert (tables_text((8,)), tables_text((1, 8)), tables_text((1, 2, 8))) == ("8", "1 & 8", "1, 2 & 8")
    with translation.override("es"):
        assert tables_text((1, 2, 8)) == "1, 2 y 8"
    response = get(director_client, "es", "table_cards", kind="mitchell", tables="8", even="relay")
    html = response.content.decode()
    assert "Comparte sus manos con la mesa 8 en todas las rondas." in html
    assert 'aria-label="Ruta de navegación"' in html
    response = get(director_client, "en", "table_cards", kind="mitchell", tables="8", even="relay")
    assert "Shares its boards with table 8 every round." in response.content.decode()
