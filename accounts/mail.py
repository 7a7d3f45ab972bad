"""Emails in the member's language, from templates: a subject line and a plain-text body."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from club.models import Member


def language_of(member: Member) -> str:
    """The member's chosen language, or the site's."""
    return member.language if member.language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


def site_url(name: str, *args) -> str:
    """An absolute link to a page of the site (SITE_URL, never the Host header a visitor sent)."""
    return settings.SITE_URL.rstrip("/") + reverse(name, args=args)


def send(template: str, to: str, context: dict, language: str) -> None:
    """Sends `accounts/email/<template>_subject.txt` and `<template>.txt`, rendered in `language`, to `to`."""
    with translation.override(language):
        subject = " ".join(render_to_string(f"accounts/email/{template}_subject.txt", context).split())
        body = render_to_string(f"accounts/email/{template}.txt", context)
    send_mail(subject, body, None, [to])
