"""The demo club that `make run` loads: members and a director account, then each app's part (registered
in `club.registry`: the events app's finished sessions, then the teams app's events).

Every step is idempotent, so loading it twice changes nothing.
"""

from django.contrib.auth.models import Group, User
from django.db import transaction

from club.models import Member
from club.registry import demo_loaders

DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "demo-director-2026"

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


def demo_members() -> list[Member]:
    """The demo members, created the first time, in the order of `MEMBERS`."""
    return [
        Member.objects.get_or_create(number=number, defaults={"first_name": first, "last_name": last})[0]
        for number, first, last in MEMBERS
    ]


@transaction.atomic
def load_demo() -> dict:
    """Creates (or finds) the demo members, the director and every app's part; returns what a newcomer needs
    to know (the counts each app reports, e.g. `sessions`, and the director's login)."""
    demo_members()
    director, created = User.objects.get_or_create(
        username=DIRECTOR_USERNAME, defaults={"first_name": "Demo", "last_name": "Director"}
    )
    if created:
        director.set_password(DIRECTOR_PASSWORD)
        director.save()
    director.groups.add(Group.objects.get(name="Directors"))
    info: dict = {}
    for loader in demo_loaders():
        info.update(loader(director))
    return {
        **info,
        "members": Member.objects.count(),
        "director_username": DIRECTOR_USERNAME,
        "director_password": DIRECTOR_PASSWORD,
    }
