"""The background tasks every app shares (see `club.background`): the double-dummy analysis of the pending
deals, an email, and the pruning of the database backend's finished tasks."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.mail import send_mail
from django.utils import timezone
from django_tasks import task
from django_tasks_db.models import DBTaskResult

from club.background import retried_task
from club.hand_analysis import analyse_pending

# Deals analysed (and stored, their pages moved on) at a time: the hands page shows a session's analysis arrive a
# third of a 36-board session at a time ("Analysing: 12 of 36"); DDS still spreads each batch over the cores.
TASK_BATCH = 12


@retried_task
def analyse_pending_hands() -> int:
    """Every pending deal analysed (claimed batch by batch: runs at once share the work, none twice); enqueued
    when deals are stored, and every minute (`PERIODIC_TASKS`) for what a worker that died left."""
    return analyse_pending(batch=TASK_BATCH)


@retried_task
def send_email(subject: str, body: str, to: list[str]) -> int:
    """One email, rendered by the request that asked for it (`accounts.mail.send`)."""
    return send_mail(subject, body, None, to)


@task
def prune_task_results() -> int:
    """The database backend's finished tasks older than `TASK_RESULTS_DAYS` deleted (daily)."""
    if settings.TASKS["default"]["BACKEND"] != "django_tasks_db.DatabaseBackend":
        return 0
    since = timezone.now() - datetime.timedelta(days=settings.TASK_RESULTS_DAYS)
    deleted, _ = DBTaskResult.objects.finished().filter(finished_at__lt=since).delete()
    return deleted
