"""Names sort as a reader expects, accents and case aside (Sánchez before Stan), on SQLite and PostgreSQL: the
roster, its CSV and the public members list."""

import pytest
from django.urls import reverse

from club.collation import name_order
from club.models import Member


@pytest.fixture
def members(db):
    for number, first, last in [
        ("1", "Horia", "Stan"),
        ("2", "Gloria", "Sánchez"),
        ("3", "Ana", "sanz"),
        ("4", "Élodie", "Ábalos"),
        ("5", "Zoe", "Barbu"),
    ]:
        Member.objects.create(number=number, first_name=first, last_name=last)


def test_name_order_ignores_accents_and_case(members):
    names = list(name_order(Member.objects.all()).values_list("last_name", flat=True))
    assert names == ["Ábalos", "Barbu", "Sánchez", "sanz", "Stan"]


def test_the_roster_and_the_members_list_sort_sanchez_before_stan(members, admin_client):
    roster = admin_client.get(reverse("roster:roster")).content.decode()
    assert roster.index("Sánchez") < roster.index("Stan") and roster.index("Ábalos") < roster.index("Barbu")
    public = admin_client.get(reverse("club:members")).content.decode()
    assert public.index("Sánchez") < public.index("Stan")
    exported = admin_client.get(reverse("roster:roster_export")).content.decode()
    assert exported.index("Sánchez") < exported.index("Stan")
