"""Results typed at the tables on the players' phones: each table's links, the two sides, the confirmations and
correction requests, the director's live view."""
