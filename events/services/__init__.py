"""Writes: every change to sessions, sections, pairs and traveller lines, each in one transaction."""
