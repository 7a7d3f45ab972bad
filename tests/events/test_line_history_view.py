"""The change history of a traveller line: who, when, before and after; deleted lines stay visible."""

import re

from django.urls import reverse
from django.utils import timezone

from events.entry.services.lines import delete_line
from events.models import TravellerLine
from tests.builders.sessions import enter_on_board


def history_url(line_id):
    return reverse("events:line_history", args=[line_id])


def rows(html):
    """(field, before, after) of every change table row."""
    found = re.findall(r'<tr><th scope="row"[^>]*>(.*?)</th><td>(.*?)</td><td>(.*?)</td></tr>', html)
    return [tuple(cell.strip() for cell in row) for row in found]


def test_anonymous_visitors_are_sent_to_log_in(anonymous_client, corrected):
    line, _other = corrected
    response = anonymous_client.get(history_url(line.pk))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_players_are_refused(player_client, corrected):
    line, _other = corrected
    assert player_client.get(history_url(line.pk)).status_code == 403


def test_unknown_line_is_not_found(director_client, db):
    assert director_client.get(history_url(424242)).status_code == 404


def test_history_shows_who_when_before_and_after(director_client, corrected):
    line, other = corrected
    response = director_client.get(history_url(line.pk))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<h1") == 1
    assert "Board 1: " in html
    created, changed = response.context["entries"]
    assert created.kind == "+" and created.user.username == "director"
    assert changed.kind == "~" and changed.user == other
    assert "Dee Director" in html and "Sam Scorer" in html
    when = timezone.localtime(line.history.first().history_date)
    assert when.strftime("%Y-%m-%dT%H:%M") in html  # machine-readable time of each change
    table = rows(html)
    assert ("Contract", "3NT", "4S") in table
    assert ("Declarer", "N", "S") in table
    assert ("Tricks", "9", "11") in table
    assert ("NS score", "+400", "+450") in table
    assert ("Contract", "—", "3NT") in table  # the creation shows what was entered
    assert "Deleted lines of this board" in html


def test_marking_checked_shows_in_the_history(director_client, corrected):
    line, _other = corrected
    session = line.board.section.session
    director_client.post(reverse("events:session_fix", args=[session.pk]), {"action": "mark_checked", "line": line.pk})
    html = director_client.get(history_url(line.pk)).content.decode()
    assert ("Checked by the director", "no", "yes") in rows(html)


def test_a_deleted_line_keeps_its_history(director_client, director_user, corrected, board_one):
    line, _other = corrected
    board, pairs, slots = board_one
    kept = enter_on_board(board, pairs, slots[1], "2H", "E", "8", director_user)
    delete_line(line=TravellerLine.objects.get(pk=line.pk), user=director_user)
    assert not TravellerLine.objects.filter(pk=line.pk).exists()

    response = director_client.get(history_url(line.pk))
    assert response.status_code == 200
    html = response.content.decode()
    assert "This line has been deleted; its history is kept." in html
    assert [entry.kind for entry in response.context["entries"]] == ["+", "~", "-"]
    deleted = response.context["entries"][-1]
    assert deleted.user == director_user
    assert ("Contract", "4S", "—") in rows(html)

    # the board's remaining line lists the deleted one, with a link to its history
    response = director_client.get(history_url(kept.pk))
    html = response.content.decode()
    assert [item["record"].id for item in response.context["deleted"]] == [line.pk]
    assert history_url(line.pk) in html
    assert f"{slots[0].ns} v {slots[0].ew}" in html
    assert "Dee Director" in html


def test_history_links_back_to_the_board(director_client, corrected):
    line, _other = corrected
    section = line.board.section
    html = director_client.get(history_url(line.pk)).content.decode()
    assert reverse("events:traveller_entry", args=[section.session_id, section.pk, 1]) in html
    assert reverse("events:session_checks", args=[section.session_id]) in html


def test_history_page_queries_are_bounded(director_client, django_assert_max_num_queries, corrected, board_one):
    line, other = corrected
    board, pairs, slots = board_one
    for contract in ("1NT", "2NT", "3NT", "4NT", "5NT", "6NT"):
        enter_on_board(board, pairs, slots[0], contract, "N", "7", other, line=TravellerLine.objects.get(pk=line.pk))
    with django_assert_max_num_queries(12):
        response = director_client.get(history_url(line.pk))
    assert len(response.context["entries"]) == 8
