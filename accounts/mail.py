"""Emails in the member's language, from templates: a subject line and a plain-text body.

`send` renders the email in the request and enqueues its sending (the task `club.tasks.send_email`, retried with a
growing delay) when the request's writes commit: no page waits for the mail server, and a write that rolls back
sends nothing. `deliver` sends at once (the results emails, already in a task)."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from club.background import enqueue_on_commit
from club.models import Member
from club.tasks import send_email


def language_of(member: Member) -> str:
    """The member's chosen language, or the site's."""
    return member.language if member.language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


def site_url(name: str, *args) -> str:
    """An absolute link to a page of the site (SITE_URL, never the Host header a visitor sent)."""
    return settings.SITE_URL.rstrip("/") + reverse(name, args=args)


def render(template: str, context: dict, language: str) -> tuple[str, str]:
    """`accounts/email/<template>_subject.txt` and `<template>.txt` rendered in `language`: (subject, body)."""
    with translation.override(language):
        subject = " ".join(render_to_string(f"accounts/email/{template}_subject.txt", context).split())
        body = render_to_string(f"accounts/email/{template}.txt", context)
    return subject, body


def send(template: str, to: str, context: dict, language: str) -> None:
    """The email rendered now, sent by a task once the caller's transaction commits."""
    subject, body = render(template, context, language)
    enqueue_on_commit(send_email, subject, body, [to])


def deliver(template: str, to: str, context: dict, language: str) -> None:
    """The email rendered and sent now (raises if the mail server refuses it)."""
    subject, body = render(template, context, language)
    send_mail(subject, body, None, [to])
