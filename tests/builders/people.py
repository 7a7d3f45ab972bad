"""A person in two clubs (issue 31, people across clubs): two clubs on a site serving many, and one login that is a
member of each (its own member record at each club), director at the first and club admin at the second."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User

from club.clubs import create_club
from club.models import Club, Member
from club.tenancy import club_scope
from tests.builders.accounts import director, made_club_admin


@dataclass
class TwoClubs:
    north: Club
    south: Club
    person: User  # director at north, club admin at south, a member (player) at both
    at_north: Member
    at_south: Member


def two_clubs(settings) -> TwoClubs:
    """North and south, and Pat: member N-7 at north (directs there), S-3 at south (administers there)."""
    settings.CLUBS = "many"
    north, south = create_club(short_name="north", name="North BC"), create_club(short_name="south", name="South BC")
    with club_scope(north.pk):
        person = director("pat", "Pat")
        at_north = Member.objects.create(first_name="Pat", last_name="Northern", number="N-7", user=person)
    with club_scope(south.pk):
        made_club_admin(person)
        at_south = Member.objects.create(first_name="Pat", last_name="Southern", number="S-3", user=person)
    return TwoClubs(north, south, person, at_north, at_south)


def at(club: Club, path: str) -> str:
    """A club page's address on a site serving many clubs."""
    return f"/c/{club.short_name}{path}"
