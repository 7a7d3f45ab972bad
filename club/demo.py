"""The demo club that `make run` loads: members (each with an email, delivered to the console in development),
a login for each role (a director, a club admin and a player who is member 1001), then each app's part
(registered in `club.registry`: the events app's finished sessions, then the teams app's events).

Every step is idempotent, so loading it twice changes nothing.
"""

import unicodedata

from django.contrib.auth.models import Group, User
from django.db import transaction

from club.models import Member
from club.registry import demo_loaders
from club.roles import give_role

DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "demo-director-2026"
# Every role's login: (role, username, password, first name, last name, group).
LOGINS = [
    ("director", DIRECTOR_USERNAME, DIRECTOR_PASSWORD, "Demo", "Director", "Directors"),
    ("club admin", "clubadmin", "demo-admin-2026", "Demo", "Admin", "Club admins"),
    ("player", "ana", "demo-player-2026", "Ana", "García", None),
]
PLAYER_NUMBER = "1001"  # the player's login is this member's (Ana García)

MEMBERS = [
    ("1001", "Ana", "García"),
    ("1002", "Bogdan", "Popescu"),
    ("1003", "Carmen", "López"),
    ("1004", "Dan", "Ionescu"),
    ("1005", "Elena", "Martín"),
    ("1006", "Florin", "Dumitru"),
    ("1007", "Gloria", "Sánchez"),
    ("1008", "Horia", "Stan"),
    ("1009", "Irene", "Navarro"),
    ("1010", "Julian", "Moore"),
    ("1011", "Katherine", "Wells"),
    ("1012", "Luis", "Romero"),
    ("1013", "Maria", "Constantin"),
    ("1014", "Nigel", "Parker"),
    ("1015", "Olga", "Ruiz"),
    ("1016", "Petru", "Munteanu"),
    ("1017", "Rosa", "Delgado"),
    ("1018", "Sorin", "Radu"),
    ("1019", "Teresa", "Molina"),
    ("1020", "Tudor", "Vasilescu"),
    ("1021", "Ursula", "Gray"),
    ("1022", "Victor", "Ortega"),
    ("1023", "Wendy", "Hall"),
    ("1024", "Xavier", "Prieto"),
    ("1025", "Yvonne", "Marsh"),
    ("1026", "Zoe", "Barbu"),
    ("1027", "Adrian", "Neagu"),
    ("1028", "Beatriz", "Vidal"),
]


def demo_email(first: str, last: str) -> str:
    """A demo member's address: ana.garcia@example.org (accents dropped; example.org reaches nobody)."""
    plain = unicodedata.normalize("NFKD", f"{first}.{last}").encode("ascii", "ignore").decode()
    return f"{plain.lower()}@example.org"


def demo_members() -> list[Member]:
    """The demo members, created the first time, in the order of `MEMBERS`; each has an email (one the club
    has since cleared or changed is left as it is)."""
    members = []
    for number, first, last in MEMBERS:
        member, created = Member.objects.get_or_create(
            number=number, defaults={"first_name": first, "last_name": last, "email": demo_email(first, last)}
        )
        if not created and not member.email and member.user_id is None and member.removed_on is None:
            Member.objects.filter(pk=member.pk).update(email=demo_email(first, last))
        members.append(member)
    return members


def demo_logins() -> dict[str, User]:
    """Each role's demo login, created the first time (its password set then only); the player's is member
    1001's login, with the member's email."""
    users = {}
    for role, username, password, first, last, group in LOGINS:
        user, created = User.objects.get_or_create(username=username, defaults={"first_name": first, "last_name": last})
        if created:
            user.set_password(password)
            user.save()
        if group:
            # The groups come from a migration (get_or_create: a flushed test database has none).
            give_role(user=user, group=Group.objects.get_or_create(name=group)[0])  # at the demo's club
        users[role] = user
    player = users["player"]
    member = Member.objects.get(number=PLAYER_NUMBER)
    if member.user_id is None and not Member.objects.filter(user=player).exists():
        member.user = player
        member.save(update_fields=["user"])
        User.objects.filter(pk=player.pk, email="").update(email=member.email)
    return users


@transaction.atomic
def load_demo() -> dict:
    """Creates (or finds) the demo members, the director and every app's part; returns what a newcomer needs
    to know (the counts each app reports, e.g. `sessions`, and the director's login)."""
    demo_members()
    director = demo_logins()["director"]
    info: dict = {}
    for loader in demo_loaders():
        info.update(loader(director))
    return {
        **info,
        "members": Member.objects.count(),
        "director_username": DIRECTOR_USERNAME,
        "director_password": DIRECTOR_PASSWORD,
        "logins": [(role, username, password) for role, username, password, *_rest in LOGINS],
    }
