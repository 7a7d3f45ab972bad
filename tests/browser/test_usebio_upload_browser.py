"""The USEBIO and PBN results uploads in the browser: a director chooses the file from the director area, the
new session and the comparison with the file's figures appear; a broken file lists its problems and saves
nothing; a player is turned away."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from events.models import Session

pytestmark = pytest.mark.django_db(transaction=True)
DATA = Path(__file__).resolve().parent.parent / "events" / "data"


def test_a_director_uploads_a_usebio_file_and_reads_the_comparison(page, director_user, login):
    login(page)
    page.goto("/director/")
    page.get_by_role("link", name="Import a USEBIO file").click()
    expect(page.locator("h1")).to_have_text("Import a USEBIO file")
    page.set_input_files("#id_file", str(DATA / "usebio" / "compscore_short_board.xml"))
    page.select_option("#id_preset", "ebu")
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#usebio-imported")).to_contain_text("Wednesday pairs")
    expect(page.locator("#usebio-summary")).to_have_text(
        "5 lines imported; 5 figures compared with the file, 2 differ."
    )
    expect(page.locator("#usebio-differences tbody tr")).to_have_count(2)
    expect(page.locator("#usebio-differences")).to_contain_text("played fewer times")
    page.get_by_role("link", name="Open its set-up page").click()
    session = Session.objects.get()
    page.wait_for_url(f"**/director/sessions/{session.pk}/**")
    expect(page.locator("h1")).to_contain_text("Wednesday pairs")


def test_a_broken_file_lists_its_problems_and_saves_nothing(page, director_user, login, tmp_path):
    broken = tmp_path / "broken.xml"
    text = (DATA / "usebio" / "compscore_short_board.xml").read_text()
    broken.write_text(text.replace("<SCORE>600</SCORE>", "<SCORE>610</SCORE>"))
    login(page)
    page.goto("/director/import/usebio/")
    page.set_input_files("#id_file", str(broken))
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#import-problems")).to_contain_text("SCORE 610 does not agree with 3NT by S")
    expect(page.locator("#id_file")).to_be_visible()  # the form again, to choose the corrected file
    assert not Session.objects.exists()


def test_a_director_uploads_a_pbn_results_file(page, director_user, login):
    login(page)
    page.goto("/director/")
    page.get_by_role("link", name="Import a PBN results file").click()
    page.set_input_files("#id_file", str(DATA / "pbn" / "ruter_mitchell.pbn"))
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#usebio-imported")).to_contain_text("Thursday pairs")
    expect(page.locator("#usebio-pairs-summary")).to_have_text(
        "The totals of 6 pairs compared with the file: 0 differ."
    )
    expect(page.locator("#usebio-deals")).to_contain_text("stored for 2 boards")


def test_a_player_cannot_reach_the_upload(page, player_user, login):
    login(page, username=player_user.username)
    response = page.goto("/director/import/usebio/")
    assert response.status == 403
    assert not Session.objects.exists()
