"""One-time links, signed with the site's secret key and valid for LINK_DAYS: claiming an account (refused once
the member has a login) and confirming a new email address (refused once the address has changed)."""

from __future__ import annotations

from django.core import signing

from club.models import Member

LINK_DAYS = 3
CLAIM = "accounts.claim"
EMAIL = "accounts.email"


class LinkRefused(Exception):
    """The link has expired, was used already, or was never ours (`expired` tells the first from the others)."""

    def __init__(self, expired: bool) -> None:
        super().__init__("expired" if expired else "invalid")
        self.expired = expired


def claim_token(member: Member) -> str:
    return signing.dumps({"m": member.pk, "e": member.email.casefold()}, salt=CLAIM)


def email_token(member: Member, new_email: str) -> str:
    return signing.dumps({"m": member.pk, "old": member.email.casefold(), "new": new_email}, salt=EMAIL)


def _read(token: str, salt: str) -> dict:
    try:
        data = signing.loads(str(token)[:1000], salt=salt, max_age=LINK_DAYS * 24 * 3600)
    except signing.SignatureExpired as error:
        raise LinkRefused(expired=True) from error
    except signing.BadSignature as error:
        raise LinkRefused(expired=False) from error
    if not isinstance(data, dict) or not isinstance(data.get("m"), int):
        raise LinkRefused(expired=False)
    return data


def member_to_claim(token: str) -> Member:
    """The member a claim link is for, while the member still has no login and the same email."""
    data = _read(token, CLAIM)
    member = Member.objects.filter(pk=data["m"], user=None, removed_on=None).first()
    if member is None or member.email.casefold() != data.get("e"):
        raise LinkRefused(expired=False)
    return member


def email_change(token: str) -> tuple[Member, str]:
    """The member and the new address a confirmation link is for, while the old address is still theirs."""
    data = _read(token, EMAIL)
    member = Member.objects.filter(pk=data["m"], removed_on=None).first()
    if member is None or member.email.casefold() != data.get("old") or not isinstance(data.get("new"), str):
        raise LinkRefused(expired=False)
    return member, data["new"]
