"""Limits are checked before any work (issue 29): a huge number of boards is refused before the victory point table
is computed, a huge formset count draws no more forms than a session may have; each request within 2 seconds."""

import re
import time

import pytest
from django.urls import reverse

import scoring
from club.limits import MAX_SECTIONS
from events.models import Session
from teams.models import MAX_BOARDS, TeamEvent
from tests.builders.sessions import session_post

BOUND = 2.0  # seconds: no director request may hold a worker longer


def timed_post(client, url, data):
    """The response, made within BOUND seconds of this thread's processor time (the test client runs the view in
    this thread; the processor time does not count the waits of a machine busy with other work)."""
    start = time.thread_time()
    response = client.post(url, data)
    assert time.thread_time() - start < BOUND, url
    return response


@pytest.mark.parametrize("boards", ["2147483648", "65", "99999999999999999999", "32768"])
def test_a_huge_number_of_boards_is_refused_before_the_vp_table_is_computed(director_client, monkeypatch, boards):
    asked = []
    real = scoring.victory_points
    monkeypatch.setattr(
        scoring, "victory_points", lambda margin, count, scale: asked.append(count) or real(margin, 1, scale)
    )
    data = {
        "name": "Teams",
        "date": "2026-06-04",
        "format": "round-robin",
        "boards_per_match": boards,
        "scoring": "vp",
        "scale": "wbf",
    }
    response = timed_post(director_client, reverse("teams:event_create"), data)
    assert response.status_code == 200 and "boards_per_match" in response.context["form"].errors
    assert asked == [] and not TeamEvent.objects.exists()
    assert all(count <= MAX_BOARDS for count in asked)


@pytest.mark.parametrize("count", ["2147483648", "200", "27", "99999999999999999999", "-1"])
def test_a_huge_section_count_draws_no_more_forms_than_a_session_has_sections(director_client, count):
    data = session_post()
    data["sections-TOTAL_FORMS"] = count
    response = timed_post(director_client, reverse("events:session_create"), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert len(set(re.findall(r'name="sections-(\d+)-letter"', page))) <= MAX_SECTIONS + 1
    assert len(page) < 1_000_000
    assert not Session.objects.exists()
