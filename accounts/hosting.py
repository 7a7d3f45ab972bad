"""The host's writes (issue 31, people across clubs): a club made with its first club admin, from the host's page.

`open_club_with_admin` is `club.clubs.open_club` (the club and its admin's role, one transaction, refused whole on
bad input) with the email that tells the first admin: a new login gets a link to choose its password at the club's
own address (Django's password reset link: it works once), an existing one the club's address. The email leaves
when the transaction commits (`accounts.mail.deliver`), so a refused club sends nothing.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts.mail import send
from club.clubs import FirstAdmin, NewClub, open_club


def club_address(short_name: str) -> str:
    """The club's pages on the site (its `/c/SHORT_NAME/` prefix under SITE_URL)."""
    return f"{settings.SITE_URL.rstrip('/')}/c/{short_name}/"


def site_path(name: str, **kwargs) -> str:
    """A club page's path below the club's prefix (the club URL conf's, whatever conf the request uses)."""
    return reverse(name, kwargs=kwargs, urlconf=settings.ROOT_URLCONF).lstrip("/")


def open_club_with_admin(*, short_name: str, name: str, host: str, admin: FirstAdmin) -> NewClub:
    with transaction.atomic():
        made = open_club(short_name=short_name, name=name, host=host, first_admin=admin)
        address = club_address(made.club.short_name)
        context = {"club": made.club, "admin": made.admin, "address": address, "link": ""}
        if made.admin_is_new:
            uid = urlsafe_base64_encode(force_bytes(made.admin.pk))
            token = default_token_generator.make_token(made.admin)
            context["link"] = address + site_path("password_reset_confirm", uidb64=uid, token=token)
        send("first_admin", made.admin.email, context, settings.LANGUAGE_CODE)
    return made
