"""The member page: every published session played, partners, best results and the chart.

Ana García plays the hand-worked Mitchell of tests/builders/hand_mitchell.py three times, in three seats:
1NS with Bogdan Popescu (65 %, 1st), 3NS with Carmen López (46.25 %, =3rd) and 2NS with a guest
(45 %, 5th), plus once in a session still in progress, which must not show.
"""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation

from club.models import Member
from events.models import Session
from tests.builders.hand_mitchell import build_hand_mitchell, members_of_club
from tests.builders.pages import Tables
from tests.builders.pages import rows_of as table_rows

NOV = [datetime.date(2026, 11, day) for day in (2, 9, 16, 23)]


@pytest.fixture
def ana_history(db):
    build_hand_mitchell(name="Monday pairs", date=NOV[0])
    build_hand_mitchell(name="Second Monday", date=NOV[1], players={"3NS": ("Ana", "García", "Carmen", "López")})
    build_hand_mitchell(name="Third Monday", date=NOV[2], players={"2NS": ("Ana", "García", None, "Visiting Vera")})
    build_hand_mitchell(
        name="Tonight",
        date=NOV[3],
        status=Session.Status.IN_PROGRESS,
        players={"4NS": ("Ana", "García", "Dan", "Ionescu")},
    )
    return members_of_club()["Ana"]


def member_url(member, **query):
    return reverse("events:member_detail", args=[member.pk]) + (
        "?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else ""
    )


def rows_of(response, table_id):
    """The table's rows as a desktop shows them: the session's cell without the date a phone shows above the name
    (the date has its own column from 576 px)."""
    return [[re.sub(r"^\d\d/\d\d/\d{4}", "", cell) for cell in row] for row in table_rows(response, table_id)]


def test_every_published_session_with_partner_percentage_place_and_field(client, ana_history):
    response = client.get(member_url(ana_history))
    rows = rows_of(response, "member-sessions")
    # Date, session · pair, partner, percentage, place, pairs in the field (newest first).
    assert [row[1:] for row in rows] == [
        ["Third Monday · 2NS", "Visiting Vera", "45.00 %", "5", "5"],
        ["Second Monday · 3NS", "Carmen López", "46.25 %", "=3", "5"],
        ["Monday pairs · 1NS", "Bogdan Popescu", "65.00 %", "1", "5"],
    ]
    page = response.content.decode()
    assert "Tonight" not in page
    summary = " ".join(re.search(r'id="member-summary">(.*?)</p>', page, re.S).group(1).split())
    # (65 + 46.25 + 45) / 3 = 52.083 %
    assert summary == "3 sessions played since 2 Nov 2026. Average 52.08 % at matchpoints."


def test_partners_and_sessions_are_links(client, ana_history):
    page = client.get(member_url(ana_history)).content.decode()
    carmen = Member.objects.get(first_name="Carmen")
    assert f'<a href="{reverse("events:member_detail", args=[carmen.pk])}">Carmen López</a>' in page
    assert "Visiting Vera</a>" not in page
    session = Session.objects.get(name="Second Monday")
    assert reverse("events:session", args=[session.pk]) in page
    pair = session.sections.get().pairs.get(number=3, direction="NS")
    assert reverse("events:pair_scorecard", args=[session.pk, pair.pk]) in page


def test_best_partners_and_best_results(client, ana_history):
    response = client.get(member_url(ana_history))
    # Nobody partnered Ana three times: every partner is listed, best average first.
    assert rows_of(response, "best-partners") == [
        ["Bogdan Popescu", "1", "65.00", "65.00"],
        ["Carmen López", "1", "46.25", "46.25"],
        ["Visiting Vera", "1", "45.00", "45.00"],
    ]
    best = rows_of(response, "best-results")
    assert [(row[1], row[2], row[3]) for row in best] == [
        ("Monday pairs", "65.00", "1 of 5"),
        ("Second Monday", "46.25", "=3 of 5"),
        ("Third Monday", "45.00", "5 of 5"),
    ]


def test_regular_partners_come_first(client, ana_history):
    for week in range(3):
        build_hand_mitchell(
            name=f"Later {week}",
            date=datetime.date(2026, 12, 1 + week),
            players={"5NS": ("Ana", "García", "Elena", "Martín")},
        )
    partners = rows_of(client.get(member_url(ana_history)), "best-partners")
    # Elena partnered Ana three times (49.375 % each); the one-off partners no longer show.
    assert partners == [["Elena Martín", "3", "49.38", "49.38"]]


def test_chart_is_inline_svg_with_a_point_per_session(client, ana_history):
    page = client.get(member_url(ana_history)).content.decode()
    svg = re.search(r'<svg [^>]*id="percentage-chart".*?</svg>', page, re.S).group(0)
    assert svg.count("<circle") == 3
    assert 'class="average"' in svg and "50 %" in svg
    assert "<script" not in page.split('id="percentage-chart"')[1].split("</svg>")[0]
    # Coordinates are written with a dot whatever the language.
    client.cookies["django_language"] = "es"
    with translation.override("en"):  # the request switches this thread to Spanish: switch it back after
        spanish = client.get(member_url(ana_history)).content.decode()
    assert '<html lang="es">' in spanish
    points = re.search(r'<polyline points="([^"]+)" class="average"', spanish).group(1)
    assert re.fullmatch(r"[0-9.]+,[0-9.]+( [0-9.]+,[0-9.]+)*", points)


def test_an_imp_session_shows_imps(client, ana_history):
    build_hand_mitchell(
        name="Butler night", date=NOV[2], scoring="butler", players={"1NS": ("Ana", "García", "Bogdan", "Popescu")}
    )
    rows = rows_of(client.get(member_url(ana_history)), "member-sessions")
    butler = next(row for row in rows if row[1].startswith("Butler night"))
    # 1NS Butler: 2 + 7 + 2 ... IMPs; what matters here is the unit.
    assert butler[3].endswith("IMPs")


def test_a_member_without_results(client, db):
    member = Member.objects.create(first_name="New", last_name="Comer")
    response = client.get(member_url(member))
    assert response.status_code == 200
    assert "No published results for this member yet." in response.content.decode()


def test_unknown_member_and_bad_page_numbers(client, ana_history):
    assert client.get(reverse("events:member_detail", args=[99999])).status_code == 404
    for page in ("banana", "0", "999", "-1"):
        response = client.get(member_url(ana_history, page=page))
        assert response.status_code == 200
        assert len(rows_of(response, "member-sessions")) == 3


def test_long_histories_are_paginated(client, db, monkeypatch):
    # Pages of 3 sessions (25 on the site): the same paging with a page and a bit of hand-worked sessions, not 27.
    monkeypatch.setattr("events.results.views.results.MEMBER_SESSIONS_PER_PAGE", 3)
    per_page = 3
    for day in range(per_page + 2):
        build_hand_mitchell(
            name=f"Night {day}",
            date=datetime.date(2026, 1, 1) + datetime.timedelta(days=day),
            players={"1NS": ("Ana", "García", "Bogdan", "Popescu")},
        )
    ana = Member.objects.get(first_name="Ana")
    first = client.get(member_url(ana))
    assert len(rows_of(first, "member-sessions")) == per_page
    second = client.get(member_url(ana, page=2))
    assert [row[4] for row in rows_of(second, "member-sessions")] == ["1", "1"]
    assert "Page 2 of 2" in second.content.decode()
    svg = re.search(r"<svg .*?</svg>", first.content.decode(), re.S).group(0)
    assert svg.count("<circle") == per_page + 2  # the chart has every session, not one page


def test_the_logged_in_member_sees_it_is_them(player_client, ana_history, player_user):
    ana_history.user = player_user
    ana_history.save()
    assert "badge text-bg-info" in player_client.get(member_url(ana_history)).content.decode()


@pytest.mark.slow  # eight hand-worked sessions
def test_member_page_queries_do_not_grow_with_the_history(client, player_client, db, django_assert_max_num_queries):
    build_hand_mitchell(name="Only one", date=NOV[0])
    ana = Member.objects.get(first_name="Ana")
    # The member, the pairs with their standings, the partners' names, the sessions against par (the figure), the
    # member's teams events (none here).
    with django_assert_max_num_queries(5):
        assert client.get(member_url(ana)).status_code == 200
    for day in range(6):
        build_hand_mitchell(
            name=f"More {day}",
            date=datetime.date(2026, 10, 1 + day),
            players={"2NS": ("Ana", "García", "Carmen", "López")},
        )
    build_hand_mitchell(name="Butler", date=NOV[1], scoring="butler")
    with django_assert_max_num_queries(5):
        response = client.get(member_url(ana))
    assert len(Tables(response.content.decode()).tables["member-sessions"]) == 8
    # Logged in: the session, the user and the user's permissions (for the navigation bar) on top, and whether the
    # page is the reader's own (the page cache: a member's own page is made for them).
    with django_assert_max_num_queries(10):
        assert player_client.get(member_url(ana)).status_code == 200


def test_chart_of_a_long_history_draws_a_line_with_year_ticks():
    from events.results.selectors.member_history import MemberSession, chart
    from events.setup.selectors.pairs_and_sections import PairInfo

    pair = PairInfo(1, 1, 1, "NS", ())
    start = datetime.date(2020, 3, 2)
    entries = [
        MemberSession(
            day,
            f"Night {day}",
            start + datetime.timedelta(days=7 * day),
            "final",
            "A",
            pair,
            None,
            False,
            percentage=40 + day % 25,
        )
        for day in range(200)
    ]
    drawn = chart(entries)
    assert not drawn.dots and len(drawn.points) == 200
    assert [tick.date.year for tick in drawn.ticks] == [2020, 2021, 2022, 2023]
    # 40 % to 64 %: gridlines every 10 % from 40 to 70, 50 % among them.
    assert [value for _y, value in drawn.gridlines] == [40, 50, 60, 70]
    assert drawn.points[0].x == drawn.left and drawn.points[-1].x == drawn.plot_right
    assert all(drawn.top <= point.y <= drawn.plot_bottom for point in drawn.points)
    # The moving average of the last 10 sessions has a point per session.
    assert len(drawn.average_path.split()) == 200


def test_member_page_lists_the_members_teams_events(client, db, django_assert_max_num_queries):
    from club.demo import load_demo
    from teams.demo import load_teams_demo
    from teams.models import TeamPlayer

    load_demo()
    load_teams_demo()
    player = TeamPlayer.objects.filter(member__isnull=False).select_related("team__event", "member").first()
    # At most the newest 10 teams events are listed, each with its standings (a few queries each).
    with django_assert_max_num_queries(10 + 10 * 6):
        page = client.get(reverse("events:member_detail", args=[player.member_id])).content.decode()
    assert 'id="member-teams"' in page
    assert player.team.event.name in page and player.team.name in page


def test_the_members_teams_events_cost_the_same_queries_however_many(client, db, django_assert_max_num_queries):
    from club.demo import load_demo
    from teams.demo import load_teams_demo
    from teams.models import TeamPlayer

    load_demo()
    load_teams_demo()
    member_id = TeamPlayer.objects.filter(member__isnull=False).values_list("member_id", flat=True).first()
    assert TeamPlayer.objects.filter(member_id=member_id).values("team__event").distinct().count() == 2
    # The member, the pairs history, the sessions against par, then the teams events: their players, teams,
    # matches, adjustments.
    with django_assert_max_num_queries(8):
        client.get(reverse("events:member_detail", args=[member_id]))
