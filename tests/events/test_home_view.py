import datetime

import pytest
from django.urls import reverse

from events.models import Session


@pytest.fixture
def sessions(db):
    day = datetime.date(2026, 11, 2)
    Session.objects.create(name="Monday pairs", date=day, status=Session.Status.FINAL)
    Session.objects.create(name="Tuesday pairs", date=day, status=Session.Status.PROVISIONAL)
    Session.objects.create(name="Secret night", date=day, status=Session.Status.IN_PROGRESS)


def test_home_lists_published_sessions_only(client, sessions):
    page = client.get(reverse("home")).content.decode()
    assert "Monday pairs" in page
    assert "Tuesday pairs" in page
    assert "Secret night" not in page


def test_home_survives_a_nonsense_page_number(client, sessions):
    response = client.get(reverse("home"), {"page": "banana"})
    assert response.status_code == 200
    assert "Monday pairs" in response.content.decode()


def test_home_says_so_when_nothing_is_published(client, db):
    assert "No results have been published yet." in client.get(reverse("home")).content.decode()


def test_published_queryset(sessions):
    assert sorted(Session.objects.published().values_list("name", flat=True)) == ["Monday pairs", "Tuesday pairs"]


def test_home_paginates_long_histories(client, db):
    Session.objects.bulk_create(
        Session(name=f"Night {i}", date=datetime.date(2026, 1, 1) + datetime.timedelta(days=i), status="final")
        for i in range(30)
    )
    first = client.get(reverse("home")).content.decode()
    second = client.get(reverse("home"), {"page": 2}).content.decode()
    assert "Night 29" in first and "Night 0<" not in first
    assert "Night 0<" in second and "Page 2 of 2" in second
