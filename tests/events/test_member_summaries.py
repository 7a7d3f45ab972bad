"""The member page from each member's stored summary (events.models.MemberSummary) and one page of sessions: the same
HTML as the page computed from the whole history (the way it was made before the summaries), in English and Spanish,
with partners, best results, the percentage chart (dots and a line) and the figure against par; the same queries
and the same number of sessions built however long the history; a member without a summary yet; the command."""

import datetime
import io
import random

import pytest
from django.core.management import call_command
from django.core.paginator import Paginator
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

import events.results.selectors.member_summary as member_summary
from club.models import Member
from events.models import MemberSummary, Pair, Section, Session
from events.results.selectors.member_history import load_history
from events.results.selectors.member_par import load_par_chart
from events.standings.services.member_summaries import refresh_member_summaries
from tests.builders.hand_mitchell import build_hand_mitchell, members_of_club
from tests.builders.hands import dealt

NOV = [datetime.date(2026, 11, day) for day in (2, 9, 16, 23, 30)]


def computed_the_old_way(member_id, page_number, per_page):
    """The page's data as the view made it before the summaries: every session built, then one page shown."""
    history = load_history(member_id)
    history.page = Paginator(history.sessions, per_page).get_page(page_number)
    history.par_chart = load_par_chart(member_id)
    return history


def page(client, member, language="en", number=None):
    with translation.override(language):
        url = reverse("events:member_detail", args=[member.pk]) + (f"?page={number}" if number else "")
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture(autouse=True)
def made_every_time(settings):
    """Pages made for each request, never read back from the page cache (which would give the first page twice)."""
    settings.PAGE_CACHE_SECONDS = 0


def both_ways(client, monkeypatch, member, **request):
    """(the page from the summary, the page computed from the whole history)."""
    stored = page(client, member, **request)
    with monkeypatch.context() as patched:
        patched.setattr("events.results.views.results.load_member_page", computed_the_old_way)
        old = page(client, member, **request)
    return stored, old


@pytest.fixture
def club(db):
    """Ana's history: a regular partner (Bogdan, three times), Carmen once, a guest, a Butler session, deals analysed
    on two sessions (the figure against par), a session in progress (not counted)."""
    for day, name in zip(NOV[:3], ("Monday pairs", "Second Monday", "Third Monday"), strict=True):
        session = build_hand_mitchell(name=name, date=day)[0]
    dealt(session)
    dealt(
        build_hand_mitchell(name="With Carmen", date=NOV[3], players={"3NS": ("Ana", "García", "Carmen", "López")})[0]
    )
    build_hand_mitchell(name="With a guest", date=NOV[3], players={"2NS": ("Ana", "García", None, "Visiting Vera")})
    build_hand_mitchell(
        name="Butler", date=NOV[4], scoring="butler", players={"4NS": ("Ana", "García", "Dan", "Ionescu")}
    )
    build_hand_mitchell(name="Tonight", date=NOV[4], status=Session.Status.IN_PROGRESS)
    return members_of_club()


@pytest.mark.slow  # seven hand-worked sessions
def test_the_page_from_the_summary_is_the_page_from_the_whole_history(client, club, monkeypatch):
    assert MemberSummary.objects.filter(member=club["Ana"], played=6).exists()
    for name in ("Ana", "Bogdan", "Carmen", "Dan"):
        for language in ("en", "es"):
            stored, old = both_ways(client, monkeypatch, club[name], language=language)
            assert stored == old, (name, language)
    stored, _old = both_ways(client, monkeypatch, club["Ana"])
    for part in (
        'id="best-partners"',
        'id="best-results"',
        'id="percentage-chart"',
        'id="par-figure"',
        "Visiting Vera",
    ):
        assert part in stored  # every part compared is on the page
    monkeypatch.setattr("events.results.views.results.MEMBER_SESSIONS_PER_PAGE", 4)
    for number in (1, 2, 3, "x"):
        stored, old = both_ways(client, monkeypatch, club["Ana"], number=number)
        assert stored == old, number
    assert "Page 2 of 2" in both_ways(client, monkeypatch, club["Ana"], number=2)[0]


@pytest.mark.slow
def test_a_member_without_a_summary_yet_gets_the_same_page(client, club, monkeypatch):
    """Before `refresh_member_summaries` has run: the summary is computed from the whole history, nothing stored."""
    stored = page(client, club["Ana"], language="es")
    MemberSummary.objects.all().delete()
    Pair.objects.update(par_boards=0, par_total=0)  # nor the pairs' figures against par
    assert page(client, club["Ana"], language="es") == stored
    assert not MemberSummary.objects.exists()
    out = io.StringIO()
    call_command("refresh_member_summaries", stdout=out)
    assert "Summaries written: " in out.getvalue()
    assert MemberSummary.objects.get(member=club["Ana"]).played == 6
    assert page(client, club["Ana"], language="es") == stored


# --- long histories, made directly (standings as stored by the services) ------------------------------------------


def quick_history(member: Member, partners: list[Member], count: int, seed: int = 1) -> None:
    """`count` final matchpoint sessions of one pair each (the member and a partner in turn), their standings
    stored, then the member's summary written as the services write it."""
    rng = random.Random(seed)
    start = datetime.date(2020, 1, 6)
    for n in range(count):
        session = Session.objects.create(
            name=f"Night {member.pk}-{n}", date=start + datetime.timedelta(days=7 * n), status=Session.Status.FINAL
        )
        section = Section.objects.create(session=session, tables=6, boards_per_round=4)
        Pair.objects.create(
            section=section,
            number=1 + n % 6,
            direction="NS",
            player1=member,
            player2=partners[n % len(partners)],
            score=rng.randint(50, 200) / 2,
            maximum=240,
            boards=24,
            place=str(1 + n % 6),
            field_size=6,
        )
    refresh_member_summaries(member_ids=[member.pk, *(partner.pk for partner in partners)])


@pytest.fixture
def histories(db):
    """Members with 5, 30 and 70 sessions (the last drawn as a line, not dots)."""
    people = [Member.objects.create(first_name=f"Player{n}", last_name="Long") for n in range(7)]
    quick_history(people[0], people[3:5], 5)
    quick_history(people[1], people[3:6], 30, seed=2)
    quick_history(people[2], people[4:7], 70, seed=3)
    return people[:3]


def test_the_same_queries_and_sessions_built_however_long_the_history(client, histories, monkeypatch):
    built = []
    real = member_summary.member_session

    def counted(*args):
        built.append(args[0].id)
        return real(*args)

    monkeypatch.setattr(member_summary, "member_session", counted)
    costs = []
    for member in histories:
        built.clear()
        with CaptureQueriesContext(connection) as queries:
            page(client, member)
        costs.append((len(queries), len(built)))
    # The member, the summary, the page of sessions, the names on it, the teams events: five, for each.
    assert costs == [(5, 5), (5, 25), (5, 25)]


def test_long_histories_from_the_summary_are_the_pages_from_the_whole_history(client, histories, monkeypatch):
    long = histories[2]
    stored, old = both_ways(client, monkeypatch, long)
    assert stored == old
    assert 'class="sessions"' in stored and "<circle" not in stored  # seventy sessions: drawn as a line
    for number in (2, 3, 4):
        stored, old = both_ways(client, monkeypatch, long, language="es", number=number)
        assert stored == old, number
    assert MemberSummary.objects.get(member=long).played == 70
