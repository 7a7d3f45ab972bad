"""A member typed in a search-as-you-type box (an HTML datalist of 'Ana García (1001)'), shared by the pages
that name players: how a member is offered, and which member a typed text means."""

from __future__ import annotations

import re

from club.models import Member

MEMBER_CHOICE = re.compile(r"\((?P<number>[^()]+)\)\s*$")


def member_option(member: Member) -> str:
    """How a member appears in the search-as-you-type list: 'Ana García (1001)'."""
    return f"{member.full_name} ({member.number})" if member.number else member.full_name


def find_member(text: str, members: list[Member]) -> Member | None:
    """The member a typed player name means: by '(number)', by number alone, or by exact full name (None: a
    guest's name)."""
    text = " ".join(text.split())
    if not text:
        return None
    match = MEMBER_CHOICE.search(text)
    number = match.group("number").strip() if match else text
    by_number = [m for m in members if m.number and m.number == number]
    if by_number:
        return by_number[0]
    name = MEMBER_CHOICE.sub("", text).strip().casefold()
    by_name = [m for m in members if m.full_name.casefold() == name]
    return by_name[0] if len(by_name) == 1 else None
