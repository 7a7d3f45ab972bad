"""The director's entry pages as a person sees them: the page language's suit letters (Spanish 4C is hearts),
the help in the page's notation, refused fields marked aria-invalid, and a final session read-only on screen."""

import pytest
from django.urls import reverse

from events.models import Session, TravellerLine

# one_database: what the entry pages show (suit letters, help, refused fields) (README, *What runs twice*).
pytestmark = pytest.mark.one_database


def entry_post(rows):
    """The traveller form's fields: {row index: (contract, declarer, tricks, lead, score)}."""
    data = {}
    for index, values in rows.items():
        for name, value in zip(("contract", "declarer", "tricks", "lead", "score"), values, strict=True):
            data[f"r{index}-{name}"] = value
    return data


@pytest.fixture
def mitchell(make_session):
    return make_session("mitchell", tables=5, boards_per_round=1)


@pytest.mark.parametrize(
    ("language", "typed", "stored", "shown", "help_text"),
    [
        ("es", "4C", ("4H", 420), "4C", "4P, 3SAX, PASO"),
        ("es", "2P", ("2S", 140), "2P", "P ♠, C ♥, D ♦, T ♣"),
        ("ro", "4C", ("4H", 420), "4C", "P ♠, C ♥, K ♦, T ♣"),
        ("en", "4C", ("4C", 130), "4C", "4S, 3NTX, PASS"),
    ],
)
def test_the_traveller_reads_and_helps_in_the_pages_suit_letters(
    director_client, mitchell, language, typed, stored, shown, help_text
):
    session, section = mitchell
    url = reverse("events:traveller_entry", args=[session.pk, section.pk, 1])
    header = {"HTTP_ACCEPT_LANGUAGE": language}
    tricks = "10" if typed[0] == "4" else "9"
    response = director_client.post(url, entry_post({0: (typed, "N", tricks, "", "")}), **header)
    assert response.status_code == 302
    line = TravellerLine.objects.get(board__number=1, ns_score__isnull=False)
    assert (line.contract, line.ns_score) == stored
    page = director_client.get(url, **header).content.decode()
    assert f'value="{shown}"' in page  # written back in the language: saved again, it means the same suit
    assert help_text in page


def test_a_refused_field_is_marked_invalid_for_assistive_technology(director_client, mitchell):
    session, section = mitchell
    url = reverse("events:traveller_entry", args=[session.pk, section.pk, 1])
    page = director_client.post(url, entry_post({0: ("9S", "N", "10", "", "")})).content.decode()
    assert 'aria-invalid="true"' in page and 'value="9S"' in page  # marked, and what was typed is kept
    assert TravellerLine.objects.filter(ns_score__isnull=False).count() == 0


@pytest.mark.parametrize("language", ["en", "es", "ro"])
def test_a_final_traveller_has_no_fields_and_says_how_to_reopen(director_client, mitchell, language):
    session, section = mitchell
    url = reverse("events:traveller_entry", args=[session.pk, section.pk, 1])
    director_client.post(url, entry_post({0: ("4S", "N", "10", "", "")}))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINAL)
    page = director_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    form = page[page.index('id="traveller-form"') :]
    assert 'id="final-read-only"' in page and reverse("events:session_checks", args=[session.pk]) in page
    assert '<input type="text"' not in form and 'type="submit"' not in form.split("</form>")[0]
    assert '<span class="read-only-value">4<span class="suit-s">♠</span></span>' in form  # still there to read
    assert 'tabindex="0" role="region"' in form  # the scrolling box reachable by keyboard


def test_a_final_table_slip_has_no_save(director_client, mitchell):
    session, section = mitchell
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINAL)
    page = director_client.get(reverse("events:table_entry", args=[session.pk, section.pk, 1, 1])).content.decode()
    assert 'id="final-read-only"' in page and '<input type="text"' not in page and "btn btn-success" not in page
