"""Table entry in tests: a session's tables opened, and each board played at its table through the phone page."""

from events.plans import section_plan
from events.selectors.table_entry import table_links
from events.services.table_entry import set_table_entry

CONTRACTS = [("4S", "N", "="), ("3NT", "S", "+1"), ("2H", "E", "-1"), ("1NT", "W", "="), ("4H", "E", "-2")]


def open_tables(session) -> dict[str, str]:
    """Opens table entry; returns each table's page path by its name ('1', '2' ... or 'A1' with sections)."""
    set_table_entry(session=session, is_open=True)
    return {str(link.table): link.path for link in table_links(session)}


def typed_for(play) -> tuple[str, str, str]:
    """A plausible result for a play of the movement, always the same for the same play."""
    return CONTRACTS[(play.board * 7 + play.table * 3 + play.round) % len(CONTRACTS)]


def save_post(play, contract, declarer, result, lead="") -> dict:
    return {
        "action": "save",
        "round": play.round,
        "board": play.board,
        "contract": contract,
        "declarer": declarer,
        "tricks": result,
        "lead": lead,
    }


def confirm_post(play, version=1) -> dict:
    return {"action": "confirm", "round": play.round, "board": play.board, "version": version}


def play_at_tables(client, section, paths):
    """Every board of the movement saved and confirmed at its table through the table's page."""
    for play in section_plan(section).schedule:
        path = paths[str(play.table)]
        response = client.post(path, save_post(play, *typed_for(play)))
        assert response.status_code == 302, response.content.decode()[:2000]
        response = client.post(path, confirm_post(play))
        assert response.status_code == 302, response.content.decode()[:2000]
