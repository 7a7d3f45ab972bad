"""The director's checks before publishing: the problems found, one-click fixes, the session's status and publication,
corrections of a final session."""
