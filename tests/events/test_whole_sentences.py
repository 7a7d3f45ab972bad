"""Counts and sentences on the director and results pages: plural forms and whole sentences in every language."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, pgettext

from events.files.services.transfer import ImportResult

# one_database: the wording of the site's messages (README, *What runs twice*).
pytestmark = pytest.mark.one_database


def get(client, url, language):
    # The locale middleware leaves the request's language active in this thread: restore it afterwards.
    with translation.override(settings.LANGUAGE_CODE):
        return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.parametrize(
    "language, heading, versus",
    [
        ("en", "Section A: Mitchell, 21 tables", "1NS&nbsp;v&nbsp;1EW"),
        ("ro", "Secțiunea A: Mitchell, 21 de mese", "1NS&nbsp;contra&nbsp;1EW"),
        ("es", "Sección A: Mitchell, 21 mesas", "1NS&nbsp;contra&nbsp;1EW"),
    ],
)
def test_session_setup_counts_tables_and_results_in_the_readers_language(
    director_client, make_session, language, heading, versus
):
    session, _section = make_session("mitchell", tables=21, boards_per_round=1)
    page = get(director_client, reverse("events:session_setup", args=[session.pk]), language)
    assert heading in page and versus in page
    entered = {
        "en": "0 of 441 results entered",
        "ro": "0 din 441 de rezultate introduse",
        "es": "0 de 441 resultados introducidos",
    }[language]
    assert entered in page


def test_traveller_legend_is_one_sentence_in_spanish(client, hand_mitchell):
    session, section = hand_mitchell
    page = get(client, reverse("events:board_traveller", args=[session.pk, section.pk, 2]), "es")
    assert (
        '<span class="legend cell-top">top</span> y <span class="legend cell-bottom">cero</span>: el mejor y '
        "el peor resultado de la mano para cada línea."
    ) in page


def test_field_of_a_form_and_field_of_a_ranking_are_told_apart(director_client, corrected):
    line, _other = corrected
    page = get(director_client, reverse("events:line_history", args=[line.pk]), "es")
    assert '<th scope="col">Campo</th>' in page
    with translation.override("ro"):
        assert (pgettext("form field", "Field"), gettext("Field")) == ("Câmp", "Linie")


def test_import_counts_in_romanian_need_de_from_twenty():
    imported = ImportResult(session=None, lines=21, boards=1, pairs=2)
    with translation.override("ro"):
        assert imported.counts() == {"lines": "21 de linii", "boards": "1 mână", "pairs": "2 perechi"}
    assert ImportResult(session=None, lines=1, boards=2, pairs=20).counts() == {
        "lines": "1 line",
        "boards": "2 boards",
        "pairs": "20 pairs",
    }
