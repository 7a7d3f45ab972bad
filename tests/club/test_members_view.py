import pytest
from django.urls import reverse

from club.models import Member


@pytest.fixture
def members(db):
    Member.objects.create(first_name="Ana", last_name="García", number="1001")
    Member.objects.create(first_name="Old", last_name="Timer", number="1002", active=False)


def test_members_page_lists_active_members(client, members):
    page = client.get(reverse("club:members")).content.decode()
    assert "Ana García" in page
    assert "Old Timer" not in page


def test_members_page_ignores_a_bad_sort_column(client, members):
    response = client.get(reverse("club:members"), {"sort": "no_such_column"})
    assert response.status_code == 200
    assert "Ana García" in response.content.decode()


def test_member_names_link_to_their_pages(client, members):
    ana = Member.objects.get(first_name="Ana")
    page = client.get(reverse("club:members")).content.decode()
    assert f'<a href="{reverse("events:member_detail", args=[ana.pk])}">Ana García</a>' in page


def test_members_page_queries_do_not_grow_with_the_club(client, db, django_assert_max_num_queries):
    Member.objects.bulk_create(Member(first_name=f"Player{i}", last_name="Smith") for i in range(120))
    with django_assert_max_num_queries(2):  # the count and one page
        assert client.get(reverse("club:members")).status_code == 200


def test_members_page_is_paginated(client, db):
    Member.objects.bulk_create(Member(first_name=f"Player{i:03d}", last_name="Smith") for i in range(60))
    first = client.get(reverse("club:members")).content.decode()
    second = client.get(reverse("club:members"), {"page": 2}).content.decode()
    assert "Player000 Smith" in first and "Player059 Smith" not in first
    assert "Player059 Smith" in second


@pytest.mark.parametrize(
    "query",
    [
        {"per_page": "-1"},
        {"per_page": "0"},
        {"per_page": "99999999999999999999"},
        {"per_page": "²"},
        {"per_page": "1e3"},
        {"page": "-1"},
        {"page": "0"},
        {"page": "99999999999999999999"},
        {"page": "²"},
        {"page": "-1", "per_page": "-1"},
    ],
)
def test_members_page_answers_silly_paging_with_the_default(client, db, query):
    Member.objects.bulk_create(Member(first_name=f"Player{i:03d}", last_name="Smith") for i in range(60))
    response = client.get(reverse("club:members"), query)
    assert response.status_code == 200
    page = response.content.decode()
    if query.get("page") == "99999999999999999999":  # past the end: the last page, of the default size
        assert page.count("Smith</a>") == 10 and "Player059 Smith" in page
    else:  # anything else: the first page, of the default size
        assert page.count("Smith</a>") == 50 and "Player000 Smith" in page
