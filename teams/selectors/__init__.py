"""Reads for the pages: standings, cross-tables, match scorecards, a member's teams events."""
