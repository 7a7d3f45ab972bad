"""Table entry of teams matches in tests: an event's rooms opened, boards typed and confirmed at a room's page
(posted, or typed in the browser with `type_board`)."""

from teams.selectors.table_entry import room_links
from teams.services.table_entry import set_team_table_entry


def open_rooms(event) -> dict[tuple[int, int], str]:
    """Opens table entry; returns each room's page path by (match id, room)."""
    set_team_table_entry(event=event, is_open=True)
    return {(link.match.pk, link.room): link.path for link in room_links(event)}


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


def type_board(phone, board, typed, save="Save") -> None:
    """Types a board on a room's page in the browser (a Playwright page) and saves it."""
    contract, declarer, result = typed
    phone.fill(f"#b{board}-contract", contract)
    phone.select_option(f"#b{board}-declarer", declarer)
    phone.fill(f"#b{board}-tricks", result)
    phone.locator(f"#board-{board}").get_by_role("button", name=save).click()
