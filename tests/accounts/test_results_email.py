"""The results emails: one per player who asked, per publication, in the player's language, with the ranking, the
place, the percentage and the scorecard; the names as the public pages give them; never twice, even when two runs
of send_results meet."""

import pytest
from django.core import mail
from django.core.management import call_command
from django.db.models import Q
from django.utils import timezone

from accounts.models import ResultsEmail
from accounts.results_mail import send_results
from club.models import Member
from club.privacy import Privacy
from events.checks.services.corrections import reopen_session
from events.checks.services.fixes import set_status
from events.models import Pair, Session, TravellerLine
from tests.builders.concurrency import run_at_once
from tests.builders.published import published_session


def first_pair_members(session: Session) -> tuple[Member, Member]:
    pair = Pair.objects.filter(section__session=session, player1__isnull=False).order_by("direction", "number").first()
    return pair.player1, pair.player2


@pytest.fixture
def session(db) -> Session:
    """The published session, played today; its first pair's first player asked for results by email."""
    session = published_session()
    Session.objects.filter(pk=session.pk).update(date=timezone.localdate())
    session.refresh_from_db()
    player, _partner = first_pair_members(session)
    player.email, player.results_by_email = "first0@example.org", True
    player.save()
    return session


def test_the_player_gets_the_ranking_their_place_and_their_scorecard(session):
    player, partner = first_pair_members(session)
    assert send_results() == 1
    [message] = mail.outbox
    assert message.to == ["first0@example.org"]
    assert message.subject == f"Provisional results: Club night, {session.date:%d/%m/%Y}"
    body = message.body
    pair = Pair.objects.get(player1=player)
    assert f"Pair {pair.label} finished {pair.place} of" in body and " %." in body
    assert "Ranking" in body and partner.real_name in body
    played = TravellerLine.objects.filter(Q(ns_pair=pair) | Q(ew_pair=pair)).values_list("board__number", flat=True)
    assert "Your scorecard" in body and len(played) == 6  # the pair met every board of the night
    assert all(f"Board {number}: " in body for number in played)
    assert f"https://results.example.org/sessions/{session.pk}/" in body
    assert f"https://results.example.org/sessions/{session.pk}/pairs/{pair.pk}/" in body


def test_nobody_else_gets_one(session):
    send_results()
    assert [message.to for message in mail.outbox] == [["first0@example.org"]]  # the others did not ask


def test_the_email_is_in_the_players_language(session):
    player, _partner = first_pair_members(session)
    player.language = "es"
    player.save()
    send_results()
    [message] = mail.outbox
    assert message.subject.startswith("Resultados provisionales: Club night")
    assert "Su hoja de puntuación" in message.body


def test_a_hidden_name_stays_hidden_in_the_email(session):
    _player, partner = first_pair_members(session)
    partner.privacy = Privacy.INITIALS
    partner.save()
    send_results()
    body = mail.outbox[0].body
    assert partner.real_name not in body and f"{partner.first_name[0]}. {partner.last_name[0]}." in body


def test_one_email_per_publication(session):
    assert send_results() == 1
    assert send_results() == 0  # the same publication
    set_status(session=session, status=Session.Status.FINAL)
    assert send_results() == 1  # final results are a new publication
    assert mail.outbox[-1].subject.startswith("Final results")
    reopen_session(session=session, reason="Board 3 scored the wrong way round")
    session.refresh_from_db()
    assert send_results() == 0  # reopened: not published
    set_status(session=session, status=Session.Status.FINAL)
    assert send_results() == 1  # published again after a correction
    assert send_results() == 0
    assert len(mail.outbox) == 3 and ResultsEmail.objects.count() == 3


def test_old_and_unpublished_sessions_are_not_mailed(session):
    Session.objects.filter(pk=session.pk).update(date=timezone.localdate() - timezone.timedelta(days=30))
    assert send_results(days=7) == 0
    Session.objects.filter(pk=session.pk).update(date=timezone.localdate(), status=Session.Status.IN_PROGRESS)
    assert send_results() == 0
    assert mail.outbox == []


def test_a_failed_send_is_tried_again_next_run(session, monkeypatch):
    def broken(*args, **kwargs):
        raise OSError("the SMTP server is down")

    monkeypatch.setattr("accounts.mail.send_mail", broken)
    assert send_results() == 0 and ResultsEmail.objects.count() == 0
    monkeypatch.undo()
    assert send_results() == 1


def test_the_command_says_how_many_went(session, capsys):
    call_command("send_results", "--days", "3")
    assert "1 results emails sent." in capsys.readouterr().out


@pytest.mark.django_db(transaction=True)
def test_two_runs_at_once_send_once(database, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    session = published_session()
    Session.objects.filter(pk=session.pk).update(date=timezone.localdate())
    players = Member.objects.filter(pk__in=Pair.objects.values("player1")).order_by("pk")
    for number, member in enumerate(players):
        member.email, member.results_by_email = f"player{number}@example.org", True
        member.save()
    mail.outbox = []
    counts, errors = run_at_once([send_results, send_results, send_results], database)
    assert errors == []
    assert sum(counts) == len(players) == len(mail.outbox) == 6
    assert sorted(message.to[0] for message in mail.outbox) == sorted(member.email for member in players)
