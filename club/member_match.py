"""Which member a director means by what they typed for a player: the one matcher of typed player names.

Accents and case do not matter (``elena martin`` is Elena Martín); a membership number, alone or as the list's
``Elena Martín (1005)``, must be a member's; a name is a member's full name or, when only one member fits, the
start of their names (``Ana``, ``Gar``). Anything else is for the director to settle: several members fit
(choose one), no member has that number (refused), or no member has that name (a guest, only when the director
says so). Nothing typed silently becomes a guest.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from club.models import Member

MEMBER_CHOICE = re.compile(r"\((?P<number>[^()]+)\)\s*$")
_NUMBER = re.compile(r"[0-9]+")


def member_option(member: Member) -> str:
    """How a member appears in the search-as-you-type list: 'Ana García (1001)'."""
    return f"{member.real_name} ({member.number})" if member.number else member.real_name


def active_member_options() -> list[str]:
    """Every active member as the search-as-you-type list shows them."""
    return [member_option(member) for member in Member.objects.active()]


def folded(text: str) -> str:
    """Text compared without accents, case or extra spaces: 'Elena  MARTÍN' → 'elena martin'."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.casefold().split())


@dataclass(frozen=True)
class PlayerMatch:
    """What a typed player name means: a member, nobody (empty), or a problem for the director (`message`)."""

    text: str
    member: Member | None = None
    message: str = ""
    unknown_name: bool = False  # no member has this name: a guest, if the director confirms it

    @property
    def settled(self) -> bool:
        return not self.message


def _choices(members: Sequence[Member]) -> str:
    return get_text_list([member_option(member) for member in members], _("or"))


def _by_number(text: str, number: str, members: Sequence[Member]) -> PlayerMatch:
    found = next((member for member in members if member.number and member.number == number), None)
    if found is not None:
        return PlayerMatch(text, found)
    return PlayerMatch(
        text,
        message=_("No member has the number %(number)s: type the member's name, or add the member below.")
        % {"number": number},
    )


def _by_name(text: str, members: Sequence[Member]) -> PlayerMatch:
    name = folded(text)
    names = {member.pk: folded(member.real_name) for member in members}
    exact = [member for member in members if names[member.pk] == name]
    words = name.split()
    fits = exact or [
        member
        for member in members
        if all(any(part.startswith(word) for part in names[member.pk].split()) for word in words)
    ]
    if len(fits) == 1:
        return PlayerMatch(text, fits[0])
    if fits:
        return PlayerMatch(
            text,
            message=_("“%(text)s” could be %(members)s: choose one from the list.")
            % {"text": text, "members": _choices(fits[:6])},
        )
    close = difflib.get_close_matches(name, list(names.values()), n=3, cutoff=0.75)
    suggestions = [member for member in members if names[member.pk] in close]
    if suggestions:
        message = _("No member is called “%(text)s”. Did you mean %(members)s? Otherwise tick Guest.") % {
            "text": text,
            "members": _choices(suggestions),
        }
    else:
        message = _("No member is called “%(text)s”: tick Guest to enter a guest, or add the member below.") % {
            "text": text
        }
    return PlayerMatch(text, message=message, unknown_name=True)


def match_player(text: str, members: Sequence[Member], *, guest: bool = False) -> PlayerMatch:
    """The member `text` names among `members`; `guest`: the director confirmed a guest's name (taken as typed
    unless it is a membership number or a member's full name)."""
    text = " ".join(text.split())
    if not text:
        return PlayerMatch(text)
    choice = MEMBER_CHOICE.search(text)
    if choice is not None:
        return _by_number(text, choice.group("number").strip(), members)
    if _NUMBER.fullmatch(text):
        return _by_number(text, text, members)
    if guest:
        return _guest(text, members)
    return _by_name(text, members)


def _guest(text: str, members: Sequence[Member]) -> PlayerMatch:
    """A guest's name, unless it is a member's full name (a Guest box left ticked when a member was typed)."""
    name = folded(text)
    member = next((member for member in members if folded(member.real_name) == name), None)
    if member is None:
        return PlayerMatch(text)
    return PlayerMatch(
        text,
        message=_("%(member)s is a member: untick Guest to enter the member.") % {"member": member_option(member)},
    )


def match_imported(federation: str, name: str, members: Sequence[Member]) -> tuple[Member | None, str]:
    """The member an imported file's player is (USEBIO, PBN), and how it was found ("number", "name" or "guest"): by
    federation (membership) number, else by a unique full name, accents and case aside. A file is not a director
    who can be asked: anything else is a guest, and the import page lists how each player was taken."""
    if federation:
        found = [member for member in members if member.number and member.number == federation]
        if found:
            return found[0], "number"
    name = folded(name)
    found = [member for member in members if folded(member.real_name) == name]
    if name and len(found) == 1:
        return found[0], "name"
    return None, "guest"
