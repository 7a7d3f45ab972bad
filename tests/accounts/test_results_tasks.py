"""The results emails as a task: the director's click that publishes the session enqueues them when it commits
(`accounts.tasks.send_session_results`, run at once here: tests/accounts/conftest.py), each goes once however
often the task runs, and a mail server that fails is tried again with the task's retries."""

from django.core import mail
from django.urls import reverse
from django.utils import timezone

from accounts.models import ResultsEmail
from accounts.tasks import send_session_results
from club.models import Member
from events.models import Pair, Session
from tests.builders.published import published_session


def mailed_session() -> tuple[Session, list[Member]]:
    """The provisional session, played today, every player asking for results by email."""
    session = published_session()
    Session.objects.filter(pk=session.pk).update(date=timezone.localdate())
    players = list(Member.objects.filter(pk__in=Pair.objects.values("player1")).order_by("pk"))
    for number, member in enumerate(players):
        member.email, member.results_by_email = f"player{number}@example.org", True
        member.save()
    return session, players


def test_the_click_that_publishes_sends_each_player_one_email(director_client):
    session, players = mailed_session()
    mail.outbox = []
    response = director_client.post(reverse("events:session_status", args=[session.pk]), {"status": "final"})
    assert response.status_code == 302 and Session.objects.get(pk=session.pk).status == Session.Status.FINAL
    assert sorted(message.to[0] for message in mail.outbox) == sorted(member.email for member in players)
    assert send_session_results.enqueue(session.pk).return_value == 0  # run again: nothing more goes
    assert len(mail.outbox) == len(players) == ResultsEmail.objects.count() == 6


def test_a_session_taken_back_sends_nothing(director_client):
    session, _players = mailed_session()
    mail.outbox = []
    response = director_client.post(reverse("events:session_status", args=[session.pk]), {"status": "in_progress"})
    assert response.status_code == 302 and mail.outbox == [] and not ResultsEmail.objects.exists()


def test_a_mail_server_that_fails_twice_is_tried_again_and_each_email_goes_once(db, monkeypatch):
    session, players = mailed_session()
    from django.core.mail import send_mail as real_send_mail

    calls = []

    def flaky_send_mail(*args, **kwargs):
        calls.append(args[3])
        if len(calls) <= 2:
            raise OSError("the SMTP server is busy")
        return real_send_mail(*args, **kwargs)

    monkeypatch.setattr("accounts.mail.send_mail", flaky_send_mail)
    mail.outbox = []
    result = send_session_results.enqueue(session.pk)  # the first run fails two emails: retried at once here
    assert result.status == "FAILED" and "EmailsFailed" in result.errors[0].exception_class_path
    assert sorted(message.to[0] for message in mail.outbox) == sorted(member.email for member in players)
    assert ResultsEmail.objects.count() == 6 and len(calls) == 8  # 6 emails, 2 of them tried twice
