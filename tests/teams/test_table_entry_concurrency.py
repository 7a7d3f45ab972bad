"""Teams table entry at the same moment: two phones of one side of a room sending the same board (saved, then
confirmed by the other side) at once, both sides of a room saving a board at once, and both rooms of every match
confirming together. Stored once, nothing lost (SQLite and PostgreSQL)."""

from teams.models import BoardResult, Match, TypedRoomResult
from teams.selectors.standings import standings
from tests.builders.concurrency import post_job, save_at_once
from tests.builders.team_tables import open_rooms, room_confirm, room_save
from tests.builders.teams import make_event


def test_two_phones_in_one_room_sending_a_board_at_once_store_it_once(database):
    event = make_event(teams=4, boards_per_match=2)
    match = event.matches.filter(away__isnull=False).first()
    paths = open_rooms(event)
    path, other = paths[match.pk, 1, "NS"], paths[match.pk, 1, "EW"]
    for board in match.board_numbers(2):
        data = room_save(board, "4S", "N", "=")
        assert save_at_once([post_job(path, data), post_job(path, data)], database) == []
        confirm = room_confirm(board)
        assert save_at_once([post_job(other, confirm), post_job(other, confirm)], database) == []
    assert TypedRoomResult.objects.count() == 2 and BoardResult.objects.count() == 2
    assert all(result.history.count() == 1 for result in BoardResult.objects.all())
    match.refresh_from_db()
    assert match.boards_scored == 0 and match.home_imps == 0  # room 2 still to play: nothing compared yet


def test_both_rooms_of_every_match_confirming_at_once_lose_nothing(database):
    event = make_event(teams=6, boards_per_match=2)
    paths = open_rooms(event)
    rounds_one = list(event.matches.filter(round=1, away__isnull=False))
    for board_offset in range(2):
        jobs = [
            post_job(
                paths[match.pk, room],
                room_save(match.first_board + board_offset, "3NT", "S", "=" if room == 1 else "-1"),
            )
            for match in rounds_one
            for room in (1, 2)
        ]
        assert save_at_once(jobs, database) == []
        jobs = [
            post_job(paths[match.pk, room, "EW"], room_confirm(match.first_board + board_offset))
            for match in rounds_one
            for room in (1, 2)
        ]
        assert save_at_once(jobs, database) == []
    assert BoardResult.objects.count() == 4 * len(rounds_one)
    # 3NT= in room 1, 3NT-1 in room 2: board 1 (none vulnerable) 400 + 50 = 10 IMPs, board 2 (NS) 600 + 100 = 12
    for match in Match.objects.filter(pk__in=[m.pk for m in rounds_one]):
        assert (match.boards_scored, match.complete, match.home_imps, match.away_imps) == (2, True, 10 + 12, 0)
    # Each confirmation stored the event's standings with its teams, the later writer counting the earlier ones'
    # results: the three home teams share first place, the three away teams fourth (the member pages read these).
    rows = standings(event)
    assert [(row.team.place, row.team.vp) for row in rows] == [(row.place, row.vp) for row in rows]
    assert sorted(row.team.place for row in rows) == ["=1"] * 3 + ["=4"] * 3


def test_both_sides_of_a_room_saving_a_board_at_once_keep_both_results(database):
    """North-South and East-West send the same board at once: one typed board, stored once. Different results at
    once: one typed board holding both (a disagreement), whichever came first; nothing saved as the room's."""
    event = make_event(teams=2, boards_per_match=2)
    match = event.matches.get()
    paths = open_rooms(event)
    ns, ew = paths[match.pk, 1, "NS"], paths[match.pk, 1, "EW"]
    first, second = match.board_numbers(2)
    same = room_save(first, "4S", "N", "=")
    assert save_at_once([post_job(ns, same), post_job(ew, same)], database) == []
    typed = TypedRoomResult.objects.get(board=first)
    assert typed.version == 1 and not typed.in_dispute and typed.side in ("NS", "EW")
    jobs = [post_job(ns, room_save(second, "3NT", "S", "=")), post_job(ew, room_save(second, "3NT", "S", "-1"))]
    assert save_at_once(jobs, database) == []
    typed = TypedRoomResult.objects.get(board=second)
    assert typed.in_dispute and {version["side"] for version in typed.versions} == {"NS", "EW"}
    assert sorted(version["tricks"] for version in typed.versions) == ["-1", "="]
    assert TypedRoomResult.objects.count() == 2 and not BoardResult.objects.exists()
