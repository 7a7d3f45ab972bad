import datetime

import pytest
from django.urls import reverse

from events.models import Session
from tests.builders.hand_mitchell import build_hand_mitchell
from tests.builders.pages import rows_of
from tests.builders.sessions import big_session


@pytest.fixture
def sessions(db):
    day = datetime.date(2026, 11, 2)
    Session.objects.create(name="Monday pairs", date=day, status=Session.Status.FINAL)
    Session.objects.create(name="Tuesday pairs", date=day, status=Session.Status.PROVISIONAL)
    Session.objects.create(name="Secret night", date=day, status=Session.Status.IN_PROGRESS)


def test_home_lists_published_sessions_only(client, sessions):
    page = client.get(reverse("events:home")).content.decode()
    assert "Monday pairs" in page
    assert "Tuesday pairs" in page
    assert "Secret night" not in page


def test_home_survives_a_nonsense_page_number(client, sessions):
    response = client.get(reverse("events:home"), {"page": "banana"})
    assert response.status_code == 200
    assert "Monday pairs" in response.content.decode()


def test_home_says_so_when_nothing_is_published(client, db):
    assert "No results have been published yet." in client.get(reverse("events:home")).content.decode()


def test_published_queryset(sessions):
    assert sorted(Session.objects.published().values_list("name", flat=True)) == ["Monday pairs", "Tuesday pairs"]


def test_home_paginates_long_histories(client, db):
    Session.objects.bulk_create(
        Session(name=f"Night {i}", date=datetime.date(2026, 1, 1) + datetime.timedelta(days=i), status="final")
        for i in range(30)
    )
    first = client.get(reverse("events:home")).content.decode()
    second = client.get(reverse("events:home"), {"page": 2}).content.decode()
    assert "Night 29" in first and "Night 0<" not in first
    assert "Night 0<" in second and "Page 2 of 2" in second


# --- sessions with results: sections, tables, winners; filters; bounded queries --------------------


def test_home_shows_sections_tables_status_and_winners(client, db):
    build_hand_mitchell(name="Monday pairs", date=datetime.date(2026, 11, 2))
    rows = rows_of(client.get(reverse("events:home")), "sessions")
    date, session, sections, tables, winners = rows[0]
    assert session == "Monday pairs Final"
    assert (sections, tables) == ("A", "5")
    # North-South: 1NS with 65 %; East-West: 1EW (Florin Dumitru – Gloria Sánchez) with 21 of 40 = 52.5 %.
    assert winners.startswith("NS Ana García – Bogdan Popescu (65.00 %)")
    assert "EW " in winners


def test_home_links_each_session(client, db):
    session, _section = build_hand_mitchell()
    assert reverse("events:session", args=[session.pk]) in client.get(reverse("events:home")).content.decode()


def test_home_winners_of_several_sections_are_lettered(client, db):
    big_session(tables=3, sections=("A", "B"))
    winners = rows_of(client.get(reverse("events:home")), "sessions")[0][4]
    assert "A NS" in winners and "B EW" in winners


@pytest.fixture
def years_of_sessions(db):
    for year, month, day in ((2024, 3, 4), (2025, 10, 6), (2025, 11, 3), (2026, 11, 2)):
        Session.objects.create(name=f"Pairs {year}-{month:02d}", date=datetime.date(year, month, day), status="final")


def names(response):
    return [row[1].split()[0] + " " + row[1].split()[1] for row in rows_of(response, "sessions")]


def test_home_filters_by_year_and_month(client, years_of_sessions):
    assert names(client.get(reverse("events:home"), {"year": 2025})) == ["Pairs 2025-11", "Pairs 2025-10"]
    assert names(client.get(reverse("events:home"), {"year": 2025, "month": 10})) == ["Pairs 2025-10"]
    page = client.get(reverse("events:home"), {"year": 2024}).content.decode()
    assert '<option value="2024" selected>' in page
    assert client.get(reverse("events:home"), {"year": 2024, "month": 12}).content.decode().count("<tr") == 0
    assert (
        "No results were published in this period."
        in client.get(reverse("events:home"), {"year": 2024, "month": 12}).content.decode()
    )


@pytest.mark.parametrize(
    "query",
    [
        {"year": "banana"},
        {"year": "1999"},
        {"year": "-2025"},
        {"month": "10"},
        {"year": "2025x", "month": "10"},
        {"year": "", "month": ""},
    ],
)
def test_home_ignores_bad_filters(client, years_of_sessions, query):
    response = client.get(reverse("events:home"), query)
    assert response.status_code == 200
    assert len(rows_of(response, "sessions")) == 4


def test_home_ignores_a_bad_month(client, years_of_sessions):
    assert names(client.get(reverse("events:home"), {"year": 2025, "month": 13})) == ["Pairs 2025-11", "Pairs 2025-10"]


def test_home_pages_keep_the_filter(client, db):
    Session.objects.bulk_create(
        Session(name=f"Night {i}", date=datetime.date(2026, 1, 1) + datetime.timedelta(days=i), status="final")
        for i in range(30)
    )
    Session.objects.create(name="Old night", date=datetime.date(2025, 5, 5), status="final")
    page = client.get(reverse("events:home"), {"year": 2026}).content.decode()
    assert "?year=2026&amp;page=2" in page
    second = client.get(reverse("events:home"), {"year": 2026, "page": 2})
    assert "Old night" not in second.content.decode() and len(rows_of(second, "sessions")) == 10


@pytest.mark.slow  # many sessions entered line by line
def test_home_queries_do_not_grow_with_the_sessions(client, db, django_assert_max_num_queries):
    build_hand_mitchell(name="One")
    with django_assert_max_num_queries(6):
        assert client.get(reverse("events:home")).status_code == 200
    for day in range(3):
        build_hand_mitchell(name=f"Night {day}", date=datetime.date(2026, 10, 1 + day))
    big_session(tables=3, sections=("A", "B"))
    with django_assert_max_num_queries(6):
        response = client.get(reverse("events:home"), {"year": 2026})
    assert len(rows_of(response, "sessions")) == 5
