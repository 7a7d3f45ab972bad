"""The club's own settings written (issue 31): one service, in one unit of work (`club.unit_of_work`): the club's
row locked and saved, the change recorded (`CLUB_SETTINGS`: every kept page moves), the logo stored under a name
made of its content (a form posted twice stores one file), the one club's snapshot (`club.look`) written afresh
after the commit and a replaced logo's file deleted then."""

from __future__ import annotations

import hashlib

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction

from club.club_directory import clubs_changed
from club.look import forget_one_club_look, refresh_one_club_look
from club.models import Club
from club.unit_of_work import CLUB_SETTINGS, record_change, unit_of_work

LOGO_FOLDER = "club-logos"


def _stored_logo(club_id: int, logo: tuple[bytes, str]) -> str:
    data, extension = logo
    name = f"{LOGO_FOLDER}/{club_id}-{hashlib.sha256(data).hexdigest()[:20]}.{extension}"
    if not default_storage.exists(name):
        name = default_storage.save(name, ContentFile(data))
    return name


def _delete_unused(name: str) -> None:
    if name and not Club._base_manager.filter(logo=name).exists():
        default_storage.delete(name)


def save_club_settings(
    *,
    club_id: int,
    name: str,
    language: str,
    time_zone: str,
    preset: str,
    conventions: dict[str, object],
    colour: str,
    accent_colour: str,
    logo: tuple[bytes, str] | None = None,
    remove_logo: bool = False,
) -> Club:
    """Saves the club's settings (each already checked by `ClubSettingsForm`); `logo`: a new logo's bytes and
    extension; `remove_logo`: the club shows none."""
    new_logo = _stored_logo(club_id, logo) if logo is not None else None
    with unit_of_work():
        club = Club._base_manager.select_for_update().get(pk=club_id)
        old_logo = club.logo.name if club.logo else ""
        club.name = " ".join(name.split())
        club.language, club.time_zone, club.preset = language, time_zone, preset
        club.conventions = conventions
        club.colour, club.accent_colour = colour, accent_colour
        if new_logo is not None:
            club.logo = new_logo
        elif remove_logo:
            club.logo = ""
        club.save()
        clubs_changed()  # the processes' kept clubs (club.club_directory) read again
        forget_one_club_look()
        transaction.on_commit(refresh_one_club_look)  # before the pages' version moves after the commit
        if old_logo and old_logo != club.logo.name:
            transaction.on_commit(lambda: _delete_unused(old_logo))
        record_change(CLUB_SETTINGS, club.pk)
    return club
