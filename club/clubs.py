"""The clubs a site serves (issue 31): a club made (`create_club`, the command `create_club`)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from club.duplicates import refused_if_taken
from club.models import Club


def create_club(*, short_name: str, name: str, host: str = "") -> Club:
    """A new club, refused (ValidationError) when its short name cannot be an address or is taken."""
    club = Club(short_name=short_name.strip().lower(), name=" ".join(name.split()), host=host.strip().lower())
    club.full_clean()
    with refused_if_taken(_("A club with this short name or host name already exists.")):
        club.save()
    return club
