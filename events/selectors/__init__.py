"""Reads for the pages: rankings, travellers, scorecards, member histories, checks, progress, line history."""
