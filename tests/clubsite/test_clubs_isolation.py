"""Isolation by construction (issue 31): on a site serving many clubs, every URL that names a record by its id,
asked at another club's address by that club's director, club admin, player and a visitor with the ids of this
club's records, is not found. The URLs come from the URL conf (`site_forms.patterns`) with one of every record
(`site_forms.build_world`), so that a new one cannot be forgotten. One request per URL and role, the clubs built
once; run on SQLite and PostgreSQL (it touches the database)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.test import Client

from club.clubs import create_club
from club.models import Member
from club.tenancy import club_scope
from events.models import Session
from events.tables.services.table_entry import set_live_results
from teams.models import Match, RoomCorrectionRequest
from tests.builders.accounts import director, logged_in_client, made_club_admin
from tests.builders.hands import dealt
from tests.builders.site_forms import build_world, patterns, url_of

# A URL's id arguments (a record's primary key); the other arguments (a board's number, a table, a section's
# letter, a table's secret, a day, a password reset's token) name no record by its id.
MISSING = 2_000_000_000  # an id no club has


def is_id(argument: str) -> bool:
    return argument.endswith("id") or argument.endswith("pk")


def id_urls(world: dict[str, object]) -> dict[str, tuple[str, str]]:
    """{name: (its path with the world's ids, the same path with ids no club has)} of every pattern with an id."""
    missing = {key: MISSING if is_id(key.rsplit(":", 1)[-1]) else value for key, value in world.items()}
    found = {}
    for name, arguments in patterns():
        if any(is_id(argument) for argument in arguments):
            path, nobody = url_of(name, arguments, world), url_of(name, arguments, missing)
            assert path is not None, f"{name}: build_world gives no record for its arguments"
            found[name] = (path, nobody)
    return found


def reach_every_id(world: dict[str, object]) -> dict[str, object]:
    """The world, with what the pages that `build_world` leaves unreached need: the hand-worked session's deals, the
    table session's live ranking shown and its section's QR codes, a teams room's correction request."""
    session = Session.objects.get(pk=world["session_id"])
    dealt(session, analysed=False)
    tables = Session.objects.get(pk=world["events:table:session_id"])
    set_live_results(session=tables, on=True)
    match = Match.objects.get(pk=world["match_id"])
    request = RoomCorrectionRequest.objects.create(match=match, room=1, board=1)
    return {
        **world,
        "events:live_ranking:session_id": tables.pk,
        "events:table_qr:session_id": tables.pk,
        "events:table_qr:section_id": tables.sections.get().pk,
        "teams:request_id": request.pk,
    }


def people_of(club) -> dict[str, Client]:
    """A director, a club admin and a player of `club` (each a member of it with a login), and a visitor."""
    with club_scope(club.pk):
        staff = director(f"director-{club.short_name}", "Dee")
        admin = made_club_admin(User.objects.create_user(f"admin-{club.short_name}", password="x-long-password-1"))
        player = User.objects.create_user(f"player-{club.short_name}", password="x-long-password-2")
        for number, user in enumerate((staff, admin, player), start=9001):
            Member.objects.create(number=str(number), first_name="Other", last_name=f"Club {number}", user=user)
    roles = {"director": staff, "admin": admin, "player": player}
    return {**{role: logged_in_client(user) for role, user in roles.items()}, "visitor": Client()}


def at(club, path: str) -> str:
    return f"/c/{club.short_name}{path}"


def ask(client: Client, path: str):
    """GET, or POST for an action that takes only POST (the messages of the answer before left behind)."""
    client.cookies.pop("messages", None)
    response = client.get(path)
    return client.post(path) if response.status_code == 405 else response


def test_another_clubs_people_never_reach_a_clubs_records(db, settings):
    settings.CLUBS = "many"
    north, south = create_club(short_name="north", name="North"), create_club(short_name="south", name="South")
    with club_scope(north.pk):
        owner = made_club_admin(director("owner", "Olga"))
        Member.objects.create(number="1", first_name="Olga", last_name="Owner", user=owner)
        world = reach_every_id(build_world(owner))
    urls = id_urls(world)
    assert len(urls) > 60  # sessions, sections, pairs, lines, events, matches, rubbers, members ...
    # The ids are this club's real records: its own director reaches each URL at the club's address.
    home = logged_in_client(owner)
    unreached = [name for name, (path, _) in urls.items() if ask(home, at(north, path)).status_code == 404]
    assert unreached == [], unreached
    leaks = []
    for role, client in people_of(south).items():
        for name, (path, nobody) in urls.items():
            response = ask(client, at(south, path))
            if response.status_code != 404 and not refused_alike(client, response, at(south, nobody)):
                leaks.append(f"{role} {name} {path}: {response.status_code}")
    assert leaks == [], leaks


def refused_alike(client: Client, response, nobody: str) -> bool:
    """A gate answered before the record was read (a visitor sent to log in, a player refused a director's page, an
    old link gone), or an action's "no such record" message: the same answer as for an id no club has, so that it
    tells nothing of the record and changed nothing."""
    if response.status_code not in (302, 403, 410):
        return False
    other = ask(client, nobody)
    return answer(other) == answer(response)


def answer(response) -> tuple:
    """A response's status, where it sends the reader (its query aside: a login's `next` names the page) and the
    messages it left."""
    where = response.get("Location", "").split("?")[0]
    return response.status_code, where, [str(message) for message in get_messages(response.wsgi_request)]
