"""One page of a person's results from every club (issue 31): at the host's `/me/`, each club's part as that club's
own pages show it to this reader (its published sessions only; the other players named by their choices unless the
reader directs that club); the federation number shown and edited there."""

from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Person
from club.clubs import create_club
from club.models import Member
from club.privacy import Privacy
from club.roles import give_role
from club.tenancy import club_scope
from events.setup.services.setup import PlayersTyped, set_players
from tests.builders.accounts import director, directors_group, logged_in_client
from tests.builders.published import published_session
from tests.builders.sessions import club_night


def test_my_results_from_every_club_on_one_page_with_each_clubs_privacy(db, settings, django_assert_max_num_queries):
    settings.CLUBS = "many"
    north, south = create_club(short_name="north", name="North BC"), create_club(short_name="south", name="South BC")
    ria = director("ria", "Ria")  # the group: directs only where a club gives her the role
    for club, session_name in ((north, "North night"), (south, "South night")):
        with club_scope(club.pk):
            published = published_session()
            published.name = session_name
            published.save(update_fields=["name"])
            Member.objects.filter(first_name="First0").update(user=ria)  # Ria's record at each club
            Member.objects.filter(first_name="First1").update(privacy=Privacy.PAIR_NUMBER)  # her partner opted out
    with club_scope(north.pk):
        give_role(user=ria, group=directors_group())  # north's director reads north's real names
    with club_scope(south.pk):  # a south session in progress: hidden from its players, here too
        _, section = club_night(name="Unpublished night")
        pair = section.pairs.order_by("pk").first()
        set_players(typed=[PlayersTyped(pair, "First0 Last0", "First2 Last2")])
    client = logged_in_client(ria)
    client.get("/me/")  # the session's first read
    # the request's own (the host, the session, the login, its permissions), her clubs, her federation number: 7;
    # then 4 a club (her roles there, her summary, her newest sessions, their names), whatever she played
    with django_assert_max_num_queries(7 + 4 * 2):
        response = client.get("/me/")
    body = response.content.decode()
    assert response.status_code == 200
    north_part, south_part = body.split('id="club-north"')[1].split('id="club-south"')
    assert "North night" in north_part and "South night" in south_part
    assert "First1 Last1" in north_part  # her partner's real name where she directs
    assert "First1 Last1" not in south_part and "Private player" in south_part  # the partner's choice at south
    assert "Unpublished night" not in body
    assert 'href="/c/north/sessions/' in north_part and 'href="/c/south/sessions/' in south_part


def test_a_person_of_no_club_and_a_visitor(db, settings):
    settings.CLUBS = "many"
    response = logged_in_client(User.objects.create_user("nobody")).get("/me/")
    assert response.status_code == 200 and 'id="no-clubs"' in response.content.decode()
    visitor = Client().get("/me/")
    assert visitor.status_code == 302 and visitor.url.startswith("/accounts/login/?next=/me/")
    assert "Log in" in Client().get(visitor.url).content.decode()


def test_the_federation_number_is_checked_normalised_and_one_persons(db, settings):
    settings.CLUBS = "many"
    ria, sam = User.objects.create_user("ria", password="a-long-pass-1"), User.objects.create_user("sam")
    Person.objects.create(user=sam, federation_number="RO-1234")
    client = logged_in_client(ria)
    for typed, message in (
        ("12 34!", "1 to 20 letters and digits"),
        ("9" * 21, "at most 20 characters"),
        (" ro-1234 ", "Another person has this federation number"),
    ):
        response = client.post("/me/federation-number/", {"federation_number": typed})
        body = response.content.decode()
        assert response.status_code == 200 and message in body, typed
        assert f'value="{typed.strip()[:20]}' in body or f'value="{typed}' in body  # what was typed is kept
    assert not Person.objects.filter(user=ria).exists()  # nothing half-saved
    response = client.post("/me/federation-number/", {"federation_number": " ro.77-1 "})
    assert response.status_code == 302 and response.url == "/me/"
    assert Person.objects.get(user=ria).federation_number == "RO.77-1"
    assert "Federation number: RO.77-1." in client.get("/me/").content.decode()
    # a federation number logs in (a membership number is its own club's)
    assert Client().post("/accounts/login/", {"username": "ro.77-1", "password": "a-long-pass-1"}).status_code == 302
    client.post("/me/federation-number/", {"federation_number": ""})
    assert Person.objects.get(user=ria).federation_number is None  # cleared: no number, unique only where given
    assert Client().post("/me/federation-number/", {"federation_number": "X1"}).status_code == 302  # to log in
