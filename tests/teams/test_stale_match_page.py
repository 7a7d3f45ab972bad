"""A match's entry page drawn before another director's save never undoes it: each room's row carries the
result and version it was drawn from, checked under the match's lock (`teams.services.entry`)."""

from django.urls import reverse

from teams.models import BoardResult
from tests.builders.accounts import director, logged_in_client
from tests.builders.concurrency import run_at_once
from tests.builders.forms import form_fields
from tests.builders.teams import enter_match, make_event


def url(match):
    return reverse("teams:match_entry", args=[match.pk])


def typed(page, board, room, contract, declarer, tricks):
    prefix = f"b{board}r{room}"
    return {**page, f"{prefix}-contract": contract, f"{prefix}-declarer": declarer, f"{prefix}-tricks": tricks}


def rooms(match):
    return {(r.board, r.room): (r.contract, r.tricks) for r in BoardResult.objects.filter(match=match)}


def a_match():
    """A single match of two boards, board 1 entered in both rooms."""
    match = make_event(teams=2).matches.get()
    return enter_match(match, {1: (("4S", "N", "10"), ("4S", "N", "9"))})


def test_an_older_match_page_leaves_another_directors_change_alone(db):
    match = a_match()
    anna, bob = logged_in_client(director("anna", "Anna")), logged_in_client(director("bob", "Bob"))
    anna_page, bob_page = (form_fields(client.get(url(match)), "match-form") for client in (anna, bob))
    assert bob.post(url(match), typed(bob_page, 1, 1, "3NT", "S", "9")).status_code == 302
    response = anna.post(url(match), typed(anna_page, 2, 1, "2H", "E", "8"), follow=True)
    assert rooms(match) == {(1, 1): ("3NT", 9), (1, 2): ("4S", 9), (2, 1): ("2H", 8)}
    assert "1 result of this page was changed by another director after you opened it" in response.content.decode()


def test_the_same_room_changed_by_two_directors_the_later_is_told_and_saves_nothing(db):
    match = a_match()
    anna, bob = logged_in_client(director("anna", "Anna")), logged_in_client(director("bob", "Bob"))
    anna_page, bob_page = (form_fields(client.get(url(match)), "match-form") for client in (anna, bob))
    bob.post(url(match), typed(bob_page, 1, 1, "3NT", "S", "9"))
    response = anna.post(url(match), typed(typed(anna_page, 1, 1, "5C", "N", "11"), 2, 1, "2H", "E", "8"))
    page = response.content.decode()
    assert "Bob D changed this result after you opened the page: it now reads 3NT S 9." in page
    assert 'value="5C"' in page and 'value="2H"' in page
    assert rooms(match) == {(1, 1): ("3NT", 9), (1, 2): ("4S", 9)}
    assert anna.post(url(match), form_fields(response, "match-form")).status_code == 302
    assert rooms(match) == {(1, 1): ("5C", 11), (1, 2): ("4S", 9), (2, 1): ("2H", 8)}


def test_a_result_removed_meanwhile_is_not_brought_back(db):
    match = a_match()
    anna, bob = logged_in_client(director("anna", "Anna")), logged_in_client(director("bob", "Bob"))
    anna_page, bob_page = (form_fields(client.get(url(match)), "match-form") for client in (anna, bob))
    bob.post(url(match), typed(bob_page, 1, 2, "", "", ""))
    anna.post(url(match), typed(anna_page, 2, 1, "2H", "E", "8"))
    assert rooms(match) == {(1, 1): ("4S", 10), (2, 1): ("2H", 8)}
    response = anna.post(url(match), typed(anna_page, 1, 2, "1NT", "N", "7"))
    assert "Bob D removed this result after you opened the page." in response.content.decode()
    assert (1, 2) not in rooms(match)


def test_two_directors_saving_one_match_from_pages_drawn_at_the_same_moment(database):
    """In threads, on SQLite (a file copy) and PostgreSQL: nothing lost, the later writer told."""
    match = a_match()
    anna, bob = logged_in_client(director("anna", "Anna")), logged_in_client(director("bob", "Bob"))
    pages = [form_fields(client.get(url(match)), "match-form") for client in (anna, bob)]
    posts = [
        typed(typed(pages[0], 2, 1, "2H", "E", "8"), 1, 1, "1NT", "N", "7"),
        typed(typed(pages[1], 2, 2, "2S", "W", "8"), 1, 1, "6C", "N", "12"),
    ]
    responses, errors = run_at_once(
        [lambda: anna.post(url(match), posts[0]), lambda: bob.post(url(match), posts[1])], database
    )
    assert errors == []
    assert sorted(response.status_code for response in responses) == [200, 302]
    winner = 0 if responses[0].status_code == 302 else 1
    assert "changed this result after you opened the page" in responses[1 - winner].content.decode()
    expected = [
        {(1, 1): ("1NT", 7), (1, 2): ("4S", 9), (2, 1): ("2H", 8)},
        {(1, 1): ("6C", 12), (1, 2): ("4S", 9), (2, 2): ("2S", 8)},
    ][winner]
    assert rooms(match) == expected
