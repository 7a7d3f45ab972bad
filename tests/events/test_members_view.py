import pytest
from django.urls import reverse

from events.models import Member


@pytest.fixture
def members(db):
    Member.objects.create(first_name="Ana", last_name="García", number="1001")
    Member.objects.create(first_name="Old", last_name="Timer", number="1002", active=False)


def test_members_page_lists_active_members(client, members):
    page = client.get(reverse("members")).content.decode()
    assert "Ana García" in page
    assert "Old Timer" not in page


def test_members_page_ignores_a_bad_sort_column(client, members):
    response = client.get(reverse("members"), {"sort": "no_such_column"})
    assert response.status_code == 200
    assert "Ana García" in response.content.decode()
