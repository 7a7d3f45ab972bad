"""A language's own bridge notation, read and written: the one home of the seat letters and the words for
notrump and pass that a club types in its language (``O`` for West and ``1SA`` for 1NT in Spanish, ``V`` and
``1FA`` in Romanian), and its suit letters, besides the English ``N E S W``, ``NT`` and suit letters that
every language accepts where they mean no other suit in it.

`read_result` takes a `Notation` (`notation_for(language)`); the site writes codes back with `Notation.seat`
and `Notation.contract`.

Suit letters (one table per language, `SUIT_LETTERS`): a letter of the language's own wins over the English
one, so ``C`` is hearts in Spanish (*corazones*) and in Romanian (*cupă*), never silently clubs.

- Spanish: P picas ♠, C corazones ♥, D diamantes ♦, T tréboles ♣; SA *sin atout*.
- Romanian: P pică ♠, C cupă ♥, K caro ♦ (CA, CU, and R for *romb*, read too), T treflă ♣; FA *fără atu*.
  Sources: the Romanian translation of the Laws of Duplicate Bridge, Law 18E *Rangul Denominațiilor*: "Rangul
  denominaţiilor în ordine descrescătoare este: fără atu, pică, cupă, caro, treflă"; craiovaforum.ro, *Cupa
  Băniei la bridge* ("... cinci variante: treflă, caro, cupă, pică sau fără atu"); the Romanian text on
  duplicate scoring in ``../shared/seeds/`` writes contracts with the symbols (1♥, 4♠ X) and says "4 Pici".
  None of them gives one-letter abbreviations: the letters are the names' initials, the way the French
  (pique, cœur, carreau, trèfle: P C K T), from whom the names come, write them. Two suits begin with C:
  C is *cupă* (as the French C is *cœur*), caro is K or CA (CU is cupă too), and C is never read as clubs
  in Romanian. Every contract is shown back with its suit symbol before it is saved (``typing_help``,
  static/js/site.js), so a player who meant caro by C sees 4♥ and corrects it.
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
    suits: tuple[tuple[str, str], ...] = ()  # (letter, English strain), the first letter of a strain written

    def strain(self, word: str) -> str:
        """The English strain (``C D H S NT``) a typed strain word means in this language; "" if none: the
        language's own letters first (``C`` is ``H`` in Spanish), then the English ones."""
        if word == self.notrump or word == "NT":
            return "NT"
        return self.suit_letters().get(word, "")

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
        match = _TYPED_CONTRACT.fullmatch(text)
        if match and (self.suits or self.notrump != "NT"):
            strain = self.strain(match.group(2))
            if strain:
                return f"{match.group(1)}{strain}{match.group(3)}"
        return text

    def suit_letters(self) -> dict[str, str]:
        """Every suit letter this language reads, with its English strain: the English letters that mean no
        other suit in it, then its own (``{"S": "S", "H": "H", "P": "S", "C": "H", "D": "D", "T": "C"}``)."""
        letters = {letter: letter for letter in ("S", "H", "D", "C")}
        letters.update(self.suits)
        return letters

    def suit_letter(self, strain: str) -> str:
        """A strain's letter written in this language: ``H`` → ``C`` in Spanish; NT → its word."""
        if strain == "NT":
            return self.notrump
        return next((letter for letter, english in self.suits if english == strain), strain)

    def seat(self, code: str) -> str:
        """A stored seat written in this language: ``W`` → ``O`` in Spanish."""
        return self.west if code == "W" else code

    def contract(self, code: str) -> str:
        """A stored contract code written in this language: ``3NTX`` → ``3SAX`` in Spanish."""
        match = _TYPED_CONTRACT.fullmatch(code or "")
        if not match or match.group(2) not in ("C", "D", "H", "S", "NT"):
            return code
        return f"{match.group(1)}{self.suit_letter(match.group(2))}{match.group(3)}"

    def with_english_suits(self) -> Notation:
        """This notation reading the English suit letters only (files in the USEBIO columns: ``4C`` is clubs)."""
        return Notation(west=self.west, notrump=self.notrump, passes=self.passes)

    def pair_label(self, label: str) -> str:
        """A pair's label written in this language: ``6EW`` → ``6EO`` in Spanish."""
        return label[:-1] + self.west if label.endswith("EW") else label

    def read_pair_label(self, text: str) -> str:
        """A typed pair label with this language's West written in English: ``6EO`` → ``6EW``."""
        compact = "".join(text.split()).upper()
        if self.west != "W" and compact.endswith("E" + self.west):
            return compact[:-1] + "W"
        return compact


# A typed contract, upper case: level, strain word (letters or a suit symbol), doubles. Only a well-formed one is
# written in English, so that a refusal (9P, 4CXXX) quotes what was typed.
_TYPED_CONTRACT = re.compile(r"([1-7])\s*([A-Z]+?|[♣♧♦♢♥♡♠♤])\s*((?:X\s*){0,2})")

SUIT_LETTERS: dict[str, tuple[tuple[str, str], ...]] = {
    "es": (("P", "S"), ("C", "H"), ("D", "D"), ("T", "C")),
    "ro": (("P", "S"), ("C", "H"), ("K", "D"), ("T", "C"), ("CU", "H"), ("CA", "D"), ("R", "D")),
}
ENGLISH = Notation()
NOTATIONS: dict[str, Notation] = {
    "en": ENGLISH,
    "es": Notation(
        west="O", notrump="SA", passes=frozenset({"PASO", "PASAN", "TODOS PASAN"}), suits=SUIT_LETTERS["es"]
    ),
    "ro": Notation(west="V", notrump="FA", passes=frozenset({"PAS", "TOTI PAS", "TOȚI PAS"}), suits=SUIT_LETTERS["ro"]),
}


def notation_for(language: str | None) -> Notation:
    """The notation of a language code (``es``, ``ro-RO``); English for any other."""
    return NOTATIONS.get((language or "en").split("-")[0].lower(), ENGLISH)
