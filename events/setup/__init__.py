"""Setting a session up: the session, its sections and movements, boards and pairs, the players, and the merge handler
that moves a member's pair places."""
