"""Hostile input to every form field of every page (issue 16): unicode digits, NUL, 100,000 characters, markup,
huge and negative numbers. The pages and forms are found from the URL conf (`tests/builders/site_forms.py`), as a
director and as a visitor; no answer is a 500 and no markup comes back unescaped.

Every number field (a formset's form counts among them) is sent at each of its extremes on its own, the form's
other fields as the page drew them (so that the form's own checks run with it), and no answer may take more than
BOUND seconds (issue 29: a huge TOTAL_FORMS drew 1,000 forms, a huge number of boards computed a victory point
table before its limit was checked)."""

import hashlib
import time

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.clubs import create_club
from club.models import Member
from club.tenancy import ClubScopedManager, club_scope
from tests.builders.accounts import director, logged_in_client, made_club_admin
from tests.builders.sessions import club_night
from tests.builders.site_forms import build_world, forms_of, patterns, url_of
from tests.builders.teams import make_event

MARKUP = '<script>alert("fuzz")</script>'
HOSTILE = [
    MARKUP,
    "²",
    "①",
    "٣",
    "⁹",
    "12²",
    "\x00",
    "a\x00b",
    "x" * 100_000,
    "9" * 100_000,
    "-1",
    "0",
    "99999999999999999999",
    "1e308",
    "NaN",
    "",
    " ",
    "'\";--",
    "\u202e4S",
    "2026-02-31",
]
# Each of these in every field of every form; hypothesis mixes all of HOSTILE and arbitrary text besides.
CORE = [MARKUP, "²", "a\x00b", "x" * 100_000, "-1", "99999999999999999999", ""]
values = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=30))
EXTREMES = ["0", "-1", "2147483648", str(10**20), "1e9", "NaN"]
# What a database refuses by itself (a NUL in a text, a value too long for its column, a number too large for its
# integers): sent on both databases. The rest of CORE and EXTREMES finds faults in the site's code, the same on
# either, and is sent on SQLite only, like hypothesis' examples (CI runs this test on both: README, "What runs twice").
REFUSED_BY_A_DATABASE = ["a\x00b", "x" * 100_000, "99999999999999999999"]
TOO_LARGE = ["2147483648", str(10**20)]


def on_this_database(values: list[str], refused: list[str]) -> list[str]:
    return values if connection.vendor == "sqlite" else refused


BOUND = 2.0  # seconds of this thread's processor time (the test client runs the view in it) for any answer
NOT_PAGES = {"logout"}  # logging out would end the director's session for the forms after it


@pytest.fixture
def pages(db):
    """(the director's client and a visitor's, every page's URL). The director is a club admin too, so that the
    roster, merges and roles forms are fuzzed as well."""
    user = made_club_admin(director("fuzz", "Fuzz"))
    world = build_world(user)
    clients = {"director": logged_in_client(user), "visitor": Client()}
    urls, unmapped = [], []
    for name, arguments in patterns():
        url = url_of(name, arguments, world)
        if url is None:
            unmapped.append(name)
        elif name not in NOT_PAGES:
            urls.append(url)
    assert unmapped == [], "pages whose arguments build_world does not provide: add them there"
    return clients, urls


@pytest.fixture
def site(pages):
    """(the clients, every page's URL, every form found on them, as the director and as a visitor)."""
    clients, urls = pages
    forms = {}
    for who, client in clients.items():
        for url in urls:
            response = client.get(url)
            assert response.status_code < 500, url
            if response.get("Content-Type", "").startswith("text/html"):
                for form in forms_of(url, response.content.decode()):
                    forms.setdefault((who, form.action, form.method, form.fields, form.files), form)
    return clients, urls, forms


def send(client, form, data):
    if form.method == "get":
        return client.get(form.action, data)
    files = {
        name: SimpleUploadedFile("fuzz.csv", data.pop(name, "").encode("utf-8", "surrogatepass")) for name in form.files
    }
    return client.post(form.action, {**data, **files})


def timed(client, form, data):
    """The answer to `data`, made within BOUND seconds (processor time, which a busy machine does not inflate)."""
    start = time.thread_time()
    response = send(client, form, dict(data))
    spent = time.thread_time() - start
    assert spent < BOUND, (form.action, f"{spent:.1f} s", {k: v[:40] for k, v in data.items() if v != ""})
    return response


def check(response, form, data):
    assert response.status_code < 500, (form.action, {k: v[:40] for k, v in data.items()})
    if response.get("Content-Type", "").startswith("text/html"):
        assert MARKUP not in response.content.decode(errors="replace"), form.action


def fuzz_form(client, form, names) -> None:
    """Hypothesis fills the form's fields (a few examples: the whole site must stay within CI's time).

    On SQLite only: the random text finds faults in the site's code, which are the same on either database, and
    CI runs this test on both. What a database refuses by itself (a value too long for its column, a number too
    large for its integers, a NUL in a text) is sent on both by the fixed values REFUSED_BY_A_DATABASE and TOO_LARGE."""
    if connection.vendor != "sqlite":
        return

    @settings(max_examples=4, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(values, min_size=len(names), max_size=len(names)))
    def fuzz(chosen):
        data = dict(zip(names, chosen, strict=True))
        check(timed(client, form, data), form, data)

    fuzz()


def extremes(client, form) -> int:
    """Each number field at each of EXTREMES (those too large for a database's integers on PostgreSQL), the other
    fields as drawn; returns how many number fields there were."""
    drawn = form.as_drawn()
    for name in form.numbers:
        for value in on_this_database(EXTREMES, TOO_LARGE):
            data = {**drawn, name: value}
            check(timed(client, form, data), form, data)
    return len(form.numbers)


@pytest.mark.slow
def test_every_form_field_refuses_hostile_input(site):
    clients, _urls, forms = site
    assert len(forms) >= 30, sorted(forms)  # the pages draw their forms: a parser that finds none is broken
    numbers = 0
    for (who, *_key), form in sorted(forms.items(), key=lambda item: item[0][:3]):
        names = form.fields + form.files
        fuzz_form(clients[who], form, names)
        for value in on_this_database(CORE, REFUSED_BY_A_DATABASE):  # each in every field at once
            data = dict.fromkeys(names, value)
            check(timed(clients[who], form, data), form, data)
        numbers += extremes(clients[who], form)
    # The parser finds the number fields: the set-up page's section counts and movement, the teams event's boards
    assert numbers >= 20, numbers


@pytest.mark.slow
def test_page_arguments_too_large_for_the_database_are_not_found(pages):
    clients, urls = pages
    for url in urls:
        for huge in ("9223372036854775808", "99999999999999999999"):
            parts = [huge if part.isdigit() else part for part in url.split("/")]
            response = clients["director"].get("/".join(parts))
            assert response.status_code < 500, "/".join(parts)


# ---- Under many clubs (issue 31 item 2): club north's forms fuzzed at /c/north/, club south's records untouched ----


AT_A_CLUB = [MARKUP, "a\x00b", "x" * 100_000, "99999999999999999999"]  # CORE's costliest to a form, fewer requests


def club_owned_models() -> list:
    """Every club-owned model (roots and children): those whose default manager is narrowed to a club."""
    return [model for model in apps.get_models() if isinstance(model._default_manager, ClubScopedManager)]


def fingerprint(club) -> dict[str, tuple[int, str]]:
    """{model: (its rows at `club`, a hash of those rows' values in order)}: a cheap picture of a club's records."""
    with club_scope(club.pk):
        return {
            model._meta.label: (
                len(rows := list(model.objects.order_by("pk").values_list())),
                hashlib.sha256(repr(rows).encode()).hexdigest(),
            )
            for model in club_owned_models()
        }


def south_with_records(south) -> list[int]:
    """Club south's records (a member, a session with its section and pairs, a teams event with its teams and
    match); the ids of a few, posted into north's forms."""
    with club_scope(south.pk):
        member = Member.objects.create(number="77", first_name="Sam", last_name="South")
        session, _section = club_night(name="South night")
        event = make_event(2)
        return sorted({member.pk, session.pk, event.pk})


@pytest.mark.slow
def test_hostile_forms_at_one_club_leave_another_club_alone(db, settings):
    """Club north's director (a club admin too) posts hostile values into every form of every page at /c/north/:
    no answer is a 500, no markup comes back, and club south's records are as they were.

    Cheap by design (CI's time is at its limit; the single-club test above costs ~50 s of CPU, this one a fifth):
    the director only, four of CORE's fixed values in every field at once and south's ids in every number field;
    no hypothesis examples and no extremes (the single-club test sends those to the same forms, whose code is the
    same under many clubs: what many clubs add is the narrowing, which these requests exercise). Fixed values only,
    so that it runs on both databases; on PostgreSQL those a database refuses and south's ids (the markup's echo is
    our code's, the same on either)."""
    settings.CLUBS = "many"
    north, south = create_club(short_name="north", name="North"), create_club(short_name="south", name="South")
    south_ids = south_with_records(south)
    with club_scope(north.pk):
        user = made_club_admin(director("fuzz-north", "Fuzz"))
        world = build_world(user)
    before = fingerprint(south)
    assert sum(count for count, _hash in before.values()) > 20, before  # south holds records to lose
    staff = logged_in_client(user)
    forms = {}
    for name, arguments in patterns():
        if name not in NOT_PAGES and (url := url_of(name, arguments, world)) is not None:
            page = f"/c/north{url}"
            response = staff.get(page)
            assert response.status_code < 500, page
            if response.get("Content-Type", "").startswith("text/html"):
                for form in forms_of(page, response.content.decode()):
                    forms.setdefault((form.action, form.method, form.fields, form.files), form)
    assert len(forms) >= 30 and all(action.startswith("/c/north/") for action, *_ in forms), sorted(forms)
    for form in forms.values():
        names = form.fields + form.files
        for value in on_this_database(AT_A_CLUB, REFUSED_BY_A_DATABASE):  # the markup's echo: our code's, SQLite
            data = dict.fromkeys(names, value)
            check(timed(staff, form, data), form, data)
        for south_id in south_ids:  # another club's ids where north's were drawn
            data = {**form.as_drawn(), **dict.fromkeys(form.numbers, str(south_id))}
            check(timed(staff, form, data), form, data)
    assert fingerprint(south) == before
