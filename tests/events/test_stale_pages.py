"""A traveller page drawn before another director's save never undoes it: every row carries the line and version
it was drawn from (`events.entry.services.versions`), checked under the session's lock."""

import pytest
from django.urls import reverse

from events.models import TravellerLine
from events.plans import section_plan
from tests.builders.accounts import director, logged_in_client
from tests.builders.concurrency import run_at_once
from tests.builders.forms import form_fields
from tests.builders.sessions import club_night, enter


def url(section, number=1):
    return reverse("events:traveller_entry", args=[section.session_id, section.pk, number])


@pytest.fixture
def board_one(db):
    """Board 1 of a 3-table Mitchell with its three lines entered (1NS, 2NS, 3NS sit North-South)."""
    _session, section = club_night()
    for ns in ("1NS", "2NS", "3NS"):
        enter(section, 1, ns, "3NT", "N", "9")
    return section


def results(section, number=1):
    lines = TravellerLine.objects.filter(board__section=section, board__number=number).select_related("ns_pair")
    return {line.ns_pair.label: (line.contract, line.tricks) for line in lines}


def row_of(section, ns, number=1):
    """The prefix of the row of `ns`'s line on the traveller (rows follow the movement's plays of the board)."""
    plays = section_plan(section).board_plays(number)
    return f"r{[slot.ns for slot in plays].index(ns)}"


def typed(page, row, contract, tricks):
    return {**page, f"{row}-contract": contract, f"{row}-tricks": tricks}


@pytest.fixture
def directors(db):
    return logged_in_client(director("anna", "Anna")), logged_in_client(director("bob", "Bob"))


def test_an_older_page_leaves_another_directors_change_alone_and_saves_its_own(board_one, directors):
    anna, bob = directors
    section = board_one
    anna_page = form_fields(anna.get(url(section)), "traveller-form")
    bob_page = form_fields(bob.get(url(section)), "traveller-form")
    assert bob.post(url(section), typed(bob_page, row_of(section, "1NS"), "4S", "10")).status_code == 302
    response = anna.post(url(section), typed(anna_page, row_of(section, "2NS"), "2H", "8"), follow=True)
    assert results(section) == {"1NS": ("4S", 10), "2NS": ("2H", 8), "3NS": ("3NT", 9)}
    page = response.content.decode()
    assert "1 result saved." in page
    assert "1 result of this page was changed by another director after you opened it" in page


def test_two_directors_changing_the_same_line_the_later_is_told_and_nothing_of_its_page_is_saved(board_one, directors):
    anna, bob = directors
    section = board_one
    first, second = row_of(section, "1NS"), row_of(section, "2NS")
    anna_page = form_fields(anna.get(url(section)), "traveller-form")
    bob_page = form_fields(bob.get(url(section)), "traveller-form")
    bob.post(url(section), typed(bob_page, first, "4S", "10"))
    response = anna.post(url(section), typed(typed(anna_page, first, "5C", "11"), second, "2H", "8"))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Bob D changed this result after you opened the page: it now reads 4S N 10." in page
    assert 'value="5C"' in page and 'value="2H"' in page  # what Anna typed is kept
    assert results(section) == {"1NS": ("4S", 10), "2NS": ("3NT", 9), "3NS": ("3NT", 9)}
    again = form_fields(response, "traveller-form")  # the page now carries Bob's version: saving replaces it
    assert anna.post(url(section), again).status_code == 302
    assert results(section) == {"1NS": ("5C", 11), "2NS": ("2H", 8), "3NS": ("3NT", 9)}


def test_a_line_removed_meanwhile_is_not_brought_back_by_an_older_page(board_one, directors):
    anna, bob = directors
    section = board_one
    anna_page = form_fields(anna.get(url(section)), "traveller-form")
    removed = TravellerLine.objects.get(board__section=section, board__number=1, ns_pair__number=3)
    bob.post(reverse("events:line_delete", args=[removed.pk]))
    anna.post(url(section), typed(anna_page, row_of(section, "2NS"), "2H", "8"))
    assert results(section) == {"1NS": ("3NT", 9), "2NS": ("2H", 8)}
    response = anna.post(url(section), typed(anna_page, row_of(section, "3NS"), "1NT", "7"))
    assert "Bob D removed this result after you opened the page." in response.content.decode()
    assert results(section) == {"1NS": ("3NT", 9), "2NS": ("2H", 8)}


def test_a_forged_drawn_field_is_a_refusal_not_an_error(board_one, director_client):
    section = board_one
    page = form_fields(director_client.get(url(section)), "traveller-form")
    row = row_of(section, "1NS")
    for forged in ("x", "99999999999999999999.1", "1.²", "", "new"):
        response = director_client.post(url(section), typed({**page, f"{row}-drawn": forged}, row, "4S", "10"))
        assert response.status_code == 200, forged
        assert results(section)["1NS"] == ("3NT", 9)


def test_two_directors_saving_one_board_from_pages_drawn_at_the_same_moment(database):
    """In threads, on SQLite (a file copy) and PostgreSQL: each changes its own line and both change one line.
    Nothing is lost; of the two changes of the shared line, the later writer is told and saves nothing."""
    _session, section = club_night()
    for ns in ("1NS", "2NS", "3NS"):
        enter(section, 1, ns, "3NT", "N", "9")
    anna, bob = logged_in_client(director("anna", "Anna")), logged_in_client(director("bob", "Bob"))
    pages = [form_fields(client.get(url(section)), "traveller-form") for client in (anna, bob)]
    shared = row_of(section, "3NS")
    posts = [
        typed(typed(pages[0], row_of(section, "1NS"), "4S", "10"), shared, "1NT", "7"),
        typed(typed(pages[1], row_of(section, "2NS"), "2H", "8"), shared, "6C", "12"),
    ]
    responses, errors = run_at_once(
        [lambda: anna.post(url(section), posts[0]), lambda: bob.post(url(section), posts[1])], database
    )
    assert errors == []
    assert sorted(response.status_code for response in responses) == [200, 302]
    winner = 0 if responses[0].status_code == 302 else 1
    told = responses[1 - winner].content.decode()
    assert "changed this result after you opened the page" in told
    expected = {
        0: {"1NS": ("4S", 10), "2NS": ("3NT", 9), "3NS": ("1NT", 7)},
        1: {"1NS": ("3NT", 9), "2NS": ("2H", 8), "3NS": ("6C", 12)},
    }[winner]
    assert results(section) == expected


def test_removing_a_line_changed_since_the_page_was_drawn_is_refused(board_one, directors):
    anna, bob = directors
    section = board_one
    line = TravellerLine.objects.get(board__section=section, board__number=1, ns_pair__number=1)
    bob_page = form_fields(bob.get(url(section)), "traveller-form")
    anna_delete = form_fields(anna.get(url(section)), f"delete-{line.pk}")
    bob.post(url(section), typed(bob_page, row_of(section, "1NS"), "4S", "10"))
    response = anna.post(reverse("events:line_delete", args=[line.pk]), anna_delete, follow=True)
    assert "This result was changed after you opened the page" in response.content.decode()
    assert results(section)["1NS"] == ("4S", 10)
    anna_delete = form_fields(anna.get(url(section)), f"delete-{line.pk}")
    anna.post(reverse("events:line_delete", args=[line.pk]), anna_delete)
    assert "1NS" not in results(section)
