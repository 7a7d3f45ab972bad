"""What is personal to a logged-in reader on a page kept for every reader (club/page_cache.py): who they are
as a member, and their own pairs in a session (the rows static/js/reader.js highlights)."""

from __future__ import annotations

from django.db.models import Q

from events.models import Pair


def my_pairs(member_id: int | None, session_id: int | None) -> list[int]:
    """The ids of the pairs `member_id` played in of session `session_id` (none without either)."""
    if member_id is None or session_id is None:
        return []
    mine = Q(player1_id=member_id) | Q(player2_id=member_id)
    return list(Pair.objects.filter(mine, section__session_id=session_id).order_by("pk").values_list("pk", flat=True))
