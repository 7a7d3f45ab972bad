"""Every page of the site a person reaches, found from the URL conf (`site_forms.patterns`) with one of each
object (`site_forms.build_world`), and who reaches it: a visitor, a player (a member with a login) or the staff (a
director who is a club admin too). Used by the accessibility test (tests/browser/test_accessibility_browser.py) so
that a new page cannot be forgotten: a named URL is a page, or it is in NOT_PAGES with the reason."""

from __future__ import annotations

from django.test import Client

from tests.builders.site_forms import patterns, url_of

# Named URLs that draw no page of their own, each with why. Anything else must answer a page (HTML, 200) to
# someone: the test fails on a named URL that is neither.
NOT_PAGES = {
    # Files and data, not pages.
    "club:healthz": "JSON for a monitor",
    "events:reader": "JSON: a reader's own links and rows, which static/js/reader.js puts on a kept page",
    "club:favicon": "the icon (a redirect to the static file)",
    "club:style": "the club's stylesheet (its colours), at an address versioned by its settings",
    "club:logo": "the club's logo (an image), at an address versioned by its settings",
    "roster:roster_export": "a CSV download",
    "events:ranking_csv": "a CSV download",
    "events:traveller_csv": "a CSV download",
    "events:hands_pbn": "a PBN download",
    "events:travellers_export": "a CSV download",
    "events:usebio_export": "an XML download",
    "events:table_qr": "an SVG image (drawn on the table-entry page and the sheet)",
    "teams:room_qr": "an SVG image (drawn on the event's table page)",
    "movements:custom_csv": "a CSV download",
    "teams:match_export": "a CSV download",
    "accounts:data_json": "a JSON download",
    "accounts:data_csv": "a CSV download",
    # What a page's script polls: parts of a page scanned with the page.
    "events:table_state": "JSON polled by the table's page",
    "teams:room_state": "JSON polled by the room's page",
    # A room's link from before each side had its own: a refusal (410) that says to scan the side's code.
    "teams:room_before_sides": "the refusal of a room's link from before its sides had their own links (410)",
    "events:session_hands_state": "JSON polled by the hands page",
    "teams:match_hands_state": "JSON polled by the match's hands page",
    "events:live_grid": "the live view's grid, polled into events:live_view",
    "teams:live_grid": "the live view's grid, polled into teams:live_view",
    "events:live_ranking": "the live ranking, polled into events:live_results",
    # Drawn only after an upload, from the director's own session (another browser gets the set-up page).
    "events:import_report": "the report of an import just made (tests/browser/test_usebio_upload_browser.py)",
    # Actions: POST only (their forms are on the pages scanned; a refusal redraws the page it came from).
    "logout": "POST only",
    "set_language": "Django's POST-only language switch (the site's box uses club:language)",
    "club:language": "a redirect back to the page in the chosen language (the language box of every page)",
    "roster:member_active": "POST only",
    "roster:merge_undo": "POST only",
    "roster:role_revoke": "POST only",
    "roster:roster_import_confirm": "POST only (the import's preview is roster:roster_import after an upload)",
    "events:member_quick_add": "POST only (the pairs page's quick add)",
    "events:line_delete": "POST only",
    "events:sit_out_delete": "POST only",
    "events:session_fix": "POST only",
    "events:session_status": "POST only",
    "events:live_results_switch": "POST only",
    "events:correction_done": "POST only",
    "events:table_settle": "POST only",
    "teams:room_settle": "POST only",
    "events:session_reopen": "POST only",
    "events:session_hands_confirm": "POST only",
    "events:session_hand_typed": "POST only",
    "movements:custom_delete": "POST only",
    "teams:team_delete": "POST only",
    "teams:event_start": "POST only",
    "teams:next_round": "POST only",
    "teams:event_status": "POST only",
    "teams:match_totals": "POST only",
    "teams:adjustment_add": "POST only",
    "teams:adjustment_delete": "POST only",
    "teams:correction_done": "POST only",
    "teams:match_hands_confirm": "POST only",
    "teams:match_hand_typed": "POST only",
    "rubber:delete_deal": "POST only",
    "rubber:stop": "POST only",
    "rubber:confirm": "POST only",
    "rubber:delete": "POST only",
    "accounts:invite": "POST only",
    "accounts:remove": "POST only",
}


def site_pages(world: dict, clients: dict[str, Client]) -> tuple[dict[str, list[str]], list[str]]:
    """({role: the paths of the pages that role is the first to reach}, [named URLs that are neither a page nor
    in NOT_PAGES]). `clients`: visitor, player, staff, in that order, each logged in as the role."""
    pages: dict[str, list[str]] = {role: [] for role in clients}
    unknown = []
    for name, arguments in patterns():
        if name in NOT_PAGES:
            continue
        path = url_of(name, arguments, world)
        role = None if path is None else _first_reaching(path, clients)
        if role is None:
            unknown.append(name)
        else:
            pages[role].append(path)
    return pages, unknown


def _first_reaching(path: str, clients: dict[str, Client]) -> str | None:
    for role, client in clients.items():
        response = client.get(path)
        # 400: a dead link's page (a claim or an email's confirmation with a wrong token), in the site's frame.
        if response.status_code in (200, 400) and response.get("Content-Type", "").startswith("text/html"):
            return role
    return None
