"""A new free-entry section (no movement) can be entered from its first board: nothing saved yet is no 500."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from club.typed_result import read_typed_result
from events.checks.services.fixes import set_status
from events.entry.services.lines import save_line
from events.models import Section, Session, TravellerLine
from tests.builders.sessions import session_post


@pytest.fixture
def new_free_entry(director_client):
    response = director_client.post(
        reverse("events:session_create"), session_post(kind="none", tables="3", boards_per_round="2", rounds="2")
    )
    assert response.status_code == 302
    section = Section.objects.get()
    return section.session, section


@pytest.mark.parametrize("neuberg", [True, False])
def test_the_first_board_of_a_new_free_entry_section_opens_and_saves(director_client, new_free_entry, neuberg):
    session, section = new_free_entry
    Session.objects.filter(pk=session.pk).update(short_boards_neuberg=neuberg)
    entry = reverse("events:traveller_entry", args=[session.pk, section.pk, 1])
    public = reverse("events:board_traveller", args=[session.pk, section.pk, 1])
    assert director_client.get(entry).status_code == 200
    assert director_client.get(public).status_code == 200
    pairs = sorted(section.pairs.values_list("number", flat=True))
    response = director_client.post(
        entry,
        {
            "n0-ns_pair": f"{pairs[0]}NS",
            "n0-ew_pair": f"{pairs[0]}EW",
            "n0-contract": "4S",
            "n0-declarer": "N",
            "n0-tricks": "10",
            "n0-lead": "",
        },
    )
    assert response.status_code == 302 and response.url == entry
    line = TravellerLine.objects.get()
    assert (line.board.number, line.ns_score) == (1, 420)
    for number in (1, 2):  # the board entered, and the next, still without a result
        for name in ("events:traveller_entry", "events:board_traveller"):
            assert director_client.get(reverse(name, args=[session.pk, section.pk, number])).status_code == 200


def test_a_free_entry_session_without_results_cannot_be_published(director_client, new_free_entry):
    session, section = new_free_entry
    status = reverse("events:session_status", args=[session.pk])
    for value in ("final", "provisional"):
        response = director_client.post(status, {"status": value, "corrections_until": "2099-01-01T20:00"}, follow=True)
        page = response.content.decode()
        assert "Not published: 1 blocking problem remains." in page
        assert "Section A has no results yet: enter them, or import them from a file, before publishing." in page
        session.refresh_from_db()
        assert session.status == Session.Status.IN_PROGRESS
    with pytest.raises(ValidationError, match="1 blocking problem"):
        set_status(session=session, status=Session.Status.FINAL)

    pairs = {pair.label: pair for pair in section.pairs.all()}
    save_line(
        board=section.boards.get(number=1),
        ns_pair=pairs["1NS"],
        ew_pair=pairs["1EW"],
        result=read_typed_result(1, "4S", "N", "10"),
    )
    assert set_status(session=session, status=Session.Status.FINAL).status == Session.Status.FINAL


def test_a_free_entry_slip_opens_and_saves_with_its_table_and_round(director_client, new_free_entry):
    session, section = new_free_entry
    setup = director_client.get(reverse("events:session_setup", args=[session.pk])).content.decode()
    slip = reverse("events:table_entry", args=[session.pk, section.pk, 2, 1])
    assert reverse("events:table_entry", args=[session.pk, section.pk, 1, 1]) in setup
    response = director_client.get(slip)
    assert response.status_code == 200  # the slip of a free-entry section: free rows, no redirect away
    response = director_client.post(
        slip,
        {
            "n3-ns_pair": "2NS",
            "n3-ew_pair": "2EW",
            "n3-contract": "3NT",
            "n3-declarer": "S",
            "n3-tricks": "9",
            "n3-lead": "",
        },
    )
    assert response.status_code == 302
    assert response.url == reverse("events:table_entry", args=[session.pk, section.pk, 3, 1])
    line = TravellerLine.objects.get()
    assert (line.board.number, line.table, line.round, line.ns_pair.label, line.ns_score) == (3, 2, 1, "2NS", 400)
    page = director_client.get(slip).content.decode()
    assert '<span class="ns-score">400</span>' in page
    outside = reverse("events:table_entry", args=[session.pk, section.pk, 4, 1])  # 3 tables only
    assert director_client.get(outside).status_code == 302
