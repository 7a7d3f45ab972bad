"""A language's own bridge notation, read and written: the one home of the seat letters and the words for
notrump and pass that a club types in its language (``O`` for West and ``1SA`` for 1NT in Spanish, ``V`` and
``1FA`` in Romanian), besides the English ``N E S W`` and ``NT`` that every language accepts.

`read_result` takes a `Notation` (`notation_for(language)`); the site writes codes back with `Notation.seat`
and `Notation.contract`.  Suit letters stay the English ones (``C`` is clubs in English but hearts, *corazones*
or *cupă*, in Spanish and Romanian): only notrump, the seats and pass have a language's own letters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .boards import SEATS


@dataclass(frozen=True, slots=True)
class Notation:
    """``west``: the letter a language writes for West; ``notrump``: its word for NT (``SA``); ``passes``: its
    words for a passed-out board (``PASO``)."""

    west: str = "W"
    notrump: str = "NT"
    passes: frozenset[str] = field(default_factory=frozenset)

    def read_seat(self, text: str) -> str:
        """The seat (``N E S W``) a typed declarer means (``O`` or ``Oeste`` in Spanish is ``W``); "" if none."""
        letter = text.strip().upper()[:1]
        if letter == self.west:
            return "W"
        return letter if letter in SEATS else ""

    def read_contract(self, text: str) -> str:
        """The typed contract text with the language's notrump and pass words in English (``1SAX`` → ``1NTX``)."""
        if text in self.passes:
            return "PASS"
        if self.notrump != "NT":
            match = re.fullmatch(rf"(\d+)\s*{self.notrump}\s*((?:X\s*)*)", text)
            if match:
                return f"{match.group(1)}NT{match.group(2)}"
        return text

    def seat(self, code: str) -> str:
        """A stored seat written in this language: ``W`` → ``O`` in Spanish."""
        return self.west if code == "W" else code

    def contract(self, code: str) -> str:
        """A stored contract code written in this language: ``3NTX`` → ``3SAX`` in Spanish."""
        return code.replace("NT", self.notrump) if self.notrump != "NT" else code

    def pair_label(self, label: str) -> str:
        """A pair's label written in this language: ``6EW`` → ``6EO`` in Spanish."""
        return label[:-1] + self.west if label.endswith("EW") else label

    def read_pair_label(self, text: str) -> str:
        """A typed pair label with this language's West written in English: ``6EO`` → ``6EW``."""
        compact = "".join(text.split()).upper()
        if self.west != "W" and compact.endswith("E" + self.west):
            return compact[:-1] + "W"
        return compact


ENGLISH = Notation()
NOTATIONS: dict[str, Notation] = {
    "en": ENGLISH,
    "es": Notation(west="O", notrump="SA", passes=frozenset({"PASO", "PASAN", "TODOS PASAN"})),
    "ro": Notation(west="V", notrump="FA", passes=frozenset({"PAS", "TOTI PAS", "TOȚI PAS"})),
}


def notation_for(language: str | None) -> Notation:
    """The notation of a language code (``es``, ``ro-RO``); English for any other."""
    return NOTATIONS.get((language or "en").split("-")[0].lower(), ENGLISH)
