"""Table entry in tests: a session's tables opened, and each board played at its table through the phones' pages:
North-South's phone saves, East-West's confirms."""

import re
from html import unescape

from events.plans import section_plan
from events.tables.selectors.table_entry import table_links
from events.tables.services.table_entry import set_table_entry

CONTRACTS = [("4S", "N", "="), ("3NT", "S", "+1"), ("2H", "E", "-1"), ("1NT", "W", "="), ("4H", "E", "-2")]
_EW: dict[str, str] = {}  # North-South's page path -> East-West's, of every table opened in the test


def open_tables(session) -> dict[str, str]:
    """Opens table entry; returns each table's North-South page path by its name ('1', '2' ...); `ew(path)` is
    the East-West phone's page at the same table."""
    set_table_entry(session=session, is_open=True)
    links = table_links(session)
    _EW.update({link.ns_path: link.ew_path for link in links})
    return {str(link.table): link.ns_path for link in links}


def poll(client, path: str, tag: str = "") -> tuple[int, str, str | None]:
    """A phone's poll of its table's (or room's) state, with the tag of its last answer: (status, the answer's tag,
    the version when the state was read)."""
    headers = {"HTTP_IF_NONE_MATCH": tag} if tag else {}
    response = client.get(path + "state/", **headers)
    version = response.json()["version"] if response.status_code == 200 else None
    return response.status_code, response.get("ETag", ""), version


def three_table_room(name: str) -> tuple:
    """A 3-table Mitchell of 2 boards a round with its tables opened: (session, section, each table's path)."""
    from tests.builders.sessions import make_session

    session, section = make_session("mitchell", tables=3, boards_per_round=2, name=name)
    return session, section, open_tables(session)


def page_tag(html: str) -> str:
    """The table's tag a table page carries for its phone's first poll (`data-tag`, unescaped)."""
    return unescape(re.search(r'data-tag="([^"]*)"', html).group(1))


def ew(path: str) -> str:
    """The East-West phone's page at the table whose North-South page is `path`."""
    return _EW[path]


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
    """Every board of the movement saved (North-South's phone) and confirmed (East-West's) at its table, round
    by round (a table's link acts on its current round only)."""
    for play in sorted(section_plan(section).schedule, key=lambda play: (play.round, play.table, play.board)):
        path = paths[str(play.table)]
        response = client.post(path, save_post(play, *typed_for(play)))
        assert response.status_code == 302, response.content.decode()[:2000]
        response = client.post(ew(path), confirm_post(play))
        assert response.status_code == 302, response.content.decode()[:2000]
