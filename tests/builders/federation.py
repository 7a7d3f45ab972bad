"""Small clubs for the host's federation pages (issue 31 item 4): a site serving many clubs, each with a few sessions
whose pairs carry their stored standings (written here as the standings service would store them: the pages and the
ladder read only those)."""

from __future__ import annotations

import datetime

from club.clubs import create_club
from club.models import Club, Member
from club.tenancy import club_scope
from events.models import Pair, Section, Session

FINAL = Session.Status.FINAL


def many_clubs_site(settings, *short_names: str) -> list[Club]:
    settings.CLUBS = "many"
    return [create_club(short_name=short, name=f"{short.title()} Bridge Club") for short in short_names]


def members(club: Club, *names: str, **fields) -> list[Member]:
    """Members of `club` named "First Last"."""
    with club_scope(club.pk):
        return [
            Member.objects.create(first_name=name.split()[0], last_name=name.split()[1], **fields) for name in names
        ]


def session_of(
    club: Club,
    name: str,
    date: datetime.date,
    standings: list[tuple],
    status: str = FINAL,
    scoring: str = Session.Scoring.MATCHPOINTS,
) -> Session:
    """A session of `club` with one section whose pairs stand as `standings` says: each (player 1, player 2, score of
    100, place), a player a Member or a guest's name; a field of as many pairs."""
    with club_scope(club.pk):
        session = Session.objects.create(name=name, date=date, status=status, scoring=scoring)
        section = Section.objects.create(session=session, letter="A", kind="none", tables=len(standings))
        for number, (first, second, score, place) in enumerate(standings, start=1):
            players = {}
            for slot, player in (("player1", first), ("player2", second)):
                players[slot if isinstance(player, Member) else f"{slot}_guest"] = player
            Pair.objects.create(
                section=section,
                number=number,
                score=score,
                maximum=100,
                boards=10,
                place=place,
                field_size=len(standings),
                **players,
            )
    return session
