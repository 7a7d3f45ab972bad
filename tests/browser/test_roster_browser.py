"""A club admin in the browser: imports the roster (preview, then confirm), finds a member and merges a guest, under
the site's strict Content-Security-Policy."""

import pytest
from playwright.sync_api import expect

from events.models import Pair
from tests.builders.sessions import club_night

pytestmark = pytest.mark.django_db(transaction=True)

ROSTER = "NUMBER,FIRST_NAME,LAST_NAME,EMAIL\n1001,Ana,García,ana@example.org\n1005,Elena,Martín,\n"


def test_import_the_roster_then_merge_a_suggested_guest(page, login, club_admin_user, tmp_path):
    violations: list[str] = []
    page.on("console", lambda message: violations.append(message.text) if "Content Security" in message.text else None)
    _session, section = club_night()
    Pair.objects.filter(section=section, number=1, direction="NS").update(player1_guest="elena martin")
    path = tmp_path / "roster.csv"
    path.write_text(ROSTER, encoding="utf-8")
    login(page, "clubadmin")
    page.get_by_role("button", name="Club admin").click()  # its menu: the roster and the invitations
    page.get_by_role("link", name="Roster").click()
    page.get_by_role("link", name="Import CSV").click()
    page.set_input_files("#id_file", str(path))
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#import-counts")).to_have_text("2 to create, 0 to update, 0 left alone.")
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".alert-success")).to_contain_text("2 created, 0 updated, 0 unchanged")
    page.fill("#roster-q", "garc")
    page.get_by_role("button", name="Search").click()
    expect(page.locator("#roster tbody tr")).to_have_count(1)
    expect(page.locator("#merge-suggestions")).to_contain_text("elena martin → Elena Martín (1005)")
    page.get_by_role("link", name="Review the suggested merges").click()
    page.locator("#suggestions").get_by_role("button", name="Merge").click()
    expect(page.locator(".alert-success")).to_contain_text("elena martin is merged into Elena Martín")
    assert Pair.objects.get(section=section, number=1, direction="NS").player1.number == "1005"
    assert violations == []
