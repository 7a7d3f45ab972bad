"""The teams app's forms: events, teams, pairings, status, adjustments, imports, room entry."""
