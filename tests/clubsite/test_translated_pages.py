"""The site's pages in every language: the language chosen from the browser or the switcher, dates and numbers
in the reader's language, the results pages' bridge terms translated.
"""

import datetime
import io
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse
from django.utils import formats, translation

from club.models import Member
from events.models import Session

# one_database: the pages' languages: words, dates and numbers the site's code chooses (README, *What runs twice*).
pytestmark = pytest.mark.one_database

BASE_DIR = Path(settings.BASE_DIR)
# The pages --------------------------------------------------------------------------------------------------

HOME_HEADING = {"en": "Results", "es": "Resultados", "ro": "Rezultate"}
MEMBERS_LINK = {"en": "Members", "es": "Socios", "ro": "Membri"}


def heading(html: str) -> str:
    return re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S).group(1).strip()


@pytest.fixture
def final_session(db):
    return Session.objects.create(name="Monday pairs", date=datetime.date(2026, 11, 2), status=Session.Status.FINAL)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "es", "ro"])
def test_home_page_follows_accept_language(client, language):
    response = client.get(reverse("events:home"), HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")
    html = response.content.decode()
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language
    assert f'<html lang="{language}">' in html
    assert heading(html) == HOME_HEADING[language]
    assert f">{MEMBERS_LINK[language]}<" in html


@pytest.mark.django_db
def test_a_region_of_the_language_gets_the_language(client):
    html = client.get(reverse("events:home"), HTTP_ACCEPT_LANGUAGE="es-AR,es;q=0.9").content.decode()
    assert heading(html) == "Resultados"


@pytest.mark.django_db
def test_set_language_switches_the_site_and_remembers_the_choice(client):
    response = client.post(reverse("set_language"), {"language": "es", "next": reverse("club:members")})
    assert response.status_code == 302 and response.url == reverse("club:members")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    html = client.get(reverse("events:home"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert heading(html) == "Resultados"
    assert "No results have been published yet." not in html
    assert "Aún no se han publicado resultados." in html

    client.post(reverse("set_language"), {"language": "ro", "next": "/"})
    html = client.get(reverse("events:home")).content.decode()
    assert heading(html) == "Rezultate"
    assert "Încă nu s-au publicat rezultate." in html


@pytest.mark.django_db
def test_language_switcher_offers_each_language_in_its_own_name(client):
    html = client.get(reverse("events:home"), HTTP_ACCEPT_LANGUAGE="ro").content.decode()
    switcher = re.search(r'<select name="language".*?</select>', html, re.S).group(0)
    options = dict(re.findall(r'<option value="(\w+)"[^>]*>\s*(.*?)\s*</option>', switcher))
    assert options == {"en": "English", "es": "español", "ro": "Română"}
    assert re.search(r'<option value="ro"\s+selected', switcher)
    assert 'for="language-select">Limba</label>' in html


DATES = {"en": "2 Nov 2026", "es": "2 de noviembre de 2026", "ro": "2 noiembrie 2026"}


@pytest.mark.parametrize(("language", "date"), DATES.items())
def test_dates_read_in_the_language(client, final_session, language, date):
    url = reverse("events:session", args=[final_session.pk])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert date.lower() in heading(html).lower()


def date_cell(html: str, table_id: str) -> str:
    table = re.search(rf'<table[^>]*id="{table_id}".*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    return " ".join(re.search(r"<td[^>]*>(.*?)</td>", table, re.S).group(1).split())


@pytest.mark.parametrize(("language", "date"), DATES.items())
def test_one_date_style_on_director_public_and_member_pages(director_client, make_session, enter, language, date):
    # A club in Europe/London: day first in every language, the same style on every page.
    session, section = make_session("mitchell", tables=3, boards_per_round=1, name="Monday pairs")
    session.date, session.status = datetime.date(2026, 11, 2), Session.Status.FINAL
    session.save()
    pair = section.pairs.get(number=1, direction="NS")
    pair.player1 = Member.objects.create(first_name="Ana", last_name="García", number="1001")
    pair.save()
    enter(section, 1, "1NS", "4S", "N", "=")
    director_client.post(reverse("set_language"), {"language": language, "next": "/"})
    pages = {
        "director": date_cell(director_client.get(reverse("events:director")).content.decode(), "sessions"),
        "home": date_cell(director_client.get(reverse("events:home")).content.decode(), "sessions"),
        "member": date_cell(
            director_client.get(reverse("events:member_detail", args=[pair.player1_id])).content.decode(),
            "member-sessions",
        ),
    }
    assert {page: text.lower() for page, text in pages.items()} == dict.fromkeys(pages, date.lower())


@pytest.fixture
def demo_club(db):
    call_command("load_demo", stdout=io.StringIO())
    return Session.objects.filter(status=Session.Status.FINAL).order_by("date").first()


def test_ranking_numbers_and_bridge_terms_in_the_language(client, demo_club):
    url = reverse("events:session", args=[demo_club.pk])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    percentages = re.findall(r">\s*(\d{1,3}\.\d\d)\s*<", english)
    assert percentages, "the demo ranking shows percentages"
    for language, terms in {
        "es": ["Puntos de match", "Planillas", "Pareja", "Norte-Sur"],
        "ro": ["Puncte de meci", "Fișe de rezultate", "Perechea", "Nord-Sud"],
    }.items():
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for percentage in percentages:
            assert re.search(rf">\s*{percentage.replace('.', ',')}\s*<", html), (language, percentage)
        for term in terms:
            assert term in html, (language, term)
        assert "Matchpoints" not in html and "Travellers" not in html
        with translation.override(language):
            assert formats.date_format(demo_club.date, "DATE_FORMAT") in html


def test_teams_event_dates_in_the_language(client, demo_club):
    from teams.models import TeamEvent

    event = TeamEvent.objects.order_by("date").first()
    for language in ("es", "ro"):
        html = client.get(reverse("teams:events"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        with translation.override(language):
            assert formats.date_format(event.date, "DATE_FORMAT") in html
        assert {"es": "Clasificación", "ro": "Clasament"}[language] in client.get(
            reverse("teams:standings", args=[event.pk]), HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()


TRAVELLER_WORDS = {
    "es": ["Mano 1", "Contrato", "Decl.", "Bazas", "vulnerables", "Puntuación NS", "Cómo se puntuó esta mano"],
    "ro": ["Mâna 1", "Contract", "Decl.", "Levate", "vulnerabili", "Scor NS", "Cum a fost punctată această mână"],
}


def test_traveller_page_in_the_language(client, demo_club):
    section = demo_club.sections.first()
    url = reverse("events:board_traveller", args=[demo_club.pk, section.pk, 1])
    for language, words in TRAVELLER_WORDS.items():
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for word in words:
            assert word in html, (language, word)
