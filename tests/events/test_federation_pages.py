"""The host's federation pages (issue 31 item 4, events/federation): the clubs, the calendar, the search of results
across clubs and the season ladder, at the host's address of a site serving many clubs. Three small clubs; each page's
normal path, bad input, each club's privacy choices, no unpublished session, query counts flat in the number of
clubs. The ladder's rule is tested in test_federation_ladder.py."""

from __future__ import annotations

import datetime

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.models import Member
from club.privacy import Privacy
from club.tenancy import club_scope
from events.federation.services.ladder import refresh_ladders
from events.models import Session
from tests.builders.federation import many_clubs_site, members, session_of

NOVEMBER = datetime.date(2026, 11, 2)
PAGES = ("/clubs/", "/calendar/2026/11/", "/results/?player=garcia", "/ladder/?season=2026")


@pytest.fixture
def world(db, settings):
    """North: a final session (Ana García and Dan Smith first; Bea, shown by initials, and Carl, by pair number only)
    and a session in progress; South: a final session (Eve and Fay García first, two guests second); East: none."""
    settings.FEDERATION_LADDER = {"rule": "percentages", "best": 10, "minimum": 1, "season_start": 1}
    north, south, east = many_clubs_site(settings, "north", "south", "east")
    ana, dan = members(north, "Ana García", "Dan Smith")
    (bea,) = members(north, "Bea Initials", privacy=Privacy.INITIALS)
    (carl,) = members(north, "Carl Hidden", privacy=Privacy.PAIR_NUMBER)
    eve, fay = members(south, "Eve Stone", "Fay García")
    monday = session_of(north, "Monday pairs", NOVEMBER, [(ana, dan, 60, "1"), (bea, carl, 40, "2")])
    secret = session_of(
        north, "Secret pairs", NOVEMBER + datetime.timedelta(days=7), [(ana, dan, 70, "1")], status="in_progress"
    )
    tuesday = session_of(
        south,
        "Tuesday pairs",
        NOVEMBER + datetime.timedelta(days=1),
        [(eve, fay, 55, "1"), ("Gus Guest", "Hal Guest", 45, "2")],
    )
    return {"north": north, "south": south, "east": east, "monday": monday, "secret": secret, "tuesday": tuesday}


def more_clubs(settings, world, count: int) -> None:
    """`count` more clubs, each with a member and a published session (the pages' queries must not grow with them)."""
    for club in many_clubs_site(settings, *(f"extra{n}" for n in range(count))):
        (member,) = members(club, f"Extra García{club.pk}")
        session_of(club, "Extra pairs", NOVEMBER, [(member, "A Guest", 50, "1")])


def test_the_pages_are_the_hosts_only(world, client, settings):
    for path in PAGES:
        assert client.get(f"/c/north{path}").status_code == 404  # not at a club's address
    settings.CLUBS = "one"
    for path in PAGES:
        assert client.get(path).status_code == 404  # single-club mode: today's addresses, no host pages
    assert client.get("/").status_code == 200


def test_the_clubs_with_their_sessions(world, client):
    page = client.get("/clubs/").content.decode()
    assert page.index("East Bridge Club") < page.index("North Bridge Club") < page.index("South Bridge Club")
    assert 'href="/c/north/"' in page and 'href="/c/east/"' in page
    assert f'href="/c/north/sessions/{world["monday"].pk}/"' in page  # north's last session
    assert f'href="/c/south/sessions/{world["tuesday"].pk}/"' in page
    assert "Secret pairs" not in page  # in progress: its club's directors' alone
    rows = {row.split('">')[1].split("<")[0]: row for row in page.split('id="clubs"')[1].split("<tr>")[2:]}
    counts = {name: '<td class="text-end">1</td>' in row for name, row in rows.items() if "Bridge Club" in name}
    assert counts == {"East Bridge Club": False, "North Bridge Club": True, "South Bridge Club": True}
    assert client.get("/").content.decode().count('href="/clubs/"') == 1  # linked from the front page


def test_the_calendar_of_a_month(world, client):
    page = client.get("/calendar/2026/11/").content.decode()
    assert f'href="/c/north/sessions/{world["monday"].pk}/"' in page
    assert f'href="/c/south/sessions/{world["tuesday"].pk}/"' in page
    assert "Secret pairs" not in page
    assert page.index("Monday pairs") < page.index("Tuesday pairs")  # by day
    assert 'href="/calendar/2026/10/"' in page and 'href="/calendar/2026/12/"' in page
    south = client.get("/calendar/2026/11/?club=south").content.decode()
    assert "Tuesday pairs" in south and "Monday pairs" not in south
    assert 'href="/calendar/2026/12/?club=south"' in south  # the next month keeps the club
    assert "Monday pairs" not in client.get("/calendar/2026/12/").content.decode()
    assert client.get("/calendar/").status_code == 200  # this month


@pytest.mark.parametrize(
    "path", ["/calendar/2026/13/", "/calendar/2026/0/", "/calendar/99999999999999999999/1/", "/calendar/1899/12/"]
)
def test_no_such_month_is_a_clear_404(world, client, path):
    response = client.get(path)
    assert response.status_code == 404 and "There is no such month in the calendar." in response.content.decode()


def test_an_unknown_club_in_the_calendar_is_a_clear_404(world, client):
    for club in ("nope", "x" * 5000, "<script>"):
        response = client.get("/calendar/2026/11/", {"club": club})
        assert response.status_code == 404 and "There is no club with this short name." in response.content.decode()


def test_the_calendar_in_the_readers_language(world, client):
    page = client.get("/calendar/2026/11/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "noviembre" in page and 'lang="es"' in page
    refresh_ladders(today=NOVEMBER)
    ladder = client.get("/ladder/", {"season": 2026}, HTTP_ACCEPT_LANGUAGE="ro").content.decode()
    assert "Clasamentul sezonului" in ladder and "cel mult 10 dintre ele" in ladder and "decembrie 2026" in ladder


def test_a_player_found_across_clubs(world, client):
    page = client.get("/results/", {"player": "garcía"}).content.decode()
    assert "Ana García – Dan Smith" in page and "Eve Stone – Fay García" in page
    assert f'href="/c/north/sessions/{world["monday"].pk}/"' in page and "North Bridge Club" in page
    assert "60.00 %" in page and "1 / 2" in page
    assert page.index("Tuesday pairs") < page.index("Monday pairs")  # newest first
    assert "Secret pairs" not in page  # in progress
    guest = client.get("/results/", {"player": "GUS"}).content.decode()
    assert "Gus Guest – Hal Guest" in guest  # a guest, as the club's ranking names them


def test_the_search_respects_each_members_choice(world, client):
    for hidden in ("Initials", "Hidden", "Carl"):  # shown by initials, by pair number only: not found by their name
        page = client.get("/results/", {"player": hidden}).content.decode()
        assert "No published result matches." in page, hidden
    by_session = client.get("/results/", {"event": "monday"}).content.decode()
    assert "B. I. – Private player" in by_session  # their public form, as on the club's ranking
    assert "Bea" not in by_session and "Carl" not in by_session


def test_a_player_found_by_federation_number_where_people_have_one(world, client, django_user_model):
    person = apps.get_model("accounts", "Person")  # people across clubs (issue 31 item 3)
    with club_scope(world["north"].pk):
        ana, bea = (Member.objects.get(first_name=first) for first in ("Ana", "Bea"))
        for member, number in ((ana, "ES-42"), (bea, "ES-43")):
            member.user = django_user_model.objects.create_user(f"user-{number}", password="x-long-password-1")
            member.save()
            person.objects.update_or_create(user=member.user, defaults={"federation_number": number})
    assert "Ana García – Dan Smith" in client.get("/results/", {"player": "es-42"}).content.decode()
    hidden = client.get("/results/", {"player": "ES-43"}).content.decode()  # Bea is shown by her initials
    assert "No published result matches." in hidden


def test_the_search_shows_public_names_to_a_clubs_director_too(world, client, django_user_model):
    from tests.builders.accounts import director, logged_in_client

    staff = director("north-director", "Nora")
    page = logged_in_client(staff).get("/results/", {"event": "monday"}).content.decode()
    assert "B. I. – Private player" in page


def test_an_unpublished_session_is_found_by_no_search(world, client):
    page = client.get("/results/", {"event": "secret"}).content.decode()
    assert "No published result matches." in page and 'value="secret"' in page  # what was typed, kept


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"player": "a"}, "Type at least 2 letters."),
        ({"player": "x" * 61}, "Ensure this value has at most 60 characters"),
        ({"player": "", "event": "  "}, "Type a player’s name or a session’s name."),
        ({"player": "ana\x00"}, "Null characters are not allowed."),
    ],
)
def test_bad_search_input_is_a_400_that_keeps_what_was_typed(world, client, query, message):
    response = client.get("/results/", query)
    page = response.content.decode()
    assert response.status_code == 400 and message in page
    if query.get("player", "").isalpha():
        assert f'value="{query["player"]}"' in page


def test_the_search_form_alone_and_a_bounded_result(world, client, monkeypatch):
    assert 'id="result-search"' in client.get("/results/").content.decode()
    monkeypatch.setattr("events.federation.selectors.search.MAX_RESULTS", 1)
    page = client.get("/results/", {"player": "garcía"}).content.decode()  # two found, one listed
    assert "The newest 1 result is listed" in page and "Tuesday pairs" in page and "Monday pairs" not in page


def test_the_ladder_page(world, client):
    assert refresh_ladders(today=NOVEMBER) == 1
    page = client.get("/ladder/").content.decode()
    assert "average of their best percentages of the season’s matchpoint sessions, at most 10 of them" in page
    assert "who played at least 1 of these sessions" in page and "1 Jan 2026" in page and "31 Dec 2026" in page
    ranked = page.split('id="ladder"')[1]
    assert ranked.index("Ana García") < ranked.index("Eve Stone") < ranked.index("B. I.")
    assert ranked.count("Private player") == 1 and "Carl" not in ranked  # by pair number only: no name, no link
    with club_scope(world["north"].pk):
        ana = world["monday"].sections.get().pairs.get(number=1).player1_id
    assert f'href="/c/north/members/{ana}/"' in ranked
    assert "Guest" not in ranked  # guests are not ranked


def test_the_ladder_before_it_is_computed_and_bad_seasons(world, client):
    assert "The ladder is being computed" in client.get("/ladder/").content.decode()
    for season in ("abc", "1999", "99999999999999999999999", ""):
        response = client.get("/ladder/", {"season": season})
        assert response.status_code == 404 and "There is no ladder for this season." in response.content.decode()


@pytest.mark.parametrize("path", PAGES)
def test_query_counts_are_flat_in_the_number_of_clubs(world, client, settings, path, django_assert_max_num_queries):
    refresh_ladders(today=NOVEMBER)

    def counted() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path).status_code == 200
        return len(queries)

    few = counted()
    more_clubs(settings, world, 4)
    refresh_ladders(today=NOVEMBER)
    with django_assert_max_num_queries(4):
        assert counted() == few


def test_a_pages_sessions_are_read_at_every_club_and_no_other(world, client):
    # a session of another status of the same name at another club: found only where published
    session_of(
        world["east"], "Monday pairs", NOVEMBER, [("A Guest", "B Guest", 50, "1")], status=Session.Status.IN_PROGRESS
    )
    page = client.get("/calendar/2026/11/", {"club": "east"}).content.decode()
    assert "Monday pairs" not in page and "No results were published in this period." in page
