"""The results emails: after each publication of a session (provisional, final, final again after a correction),
each of its players who asked for them (`Member.results_by_email`, off by default) receives one email in their
language: the ranking of their field, their place and percentage, their scorecard and links to the pages.

Sent by the task `accounts.tasks.send_session_results`, which a publication enqueues when it commits (the
`events.checks.services.publication` hook), never by a request; `manage.py send_results` sends what is left of the last
days' publications. The names in the email are the public
pages' (`club.privacy`: an email is not a director's page).
"""

from __future__ import annotations

import datetime
import logging

from django.db import IntegrityError, transaction
from django.utils import timezone, translation

from accounts.mail import language_of, send_now, site_url
from accounts.models import ResultsEmail
from club.models import Member
from events.models import Session
from events.results.selectors.scorecard import load_scorecard
from events.standings.selectors.ranking import SessionResults, rank_sessions

logger = logging.getLogger(__name__)

PUBLISHED = (Session.Status.PROVISIONAL, Session.Status.FINAL)


def publication(session: Session) -> str:
    """What makes one publication: the status, and for results published again after a correction its date."""
    corrected = session.corrected_at.isoformat() if session.corrected_at else ""
    return f"{session.status}:{corrected}"


def sessions_to_send(days: int) -> list[Session]:
    """Published sessions played in the last `days` days (older ones are never mailed)."""
    since = timezone.localdate() - datetime.timedelta(days=days)
    return list(Session.objects.filter(status__in=PUBLISHED, date__gte=since).order_by("date", "pk"))


def recipients(results: SessionResults) -> dict[int, Member]:
    """The session's members who asked for results by email and have an address, by id."""
    member_ids = {member_id for pair in results.pairs.values() for member_id in pair.member_ids}
    wanted = Member.objects.filter(pk__in=member_ids, results_by_email=True, removed_on=None).exclude(email="")
    return {member.pk: member for member in wanted}


def _claim(session: Session, member: Member, key: str) -> bool:
    """Writes the email's row (committed at once): False when another run wrote it first."""
    try:
        with transaction.atomic():
            ResultsEmail.objects.create(session=session, member=member, publication=key)
    except IntegrityError:
        return False
    return True


def email_context(session: Session, results: SessionResults, member: Member) -> dict | None:
    """What the member's email shows (None when the member's pair is not in any ranking)."""
    pair = next((pair for pair in results.pairs.values() if member.pk in pair.member_ids), None)
    if pair is None:
        return None
    field, standing = results.standing_of(pair.id)
    if field is None:
        return None
    return {
        "session": session,
        "member": member,
        "field": field,
        "standing": standing,
        "card": load_scorecard(results, pair),
        "ranking_link": site_url("events:session", session.pk),
        "scorecard_link": site_url("events:pair_scorecard", session.pk, pair.id),
        "final": session.status == Session.Status.FINAL,
    }


class EmailsFailed(Exception):
    """Some of a publication's emails could not be sent (their rows deleted: the next run tries them again)."""


def send_session(session: Session, *, raise_failures: bool = False) -> int:
    """Sends this publication's emails not sent yet; returns how many went (`raise_failures`: raises
    `EmailsFailed` after the others went, if any could not be sent)."""
    key, sent, failed = publication(session), 0, 0
    rankings: dict[str, SessionResults] = {}
    with translation.override(None):
        members = recipients(rank_sessions([session.pk])[session.pk])
    already = set(ResultsEmail.objects.filter(session=session, publication=key).values_list("member_id", flat=True))
    for member in (member for pk, member in members.items() if pk not in already):
        language = language_of(member)
        if language not in rankings:
            with translation.override(language):  # "Private player" and the like in the reader's language
                rankings[language] = rank_sessions([session.pk])[session.pk]
        context = email_context(session, rankings[language], member)
        if context is None or not _claim(session, member, key):
            continue
        try:
            send_now("results", member.email, context, language)
        except Exception:
            ResultsEmail.objects.filter(session=session, member=member, publication=key).delete()  # next run retries
            logger.exception("The results email to member %s could not be sent.", member.pk)
            failed += 1
            continue
        sent += 1
    if failed and raise_failures:
        raise EmailsFailed(f"{failed} of {failed + sent} results emails of session {session.pk} not sent")
    return sent


def send_results(days: int = 7) -> int:
    return sum(send_session(session) for session in sessions_to_send(days))
