"""The host's search of results across clubs (issue 31 item 4): the pairs of every club's published sessions, found by
a player's name (or federation number, where the site's people have one) and/or the session's name, newest first, at
most `MAX_RESULTS` (one query).

Each club's privacy choices hold here as on its own pages, for every reader (a club's director reads real names at
their club, not across clubs): a member is found by name only when they chose to be shown by name (not by initials,
not by pair number only) and was not removed; every name is written in its public form (`club.privacy`, "A. G.",
"Private player"); a session in progress is in no result. Guests are found by the name the director typed, shown on
the club's ranking too. Letters are matched in any case (accents as typed: SQLite and PostgreSQL differ there)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Q

from club.privacy import Privacy, real_names, shown_name
from club.tenancy import all_clubs
from events.federation.selectors.clubs import club_url
from events.models import Pair, Session

MAX_RESULTS = 500  # the newest results a search lists; a narrower search finds older ones
MAX_WORDS = 6
PLAYERS = ("player1", "player2")


def _words(text: str) -> list[str]:
    return text.split()[:MAX_WORDS]


# A member's federation number: their person's (accounts.Person, through the member's login), named by its path
# (events sits below accounts and imports nothing of it).
FEDERATION_NUMBER = "user__person__federation_number"


def _player_found(words: list[str]) -> Q:
    """A pair one of whose players has every word in their names or, typed alone, their federation number (a member
    shown by name), or every word in their typed name (a guest)."""
    number = FEDERATION_NUMBER if len(words) == 1 else None
    found = Q()
    for player in PLAYERS:
        named = Q()
        guest = ~Q(**{f"{player}_guest": ""})
        for word in words:
            named &= Q(**{f"{player}__first_name__icontains": word}) | Q(**{f"{player}__last_name__icontains": word})
            guest &= Q(**{f"{player}_guest__icontains": word})
        if number:
            named |= Q(**{f"{player}__{number}__iexact": words[0]})
        found |= Q(named, **{f"{player}__privacy": Privacy.NAME, f"{player}__removed_on": None}) | guest
    return found


COLUMNS = (
    "pk",
    "number",
    "direction",
    "score",
    "maximum",
    "boards",
    "place",
    "field_size",
    "section__session_id",
    "section__session__name",
    "section__session__date",
    "section__session__scoring",
    "section__session__club__short_name",
    "section__session__club__name",
    *(f"{player}{field}" for player in PLAYERS for field in ("_guest", "__first_name", "__last_name", "__privacy")),
    *(f"{player}__removed_on" for player in PLAYERS),
)


@dataclass(frozen=True)
class FoundResult:
    session_id: int
    session_name: str
    date: datetime.date
    club_short_name: str
    club_name: str
    pair_id: int
    pair_label: str
    names: str
    place: str
    field_size: int
    percentage: float | None  # matchpoints
    imps: float | None  # an IMP session's total (or average per board)

    @property
    def session_url(self) -> str:
        return club_url(self.club_short_name, "events:session", self.session_id)

    @property
    def scorecard_url(self) -> str:
        return club_url(self.club_short_name, "events:pair_scorecard", self.session_id, self.pair_id)


def _name(row: dict, player: str) -> str:
    if row[f"{player}__first_name"] is None:  # no member: a guest, or nobody
        return row[f"{player}_guest"]
    removed = row[f"{player}__removed_on"] is not None
    first, last, privacy = row[f"{player}__first_name"], row[f"{player}__last_name"], row[f"{player}__privacy"]
    return shown_name(first, last, privacy, removed)


def _found(row: dict) -> FoundResult:
    matchpoints = row["section__session__scoring"] == Session.Scoring.MATCHPOINTS
    percentage = 100 * row["score"] / row["maximum"] if matchpoints and row["maximum"] else None
    return FoundResult(
        session_id=row["section__session_id"],
        session_name=row["section__session__name"],
        date=row["section__session__date"],
        club_short_name=row["section__session__club__short_name"],
        club_name=row["section__session__club__name"],
        pair_id=row["pk"],
        pair_label=f"{row['number']}{row['direction']}",
        names=" – ".join(name for name in (_name(row, player) for player in PLAYERS) if name),
        place=row["place"],
        field_size=row["field_size"],
        percentage=percentage,
        imps=None if matchpoints or not row["boards"] else row["score"],
    )


def search_results(*, player: str = "", event: str = "") -> tuple[list[FoundResult], bool]:
    """The results found (newest first, at most MAX_RESULTS) and whether there were more. One query."""
    with all_clubs():  # a club-owned query is narrowed (here: to every club) as it is built and run
        pairs = Pair.objects.filter(section__session__status__in=[Session.Status.PROVISIONAL, Session.Status.FINAL])
        if player.strip():
            pairs = pairs.filter(_player_found(_words(player)))
        for word in _words(event):
            pairs = pairs.filter(section__session__name__icontains=word)
        pairs = pairs.order_by(
            "-section__session__date", "-section__session_id", "section__letter", "-score", "direction", "number"
        )
        rows = list(pairs.values(*COLUMNS)[: MAX_RESULTS + 1])
    with real_names(False):  # the public form of every name, whoever reads
        found = [_found(row) for row in rows[:MAX_RESULTS]]
    return found, len(rows) > MAX_RESULTS
