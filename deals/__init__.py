"""Hand records: deals checked on the way in, PBN files read and written, double-dummy analysis and par.

Pure Python with no Django (a test enforces it); the analysis uses `endplay` (Bo Haglund's DDS).
"""

from .cards import SEATS, SUITS, Hands, read_deal, read_hands
from .errors import DealProblem, DealRefused
from .pbn import decode, read_games
from .pbn_deals import PbnDeals, read_pbn_deals

__all__ = [
    "SEATS",
    "SUITS",
    "Hands",
    "DealProblem",
    "DealRefused",
    "PbnDeals",
    "decode",
    "read_deal",
    "read_games",
    "read_hands",
    "read_pbn_deals",
]
