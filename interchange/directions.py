"""A pair's direction as scorers write it, in their users' languages: North-South or East-West.

Ruter writes ``"N-S"`` and ``"Ö-V"`` (Swedish, Finnish clubs), Danish and Norwegian scorers ``Ø-V``, Dutch and German
``N-Z``/``O-W``, French, Spanish and Italian ``E-O`` (Est-Ouest, Este-Oeste, Est-Ovest), Portuguese ``L-O``
(Leste-Oeste), Polish ``P-P``/``W-Z`` (Północ-Południe, Wschód-Zachód), Czech ``S-J``/``V-Z``, Finnish ``P-E``/``I-L``;
English ``NS``, ``N/S``, ``EW``, ``E-W``; a seat alone (``N``, ``E``) names its side. Words in full (``Nord-Sud``,
``Øst-Vest``, ``North South``) are read by the first letter of each.
"""

from __future__ import annotations

import re

_NS = frozenset({"NS", "N", "NZ", "NJ", "PP", "SJ", "PE", "SN"})
_EW = frozenset({"EW", "E", "OW", "ÖV", "ØV", "OV", "EO", "LO", "WZ", "VZ", "IL", "WE", "O", "Ö", "Ø"})


def direction_of(text: str) -> str | None:
    """``"NS"`` or ``"EW"`` for a direction written in any of the ways above, ``""`` for none, else None."""
    words = [word for word in re.split(r"[\s\-/–_.]+", text.strip().upper()) if word]
    if not words:
        return ""
    initials = "".join(word[0] for word in words) if len(words) > 1 else words[0]
    if initials in _NS:
        return "NS"
    if initials in _EW:
        return "EW"
    return None
