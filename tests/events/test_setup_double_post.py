"""The set-up page posted twice (a double click, a second tab) after a new section was filled, and two directors
adding a member with one number at once: a clear message on the form, never a 500 (issue 29)."""

from functools import partial

from django.urls import reverse

from club.models import Member
from events.models import Session
from events.setup.forms.setup import BaseSectionFormSet, MemberQuickForm
from tests.builders.accounts import director, logged_in_client
from tests.builders.concurrency import checked_together, run_at_once
from tests.builders.sessions import session_post


def _with_new_section_b(session: Session) -> dict:
    """The set-up page as drawn for a session of one section, its offered block B filled in."""
    section = session.sections.get()
    data = session_post()
    data.update(
        {
            "sections-TOTAL_FORMS": "2",
            "sections-INITIAL_FORMS": "1",
            "sections-0-id": str(section.pk),
            "sections-0-session": str(session.pk),
        }
    )
    data.update(
        {key.replace("sections-0-", "sections-1-"): value for key, value in session_post().items() if "-0-" in key}
    )
    data["sections-1-letter"] = "B"
    data["sections-1-session"] = str(session.pk)
    return data


def test_a_new_section_posted_twice_is_a_message_not_a_500(director_client):
    director_client.post(reverse("events:session_create"), session_post())
    session = Session.objects.get()
    data = _with_new_section_b(session)
    url = reverse("events:session_setup", args=[session.pk])
    assert director_client.post(url, data).status_code == 302
    again = director_client.post(url, data)
    assert again.status_code == 200
    assert "Section B already exists" in again.content.decode()
    assert sorted(session.sections.values_list("letter", flat=True)) == ["A", "B"]


def test_a_new_section_posted_from_two_tabs_at_once(database, monkeypatch):
    user = director("tabs", "Tabs")
    logged_in_client(user).post(reverse("events:session_create"), session_post())
    session = Session.objects.get()
    data = _with_new_section_b(session)
    url = reverse("events:session_setup", args=[session.pk])

    checked_together(monkeypatch, BaseSectionFormSet, "clean")

    def post():
        response = logged_in_client(user).post(url, data)
        return response.status_code, response.content.decode()

    results, errors = run_at_once([post, post], database)
    assert errors == [] and sorted(code for code, _page in results) == [200, 302], errors
    refused = next(page for code, page in results if code == 200)
    assert "saved a moment ago (a double click or a second tab)" in refused
    assert sorted(Session.objects.get().sections.values_list("letter", flat=True)) == ["A", "B"]


def test_two_directors_adding_one_member_number_at_once(database, monkeypatch):
    users = [director(name, name.title()) for name in ("first", "second")]
    checked_together(monkeypatch, MemberQuickForm, "validate_unique")

    def add(user, first_name):
        response = logged_in_client(user).post(
            reverse("events:member_quick_add"),
            {"member-first_name": first_name, "member-last_name": "Player", "member-number": "3001"},
        )
        return response.status_code, response.content.decode()

    results, errors = run_at_once([partial(add, users[0], "Ana"), partial(add, users[1], "Elena")], database)
    assert errors == [], errors
    assert sorted(code for code, _page in results) == [302, 400], results
    refused = next(page for code, page in results if code == 400)
    assert "already exists" in refused
    assert Member.objects.filter(number="3001").count() == 1
