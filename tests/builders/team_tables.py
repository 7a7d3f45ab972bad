"""Table entry of teams matches in tests: an event's rooms opened, boards typed on one side's page and confirmed
on the other's (posted, or typed in the browser with `tests.builders.browser.type_board`)."""

from teams.models import Match, TeamTableEntry
from teams.selectors.table_entry import room_links, room_path
from teams.services.table_entry import set_team_table_entry


def open_rooms(event) -> dict[tuple, str]:
    """Opens table entry; returns each room's side's page path by (match id, room, side), and its North-South
    side's by (match id, room)."""
    set_team_table_entry(event=event, is_open=True)
    links = room_links(event)
    ns = {(link.match.pk, link.room): link.path for link in links if link.side == "NS"}
    return ns | {(link.match.pk, link.room, link.side): link.path for link in links}


def path_parts(path: str) -> tuple[int, int, str]:
    """(match id, room, side) of a room's side's page path (/teams/t/<match>/<room>/<ns|ew>/<secret>/)."""
    match_id, room, side = path.split("/")[3:6]
    return int(match_id), int(room), side.upper()


def other_side(path: str) -> str:
    """The page path of the other side of the room of `path`."""
    match_id, room, side = path_parts(path)
    entry = TeamTableEntry.objects.get(event_id=Match.objects.get(pk=match_id).event_id)
    return room_path(entry, match_id, room, "EW" if side == "NS" else "NS")


def room_save(board, contract, declarer, result, lead="") -> dict:
    return {
        "action": "save",
        "board": board,
        "contract": contract,
        "declarer": declarer,
        "tricks": result,
        "lead": lead,
    }


def room_confirm(board, version=1) -> dict:
    return {"action": "confirm", "board": board, "version": version}
