"""Upgrade without loss (issue 31): a single-club database (the demo club) taken back to before the clubs
(club.0006 and the apps' `club` columns unapplied) and migrated again becomes one club, every page and export the
same bytes as before."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse

from club.models import Club, Member
from events.models import Session
from rubber.models import Scorepad
from teams.models import Match, TeamEvent
from tests.builders.accounts import logged_in_client

pytestmark = pytest.mark.slow  # the demo club, and the migrations run back and forth

BEFORE_CLUBS = "0005_periodic_runs"  # club's last migration before the clubs


def addresses() -> tuple[list[str], list[str]]:
    """(the public pages, the staff's downloads) of every session, teams event and match of the club."""
    pages = [reverse("events:home"), reverse("club:members"), reverse("teams:events"), reverse("rubber:index")]
    downloads = [reverse("roster:roster_export")]
    for session in Session.objects.order_by("pk"):
        pages.append(reverse("events:session", args=[session.pk]))
        section = session.sections.order_by("letter").first()
        pages.append(reverse("events:board_traveller", args=[session.pk, section.pk, 1]))
        for name in ("ranking_csv", "travellers_export", "usebio_export"):
            downloads.append(reverse(f"events:{name}", args=[session.pk]))
    pages += [reverse("teams:standings", args=[event]) for event in TeamEvent.objects.values_list("pk", flat=True)]
    for match in Match.objects.order_by("pk").values_list("pk", flat=True):
        pages.append(reverse("teams:scorecard", args=[match]))
        downloads.append(reverse("teams:match_export", args=[match]))
    pages += [reverse("rubber:pad", args=[pad]) for pad in Scorepad.objects.values_list("pk", flat=True)]
    pages += [reverse("events:member_detail", args=[member]) for member in Member.objects.values_list("pk", flat=True)]
    return pages, downloads


def made(pages: list[str], downloads: list[str], staff: Client) -> dict[str, bytes]:
    found = {}
    for who, client, paths in (("visitor", Client(), pages), ("staff", staff, downloads)):
        for path in paths:
            response = client.get(path)
            assert response.status_code == 200, (who, path, response.status_code)
            found[f"{who} {path}"] = b"".join(response) if response.streaming else response.content
    return found


def club_columns() -> int:
    with connection.cursor() as cursor:
        return sum(
            "club_id" in {column.name for column in connection.introspection.get_table_description(cursor, table)}
            for table in ("events_member", "events_session", "teams_teamevent", "rubber_scorepad")
        )


def gather_statistics() -> None:
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def statistics_tables() -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT tbl FROM sqlite_stat1")
        return {row[0] for row in cursor.fetchall()}


@pytest.mark.django_db(transaction=True)
def test_a_single_club_database_becomes_one_club_with_every_page_and_export_unchanged(settings):
    settings.PAGE_CACHE_SECONDS = 0
    call_command("load_demo", stdout=io.StringIO())
    # A superuser: the roles' groups may be a flushed database's, made again without their permissions.
    staff = logged_in_client(User.objects.create_superuser("upgrader", password="x-long-password-3"))
    pages, downloads = addresses()
    before = made(pages, downloads, staff)
    assert len(pages) > 10 and len(downloads) > 5

    call_command("migrate", "club", BEFORE_CLUBS, verbosity=0)
    assert club_columns() == 0  # the database as an installation before the clubs had it
    gather_statistics()  # an installation whose planner kept statistics (as the bench club's)
    call_command("migrate", verbosity=0)

    assert club_columns() == 4
    if connection.vendor == "sqlite":  # the tables SQLite remade for their club column keep their statistics
        assert {"events_session", "events_member", "teams_teamevent"} <= statistics_tables()
    club = Club.objects.get()
    for model in (Member, Session, TeamEvent):  # the demo club has no rubber sheets
        assert set(model.objects.values_list("club", flat=True)) == {club.pk}
    assert made(pages, downloads, staff) == before
