"""Everything the site holds about a member, as plain data (the JSON and CSV downloads), and their removal."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone

from accounts.models import Invitation, Person, ResultsEmail
from club.models import ClubRole, Member
from club.privacy import Privacy
from club.roles import ROLE_OF_GROUP, take_role
from club.unit_of_work import MEMBER, record_change
from events.results.selectors.member_history import load_history
from roster.services.roles import check_admins_remain
from rubber.models import SeatedPlayer
from teams.selectors.member_events import member_team_events

MEMBER_FIELDS = ("first_name", "last_name", "number", "email", "active", "privacy", "results_by_email", "language")


def _plain(value):
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _sessions(member: Member) -> list[dict]:
    return [
        {
            "session": entry.name,
            "date": entry.date,
            "section": entry.section_letter,
            "pair": entry.pair.label,
            "partner": entry.partner.name if entry.partner else "",
            "place": entry.place,
            "field_size": entry.field_size,
            "score": entry.score,
            "percentage": entry.percentage,
        }
        for entry in load_history(member.pk).sessions
    ]


def member_data(member: Member) -> dict[str, list[dict]]:
    """Every part of the member's data, each a list of flat records (values JSON can write)."""
    user = get_user_model().objects.filter(pk=member.user_id).first()
    team_keys = ("event", "date", "team", "captain", "place", "vp", "teams")
    parts: dict[str, list[dict]] = {
        "member": [{name: getattr(member, name) for name in MEMBER_FIELDS}],
        "account": [
            {
                "username": user.username,
                "email": user.email,
                "joined": user.date_joined,
                "last_login": user.last_login,
                "federation_number": Person.objects.filter(user=user)
                .values_list("federation_number", flat=True)
                .first(),
            }
        ]
        if user
        else [],
        "sessions": _sessions(member),
        "team_events": [{key: event[key] for key in team_keys} for event in member_team_events(member)],
        "rubbers": [
            {"date": seat.rubber.played_on, "seat": seat.seat, "name": seat.name}
            for seat in SeatedPlayer.objects.filter(member=member).select_related("rubber").order_by("rubber_id")
        ],
        "invitations": [{"sent_at": row.sent_at} for row in Invitation.objects.filter(member=member)],
        "results_emails": [
            {"session": row.session.name, "publication": row.publication, "sent_at": row.sent_at}
            for row in ResultsEmail.objects.filter(member=member).select_related("session").order_by("pk")
        ],
    }
    return {part: [{key: _plain(value) for key, value in row.items()} for row in rows] for part, rows in parts.items()}


def member_data_rows(member: Member) -> list[list]:
    """The same data as CSV rows: part, record number, field, value."""
    rows: list[list] = [["PART", "RECORD", "FIELD", "VALUE"]]
    for part, records in member_data(member).items():
        for number, record in enumerate(records, start=1):
            rows += [[part, number, key, "" if value is None else value] for key, value in record.items()]
    return rows


def remove_member(*, member: Member, guest_name: str = "") -> None:
    """The member asked to be removed: their login, email, number, choices and invitations go; their results stay,
    under `guest_name` (or "Former member"), on no member list and with no member page. Refused (LastClubAdmin,
    nothing changed) while their login is the club's last club admin."""
    guest_name = " ".join(guest_name.split())[:60]
    with transaction.atomic():
        member = Member.objects.select_for_update().get(pk=member.pk)
        user_id = member.user_id
        check_admins_remain(leaving=[user_id], name=member.real_name)  # raises LastClubAdmin: nothing changed
        member.first_name, member.last_name, member.number, member.email = guest_name, "", None, ""
        member.active, member.user, member.privacy = False, None, Privacy.NAME
        member.results_by_email, member.language, member.removed_on = False, "", timezone.now()
        member.save()
        record_change(MEMBER, member.pk)
        SeatedPlayer.objects.filter(member=member).update(name=guest_name)
        Invitation.objects.filter(member=member).delete()
        ResultsEmail.objects.filter(member=member).delete()
        if user_id:
            _forget_login(user_id)


def _forget_login(user_id: int) -> None:
    """The removed member's login goes, unless it is the person's at another club too (a member there, or a role
    there): then only this club's roles go, and the person keeps their other clubs."""
    for group in Group.objects.filter(name__in=ROLE_OF_GROUP):
        take_role(user_id=user_id, group=group)  # this club's roles
    elsewhere = Member._base_manager.filter(user_id=user_id).exists()
    if not elsewhere and not ClubRole._base_manager.filter(user_id=user_id).exists():
        get_user_model().objects.filter(pk=user_id).delete()
