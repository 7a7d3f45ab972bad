"""A person's results from every club they play at, on one page (issue 31, people across clubs).

A person's login is a member of each club where they claimed (or linked) their member record (`Member.user`). Each
club's part is read in that club's scope, exactly as the club's own pages read it: only its published sessions
(a session in progress stays hidden, as on the club's pages), the other players named as that club's pages name them
for this reader (`club.privacy`: a partner shown by initials or pair number only stays so, unless the reader
directs or administers that club, where its pages show real names), and nothing of a member record the person
removed. Read from the host's page `/me/` (`accounts.views_people.my_clubs`)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.urls import get_resolver, get_script_prefix, reverse

from accounts.models import Person
from club.models import Club, Member
from club.privacy import may_see_names, real_names
from club.tenancy import all_clubs, club_scope
from events.results.selectors.member_summary import load_member_page

PER_CLUB = 10  # the newest sessions shown for each club (the club's own "My results" page lists them all)


@dataclass(frozen=True)
class ResultRow:
    date: datetime.date
    session: str
    session_url: str
    scorecard_url: str
    partner: str
    uses_imps: bool
    score: float
    percentage: float | None
    place: str
    field_size: int | None


@dataclass(frozen=True)
class ClubResults:
    club: Club
    name: str  # the person's name on that club's roster
    number: str  # their membership number there
    played: int
    average: float | None
    rows: list[ResultRow]
    address: str  # the club's pages on this site
    my_page: str  # the person's own page at that club


def federation_number_of(user) -> str:
    """The person's federation number ("" when none)."""
    return Person.objects.filter(user=user).values_list("federation_number", flat=True).first() or ""


def memberships(user) -> list[Member]:
    """The person's member records, one a club, their clubs read with them (one query)."""
    with all_clubs():
        found = Member.objects.filter(user=user, removed_on=None).select_related("club")
        return list(found.order_by("club__name", "club_id"))


def results_across_clubs(user, per_club: int = PER_CLUB) -> list[ClubResults]:
    """Each club's part, read in that club's scope with the names as that club shows them to `user`."""
    return [_club_results(user, member, per_club) for member in memberships(user)]


def _club_results(user, member: Member, per_club: int) -> ClubResults:
    base = f"{get_script_prefix()}c/{member.club.short_name}/"
    with club_scope(member.club_id), real_names(may_see_names(user)):
        history = load_member_page(member.pk, 1, per_club)
        rows = [_row(entry, base) for entry in history.page.object_list]
    return ClubResults(
        member.club,
        member.real_name,
        member.number or "",
        history.played,
        history.average,
        rows,
        base,
        base + _path("accounts:me"),
    )


def host_url(club: Club | None, name: str = "host_my_results") -> str:
    """A host page's address from a club's page: below the site's root when the club is served at `/c/SHORT_NAME/`,
    else (a club at its own host name) at SITE_URL."""
    path = get_resolver(settings.CLUB_HOST_URLCONF).reverse(name)
    prefix, tail = get_script_prefix(), f"c/{club.short_name}/" if club else ""
    if club and prefix.endswith(tail):
        return prefix[: -len(tail)] + path
    return f"{settings.SITE_URL.rstrip('/')}/{path}"


def _path(name: str, *args) -> str:
    """A club page's path below its club's prefix."""
    return reverse(name, args=args, urlconf=settings.ROOT_URLCONF)[len(get_script_prefix()) :]


def _row(entry, base: str) -> ResultRow:
    return ResultRow(
        entry.date,
        entry.name,
        base + _path("events:session", entry.session_id),
        base + _path("events:pair_scorecard", entry.session_id, entry.pair.id),
        entry.partner.name if entry.partner else "",
        entry.uses_imps,
        entry.score,
        entry.percentage,
        entry.place,
        entry.field_size,
    )
