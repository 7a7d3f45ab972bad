"""A club in the middle of an evening (for backup tests), and every page and export of it, fetched.

`club_mid_session` builds, through the services and the phones' pages: the published club of
`tests.builders.published` (a provisional pairs session of members, a final teams event, rubber, a season), plus a
session in progress at the tables (some boards confirmed, one typed and waiting for its confirmation, its deals
stored, live results public). `every_page` fetches every public page and every export of every session, event
and rubber there is, as an anonymous visitor and as a director, by URL.
"""

from __future__ import annotations

import datetime
import re

from django.test import Client
from django.urls import reverse

from club.models import Member
from events.models import Session
from events.plans import section_plan
from events.setup.services.setup import PlayersTyped, set_players
from events.tables.services.table_entry import set_live_results
from rubber.models import Scorepad, Season
from teams.models import TeamEvent
from tests.builders.hands import dealt
from tests.builders.published import played_event, published_session
from tests.builders.rubber import play, start
from tests.builders.sessions import club_night
from tests.builders.table_entry import confirm_post, ew, open_tables, save_post, typed_for

CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"|"csrfToken": ?"[^"]*"')


def session_in_progress() -> Session:
    """Tuesday's 3-table Mitchell at the tables: the first round confirmed, the second round's first board typed
    and not confirmed; deals stored and analysed; live results public."""
    session, section = club_night(name="Tuesday at the tables", date=datetime.date(2026, 12, 1))
    members = [Member.objects.create(first_name=f"Tues{n}", last_name=f"Player{n}") for n in range(12)]
    pairs = list(section.pairs.order_by("direction", "number"))
    set_players(
        typed=[PlayersTyped(pair, str(members[2 * i]), str(members[2 * i + 1])) for i, pair in enumerate(pairs)]
    )
    dealt(session)
    paths = open_tables(session)
    set_live_results(session=session, on=True)
    phone = Client()
    schedule = section_plan(section).schedule
    for play_ in [play_ for play_ in schedule if play_.round == 1]:
        assert phone.post(paths[str(play_.table)], save_post(play_, *typed_for(play_))).status_code == 302
        assert Client().post(ew(paths[str(play_.table)]), confirm_post(play_)).status_code == 302
    waiting = next(play_ for play_ in schedule if play_.round == 2)
    assert phone.post(paths[str(waiting.table)], save_post(waiting, *typed_for(waiting))).status_code == 302
    return session


def club_mid_session(player_user) -> None:
    published_session()
    played_event()
    rubber_members = [Member.objects.create(first_name=name, last_name="Pad") for name in ("Ana", "Eva", "Sara", "Ola")]
    play(start(player_user, rubber_members), [("We", "4S", 10, None), ("We", "4H", 10, None)])
    Season.objects.create(name="Autumn 2026", starts=datetime.date(2026, 9, 1), ends=datetime.date(2026, 12, 31))
    session_in_progress()


def _session_urls(session: Session) -> list[str]:
    urls = [
        reverse(name, args=[session.pk])
        for name in ("events:session", "events:ranking_csv", "events:live_results", "events:live_ranking")
    ]
    urls += [reverse(name, args=[session.pk]) for name in ("events:hands_pbn", "events:hand_sheet")]
    urls += [reverse(name, args=[session.pk]) for name in ("events:travellers_export", "events:usebio_export")]
    for section in session.sections.all():
        for board in section.boards.all():
            for name in ("events:board_traveller", "events:traveller_csv"):
                urls.append(reverse(name, args=[session.pk, section.pk, board.number]))
            urls.append(reverse("events:board_deal", args=[session.pk, board.number]))
        urls += [reverse("events:pair_scorecard", args=[session.pk, pair.pk]) for pair in section.pairs.all()]
    return urls


def _teams_urls(event: TeamEvent) -> list[str]:
    urls = [reverse(name, args=[event.pk]) for name in ("teams:standings", "teams:cross_table")]
    rounds = sorted(set(event.matches.values_list("round", flat=True)))
    urls += [reverse("teams:round", args=[event.pk, round_]) for round_ in rounds]
    urls += [reverse("teams:team", args=[team.pk]) for team in event.teams.all()]
    for match in event.matches.all():
        urls += [reverse(name, args=[match.pk]) for name in ("teams:scorecard", "teams:match_export")]
        boards = match.board_numbers(event.boards_per_match)
        urls += [reverse("teams:match_board", args=[match.pk, number]) for number in boards]
    return urls


def every_url() -> list[str]:
    """Every page and export of the club: of each session, teams event, rubber, season and member."""
    urls = [reverse("events:home"), reverse("club:members"), reverse("teams:events"), reverse("rubber:index")]
    urls += [reverse("events:home") + f"?year={year.year}" for year in Session.objects.dates("date", "year")]
    for session in Session.objects.order_by("pk"):
        urls += _session_urls(session)
    for event in TeamEvent.objects.order_by("pk"):
        urls += _teams_urls(event)
    for pad in Scorepad.objects.order_by("pk"):
        urls += [reverse("rubber:pad", args=[pad.pk]), reverse("rubber:evening", args=[pad.played_on.isoformat()])]
    urls += [reverse("rubber:season", args=[season.pk]) for season in Season.objects.order_by("pk")]
    members = Member.objects.order_by("pk").values_list("pk", flat=True)
    urls += [reverse("events:member_detail", args=[pk]) for pk in members]
    return urls


def every_page(director_user) -> dict[tuple[str, str], tuple[int, bytes]]:
    """(who, url) → (status, body) of every URL, for an anonymous visitor and for a director (the forms' CSRF
    tokens, different on every page made, blanked)."""
    director = Client()
    director.force_login(director_user)
    clients = {"anonymous": Client(), "director": director}
    pages = {}
    for url in every_url():
        for who, client in clients.items():
            response = client.get(url)
            body = b"".join(response) if response.streaming else response.content
            pages[who, url] = (response.status_code, CSRF.sub(b"csrf", body))
    return pages
