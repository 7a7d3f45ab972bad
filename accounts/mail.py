"""Emails in the member's language, from templates: a subject line and a plain-text body; links from SITE_URL.

`deliver` is the one place an email of this app leaves (the claim, invitation, email-change and password-reset
emails all go through it): it enqueues the sending (the task `club.tasks.send_email`, retried with a growing delay)
when the request's writes commit, so no page waits for the mail server and a write that rolls back sends nothing.
`send_now` sends at once (the results emails, already in a task)."""

from __future__ import annotations

from urllib.parse import urlsplit

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


def site_address() -> tuple[str, str]:
    """SITE_URL as (protocol, domain with any path): for templates that write `{{ protocol }}://{{ domain }}`."""
    parts = urlsplit(settings.SITE_URL)
    return parts.scheme or "https", (parts.netloc + parts.path).rstrip("/")


def render(template: str, context: dict, language: str) -> tuple[str, str]:
    """`accounts/email/<template>_subject.txt` and `<template>.txt`, rendered in `language`: (subject, body)."""
    with translation.override(language):
        subject = " ".join(render_to_string(f"accounts/email/{template}_subject.txt", context).split())
        body = render_to_string(f"accounts/email/{template}.txt", context)
    return subject, body


def deliver(subject: str, body: str, to: str) -> None:
    """The one place an email leaves: sent by a task once the caller's transaction commits."""
    enqueue_on_commit(send_email, subject, body, [to])


def send_now(template: str, to: str, context: dict, language: str) -> None:
    """The email rendered and sent now (raises if the mail server refuses it): for a task's own sending."""
    subject, body = render(template, context, language)
    send_mail(subject, body, None, [to])


def send(template: str, to: str, context: dict, language: str) -> None:
    """Sends `accounts/email/<template>_subject.txt` and `<template>.txt`, rendered in `language`, to `to`."""
    deliver(*render(template, context, language), to)
