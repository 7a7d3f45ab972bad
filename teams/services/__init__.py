"""Writes: teams and players, matches and their results, rounds, adjustments, imports."""
