"""Who deals a board and who is vulnerable, from its number (the rules `scoring.boards` holds)."""

from scoring.boards import board_dealer, board_vulnerability

__all__ = ["board_dealer", "board_vulnerability"]
