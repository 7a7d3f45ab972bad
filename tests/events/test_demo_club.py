import io

from django.contrib.auth import authenticate
from django.core.management import call_command

from events.demo import DIRECTOR_PASSWORD, MEMBERS
from events.models import Member


def test_load_demo_twice_creates_everything_once(db):
    first, second = io.StringIO(), io.StringIO()
    call_command("load_demo", stdout=first)
    call_command("load_demo", stdout=second)
    assert Member.objects.count() == len(MEMBERS)
    assert DIRECTOR_PASSWORD in first.getvalue()
    director = authenticate(username="director", password=DIRECTOR_PASSWORD)
    assert director is not None and director.has_perm("events.direct_sessions")
