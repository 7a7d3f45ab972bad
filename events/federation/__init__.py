"""The host's federation pages (issue 31 item 4, `CLUBS=many`): the clubs, a calendar of their sessions, a search of
results across clubs and a cross-club season ladder (see events/README.md, *The host's federation pages*)."""
